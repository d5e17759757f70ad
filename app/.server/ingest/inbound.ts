/**
 * Mail arriving at a parent's forwarding address: who it is for, whether we
 * have it already, storing what could be read, and queueing it for extraction
 * (within the parent's tier). No extraction happens here: the e-mail handler
 * must stay fast.
 */
import { and, eq } from "drizzle-orm";
import { sha256Hex } from "../auth/crypto";
import type { Db } from "../db/client";
import { newId } from "../db/new-id";
import { attachments, forwardingAddresses, messages, senderAddresses } from "../db/schema";
import { readEml } from "../extract/read/eml";
import type { SourceDocument } from "../extract/types";
import { withinLimit } from "../rate-limit";
import { gmailForwardingConfirmation } from "./gmail-confirmation";
import { MAX_EMAIL_BYTES } from "./limits";
import { readOrPark } from "./monthly-reads";
import { keepHeldListShort } from "./held-mail";
import { forgetMail, keepRawMail } from "./mail-store";
import { isTrustedSender } from "./sender-trust";
import { familyDb } from "../family/data";
import { membershipOf } from "../family/membership";

export interface InboundMail {
  /** The envelope sender (SMTP MAIL FROM). */
  from: string;
  to: string;
  rawSize: number;
  raw: ReadableStream<Uint8Array> | Uint8Array;
  /** The Message-ID header, when the envelope already parsed it. */
  messageIdHeader?: string | null;
}

export type InboundOutcome =
  | { outcome: "rejected"; reason: string }
  | { outcome: "duplicate"; messageId: string }
  | { outcome: "confirmation" }
  | { outcome: "held"; messageId: string }
  | { outcome: "stored"; messageId: string; queued: boolean };

/** D1 rows top out at 2 MB; keep each stored attachment's text comfortably below. */
const MAX_STORED_CHARS = 700_000;

function clip(value: string | null): string | null {
  return value && value.length > MAX_STORED_CHARS ? value.slice(0, MAX_STORED_CHARS) : value;
}

async function readAll(raw: InboundMail["raw"], limit: number): Promise<Uint8Array | null> {
  if (raw instanceof Uint8Array) return raw.byteLength > limit ? null : raw;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The topmost (ARC-)Authentication-Results header: Email Routing prepends its
 * own verdicts, so the first one is the receiving server's, not the sender's.
 */
function authenticationResults(bytes: Uint8Array): string | null {
  const head = new TextDecoder().decode(bytes.subarray(0, 64 * 1024)).split(/\r?\n\r?\n/, 1)[0] ?? "";
  const match = /^(?:ARC-)?Authentication-Results:[ \t]*(.*(?:\r?\n[ \t].*)*)/im.exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, " ") : null;
}

/** Said to the sender of a flood: nothing about why, or whose address it is. */
const BUSY = "This address is not taking mail right now. Please try again later.";

const TOO_LARGE = `Message is larger than Cubby accepts (${MAX_EMAIL_BYTES / 1024 / 1024} MB).`;
/**
 * One answer for every address Cubby will not take mail for (never claimed,
 * given up, or deleted), so a bounce cannot tell anyone which usernames exist.
 */
export const NOT_DELIVERED = "This address does not accept mail.";

/**
 * Size and readability are judged before the address is looked up, so the
 * reasons a sender can see are the same whether or not the inbox exists.
 */
