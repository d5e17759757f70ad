/**
 * The Parenting Partner address (spec §5) and its confirmation. Cubby mails
 * the partner only after they open the link sent to that address, so a
 * parent cannot make Cubby send previews to someone who never asked for them.
 */
import { and, eq } from "drizzle-orm";
import { randomToken, sha256Hex } from "./auth/crypto";
import type { Db } from "./db/client";
import { users } from "./db/schema";
import { config } from "./env";
import { takeMailSend } from "./integrations/mail/daily-allowance";
import { chooseMail } from "./integrations/mail/choose";
import { escapeHtml } from "./integrations/mail/weekly-preview";
import { invitePartner, withdrawInvitesTo } from "./family/family";
import { familyIsPremium } from "./family/premium";

/** `joinLink`: a Premium family also invited the partner in (ADR 026). */
export function partnerConfirmationMail(parentName: string, link: string, joinLink?: string) {
  const subject = `${parentName} wants to share their Cubby week with you`;
  const join = joinLink
    ? {
        text: `To share the family's feed, kids and messages in Cubby itself, sign in with this address: ${joinLink}\n\n`,
        html: `<p><a href="${escapeHtml(joinLink)}">Sign in with this address to share the family's feed</a></p>`,
      }
    : { text: "", html: "" };
  const text =
    `${parentName} added this address as their Parenting Partner on Cubby.\n\n` +
    `To get their weekly preview every Sunday, confirm it: ${link}\n\n` +
    join.text +
    "If you do not know them, ignore this mail: nothing more will be sent.\n";
  const html =
    `<p>${escapeHtml(parentName)} added this address as their Parenting Partner on Cubby.</p>` +
    `<p><a href="${escapeHtml(link)}">Confirm and get their weekly preview</a></p>` +
    join.html +
    "<p>If you do not know them, ignore this mail: nothing more will be sent.</p>";
  return { subject, text, html };
}

/**
 * Saves (or clears) the partner address. A new address starts unconfirmed
 * and is mailed a confirmation link, if today's mail allowance has room.
 */
export async function savePartner(db: Db, env: Env, userId: string, partnerEmail: string | null): Promise<string | null> {
  const normalised = partnerEmail?.trim().toLowerCase() || null;
  const user = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) return null;
  if (normalised === user.partnerEmail) return normalised;
  const token = normalised ? randomToken() : null;
  const tokenHash = token && (await sha256Hex(token));
  await db
    .update(users)
    .set({ partnerEmail: normalised, partnerConfirmedAt: null, partnerConfirmToken: tokenHash })
    .where(eq(users.id, userId));
  // A Premium family also invites the partner in (ADR 026), in the same mail; an invitation to
  // the address this one replaces is withdrawn.
  if (user.partnerEmail) await withdrawInvitesTo(db, userId, user.partnerEmail);
  const invited = normalised && (await familyIsPremium(db, userId)) && (await invitePartner(db, env, userId, normalised, { mail: false })).ok;
  const sender = chooseMail(env, db);
  if (!normalised || !token || !sender || !(await takeMailSend(db, userId))) return normalised;
  const link = new URL("/api/partner/confirm", config(env).APP_URL);
  link.search = new URLSearchParams({ parent: userId, token }).toString();
  const joinLink = invited ? new URL("/profile", config(env).APP_URL).toString() : undefined;
  const mail = partnerConfirmationMail(user.displayName || user.email, link.toString(), joinLink);
  // One confirmation per token: the key names its hash, never the token itself.
  const idempotencyKey = `partner-confirmation/${userId}/${tokenHash!.slice(0, 16)}`;
  await sender.send({ userId, to: normalised, kind: "partner-confirmation", ...mail, idempotencyKey });
  return normalised;
}

/** The partner's click: true when the token is the one last mailed for this parent. */
export async function confirmPartner(db: Db, userId: string, token: string): Promise<boolean> {
  const confirmed = await db
    .update(users)
    .set({ partnerConfirmedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.partnerConfirmToken, await sha256Hex(token))))
    .returning({ id: users.id });
  return confirmed.length > 0;
}
