/**
 * Whose mail goes straight into a parent's feed. A forwarding address is
 * easy to learn (it is a username at a public domain), so mail is read at once
 * only when the parent, their confirmed partner or a sender they follow sent
 * it; anything else waits under "From someone new" on the profile (ADR 016).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { users, watchlist } from "../db/schema";
import { isFollowed } from "../tagging/followed";
import { familyAddresses, familyOwnAddresses } from "../family/membership";

export interface Envelope {
  /** SMTP MAIL FROM, as Email Routing reports it. Gmail's auto-forwarding puts the parent here. */
  from: string;
  /** The From header's address. */
  headerFrom: string | null;
  /** The receiving server's Authentication-Results header (the topmost one), if any. */
  authenticationResults: string | null;
}

const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/**
 * One spelling per mailbox: lowercase, no `+tag` (Gmail forwards as
 * `parent+caf_=…@gmail.com`), and for Gmail no dots, which Gmail ignores.
 */
export function mailbox(address: string): string {
  const at = address.trim().toLowerCase().lastIndexOf("@");
  if (at < 1) return address.trim().toLowerCase();
  const domain = address.trim().toLowerCase().slice(at + 1).replace(/\.$/, "");
  let local = address.trim().toLowerCase().slice(0, at).split("+")[0]!;
  if (GMAIL_DOMAINS.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${GMAIL_DOMAINS.has(domain) ? "gmail.com" : domain}`;
}

/** `spf=fail`, `dkim=fail`, `dmarc=fail` … as the receiving server judged them. */
export function authenticationVerdicts(header: string | null): Map<string, string> {
  const verdicts = new Map<string, string>();
  for (const match of (header ?? "").matchAll(/\b(spf|dkim|dmarc)=([a-z]+)/gi)) {
    const method = match[1]!.toLowerCase();
    // The first verdict of a method is the one about the message's own domain.
    if (!verdicts.has(method)) verdicts.set(method, match[2]!.toLowerCase());
  }
  return verdicts;
}

/** The receiving server found the sender's domain forged. */
function forged(envelope: Envelope): boolean {
  const verdicts = authenticationVerdicts(envelope.authenticationResults);
  return verdicts.get("dmarc") === "fail" || verdicts.get("spf") === "fail";
}

/** `userId` is the family's key: every parent of the family, and its followed senders, are trusted (ADR 026). */
export async function isTrustedSender(db: Db, familyRows: Db, userId: string, envelope: Envelope): Promise<boolean> {
  if (forged(envelope)) return false;
  const [user, parents, others, followed] = await Promise.all([
    db.query.users.findFirst({
      where: eq(users.id, userId),
      columns: { email: true, partnerEmail: true, partnerConfirmedAt: true },
    }),
    familyAddresses(db, userId),
    familyOwnAddresses(db, userId),
    familyRows.select({ address: watchlist.address }).from(watchlist).where(eq(watchlist.userId, userId)),
  ]);
  if (!user) return false;
  // The family's own addresses are matched on the envelope: that is where
  // a parent's forward (by hand or by a Gmail filter) carries their address.
  const family = [user.email, ...parents, ...others, user.partnerConfirmedAt ? user.partnerEmail : null]
    .filter((a): a is string => !!a)
    .map(mailbox);
  if (family.includes(mailbox(envelope.from))) return true;
  // A school or club mailing the Cubby address directly sends from its own
  // bounce address; its From header names it.
  const senders = [envelope.from, envelope.headerFrom].filter((a): a is string => !!a);
  const followedAddresses = followed.map((row) => row.address);
  return senders.some((address) => isFollowed(address, followedAddresses));
}

/** Where people keep their own mail: a forward from one of these is likely the parent's own. */
const PERSONAL_DOMAINS =
  /^(gmail\.com|googlemail\.com|(outlook|hotmail|live|msn)\.[a-z.]+|(yahoo|ymail|rocketmail)\.[a-z.]+|icloud\.com|me\.com|mac\.com|aol\.com|proton(mail)?\.(me|com)|pm\.me|gmx\.[a-z.]+|fastmail\.(com|fm)|hey\.com|zoho\.com|yandex\.[a-z.]+|mail\.com)$/;

/** "Fwd:", "FW:", "TR:" (French), "WG:" (German), "RV:" (Spanish): a subject a forward by hand starts with. */
const FORWARDED_SUBJECT = /^\s*(fwd?|tr|wg|rv)\s*:/i;

/**
 * Whether held mail's envelope sender looks like a person's own mailbox, worth asking the
 * parent "is this yours?" about (issue 31): a consumer mailbox, or a forward by hand (From is
 * the forwarder too, and the subject says Fwd:). A school's list server or a newsletter tool
 * sends from a bounce address at its own domain, and is not asked about.
 */
export function isPersonalAddress(envelopeFrom: string, mail: { headerFrom: string | null; subject: string }): boolean {
  const sender = mailbox(envelopeFrom);
  if (!sender.includes("@")) return false;
  if (mail.headerFrom && mailbox(mail.headerFrom) === sender && FORWARDED_SUBJECT.test(mail.subject)) return true;
  return PERSONAL_DOMAINS.test(sender.slice(sender.lastIndexOf("@") + 1));
}

/**
 * The mailbox a stored message was forwarded from, when that may be the parent's own (the
 * question asked on accepting it, and the only address the answer may keep); else null.
 */
export function forwardingMailbox(message: { envelopeFrom: string | null; senderAddress: string; subject: string }): string | null {
  if (!message.envelopeFrom) return null;
  return isPersonalAddress(message.envelopeFrom, { headerFrom: message.senderAddress, subject: message.subject }) ? mailbox(message.envelopeFrom) : null;
}