export async function acceptInboundEmail(db: Db, env: Env, mail: InboundMail): Promise<InboundOutcome> {
  // Before anything is read or stored: a flood to one address costs neither D1
  // nor the queue. Any address counts, held or not, so the answer reveals nothing.
  if (!(await withinLimit(env, "INBOUND_LIMITER", mail.to.trim().toLowerCase()))) {
    return { outcome: "rejected", reason: BUSY };
  }
  if (mail.rawSize > MAX_EMAIL_BYTES) return { outcome: "rejected", reason: TOO_LARGE };
  const bytes = await readAll(mail.raw, MAX_EMAIL_BYTES);
  if (!bytes) return { outcome: "rejected", reason: TOO_LARGE };
  let document: SourceDocument;
  try {
    // PDFs are read later in the queue, within page and time limits (pdf-attachments.ts).
    document = await readEml(bytes, { pdfs: "keep" });
  } catch (error) {
    console.warn("Unreadable inbound mail", String(error));
    return { outcome: "rejected", reason: "Cubby could not read this message." };
  }

  const recipient = mail.to.trim().toLowerCase();
  const inbox = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.address, recipient),
  });
  if (!inbox) return { outcome: "rejected", reason: NOT_DELIVERED };

  // Mail to any parent's address is the family's (ADR 026): stored under its key.
  const home = await membershipOf(db, inbox.userId);
  const userId = home.key;
  const family = familyDb(env, home);
  const envelope = {
    from: mail.from,
    headerFrom: document.from?.address ?? null,
    authenticationResults: authenticationResults(bytes),
  };
  const confirmation = gmailForwardingConfirmation(envelope, document.subject, document.text);
  if (confirmation) {
    await db
      .update(forwardingAddresses)
      .set({ active: true, confirmationCode: confirmation.code, confirmationUrl: confirmation.url })
      .where(eq(forwardingAddresses.id, inbox.id));
    return { outcome: "confirmation" };
  }

  const messageKey = mail.messageIdHeader?.trim() || `sha256:${await sha256Hex(new TextDecoder().decode(bytes))}`;
  if (!(await isTrustedSender(db, family, userId, envelope))) {
    const held = await storeMessage(family, env.MAIL_STORE, { userId, messageKey, document, raw: bytes, via: "forward", status: "held", envelopeFrom: envelope.from });
    if (!held.duplicate) await keepHeldListShort(family, env.MAIL_STORE, userId);
    return held.duplicate ? { outcome: "duplicate", messageId: held.id } : { outcome: "held", messageId: held.id };
  }

  // The first mail the parent's own forwarding brings proves it works (spec §4 "Forwarding address").
  if (!inbox.active) {
    await db.update(forwardingAddresses).set({ active: true }).where(eq(forwardingAddresses.id, inbox.id));
  }
  const stored = await storeMessage(family, env.MAIL_STORE, { userId, messageKey, document, raw: bytes, via: "forward", envelopeFrom: envelope.from });
  if (stored.duplicate) return { outcome: "duplicate", messageId: stored.id };
  const queued = await readOrPark(env, home, stored.id);
  return { outcome: "stored", messageId: stored.id, queued };
}

export interface ArrivedMail {
  /** The family's key. */
  userId: string;
  messageKey: string;
  document: SourceDocument;
  /** The message as it arrived (RFC 822), kept in R2. */
  raw: Uint8Array;
  via: "forward" | "gmail";
  status?: "pending" | "held";
  /** SMTP MAIL FROM, for forwarded mail. */
  envelopeFrom?: string | null;
}

/**
 * Stores a message once per Message-ID per family: the raw mail in R2 (its HTML, text and
 * attachments are read from there), its sender, subject, dates and attachments' text in D1.
 */
export async function storeMessage(
  db: Db,
  store: R2Bucket,
  { userId, messageKey, document, raw, via, status = "pending", envelopeFrom = null }: ArrivedMail,
): Promise<{ id: string; duplicate: boolean }> {
  const existing = await db.query.messages.findFirst({
    where: and(eq(messages.userId, userId), eq(messages.messageKey, messageKey)),
    columns: { id: true },
  });
  if (existing) return { id: existing.id, duplicate: true };

  const id = newId();
  const sender = document.from ?? { name: "", address: "" };
  // The object first: a row whose mail is missing would open as an empty card.
  await keepRawMail(store, id, raw);
  try {
    await db.batch([
      db.insert(messages).values({
        id,
        userId,
        messageKey,
        senderName: sender.name,
        senderAddress: sender.address.toLowerCase(),
        subject: document.subject,
        sentAt: document.sentAt,
        // The body, HTML and text, is read from the object (ADR 035): D1 keeps what lists read.
        text: null,
        html: null,
        via,
        envelopeFrom: envelopeFrom?.trim().toLowerCase() || null,
        status,
      }),
      // In the mail's order: the queue job finds each PDF's bytes by its place among them (pdf-attachments.ts).
      ...document.attachments.map((a) =>
        db.insert(attachments).values({
          id: newId(),
          userId,
          messageId: id,
          filename: a.filename,
          contentType: a.contentType,
          text: clip(a.text) ?? "",
        }),
      ),
      // Someone new is not suggested for following until the parent accepts their mail.
      ...(sender.address && status !== "held"
        ? [
            db
              .insert(senderAddresses)
              .values({ userId, address: sender.address.toLowerCase(), senderName: sender.name })
              .onConflictDoUpdate({
                target: [senderAddresses.userId, senderAddresses.address],
                set: { senderName: sender.name, lastSeenAt: new Date() },
              }),
          ]
        : []),
    ]);
  } catch (error) {
    await forgetMail(store, [id]);
    // The same mail delivered twice at once: the unique index lets one through.
    if (!String(error).includes("UNIQUE")) throw error;
    const winner = await db.query.messages.findFirst({
      where: and(eq(messages.userId, userId), eq(messages.messageKey, messageKey)),
      columns: { id: true },
    });
    return { id: winner!.id, duplicate: true };
  }
  return { id, duplicate: false };
}
