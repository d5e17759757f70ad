/**
 * Mail arriving at a parent's forwarding address: who it is for, whether we
 * have it already, storing what could be read, and queueing it for extraction
 * (within the parent's tier). No extraction happens here: the e-mail handler
 * must stay fast.
 */
import { and, count, eq, gte, inArray } from "drizzle-orm";
import { isPremium } from "~/lib/subscription";
import { wallClock, zonedInstant } from "~/lib/time-zone";
import { sha256Hex } from "../auth/crypto";
import type { Db } from "../db/client";
import { attachments, forwardingAddresses, messages, senderAddresses, users } from "../db/schema";
import { readEml } from "../extract/read/eml";
import type { SourceDocument } from "../extract/types";
import { withinLimit } from "../rate-limit";
import { gmailForwardingConfirmation } from "./gmail-confirmation";
import { BASIC_EMAILS_PER_MONTH, BASIC_LIMIT_NOTE, MAX_EMAIL_BYTES } from "./limits";
import { queueSources } from "./queue-sources";

export interface InboundMail {
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
  | { outcome: "stored"; messageId: string; queued: boolean };

/** D1 rows top out at 2 MB; keep each stored body comfortably below. */
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

/** Said to the sender of a flood: nothing about why, or whose address it is. */
const BUSY = "This address is not taking mail right now. Please try again later.";

const TOO_LARGE = `Message is larger than Cubby accepts (${MAX_EMAIL_BYTES / 1024 / 1024} MB).`;

export async function acceptInboundEmail(db: Db, env: Env, mail: InboundMail): Promise<InboundOutcome> {
  const recipient = mail.to.trim().toLowerCase();
  const inbox = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.address, recipient),
  });
  if (!inbox) return { outcome: "rejected", reason: `No Cubby inbox at ${recipient}.` };
  // Before anything is read or stored: a flood to one address costs neither D1 nor the queue.
  if (!(await withinLimit(env, "INBOUND_LIMITER", recipient))) return { outcome: "rejected", reason: BUSY };
  if (mail.rawSize > MAX_EMAIL_BYTES) return { outcome: "rejected", reason: TOO_LARGE };

  const bytes = await readAll(mail.raw, MAX_EMAIL_BYTES);
  if (!bytes) return { outcome: "rejected", reason: TOO_LARGE };
  let document: SourceDocument;
  try {
    document = await readEml(bytes);
  } catch (error) {
    console.warn("Unreadable inbound mail", recipient, String(error));
    return { outcome: "rejected", reason: "Cubby could not read this message." };
  }

  const userId = inbox.userId;
  // The first mail of any kind proves forwarding works (spec §4 "Forwarding address").
  if (!inbox.active) {
    await db.update(forwardingAddresses).set({ active: true }).where(eq(forwardingAddresses.id, inbox.id));
  }

  const confirmation = gmailForwardingConfirmation(document.from?.address ?? "", document.subject, document.text);
  if (confirmation) {
    await db
      .update(forwardingAddresses)
      .set({ confirmationCode: confirmation.code, confirmationUrl: confirmation.url })
      .where(eq(forwardingAddresses.id, inbox.id));
    return { outcome: "confirmation" };
  }

  const messageKey = mail.messageIdHeader?.trim() || `sha256:${await sha256Hex(new TextDecoder().decode(bytes))}`;
  const stored = await storeMessage(db, userId, messageKey, document, "forward");
  if (stored.duplicate) return { outcome: "duplicate", messageId: stored.id };

  const queued = await withinTier(db, userId);
  if (queued) {
    await queueSources(env, userId, [{ kind: "message", userId, messageId: stored.id }]);
  } else {
    await db
      .update(messages)
      .set({ status: "limited", statusDetail: BASIC_LIMIT_NOTE })
      .where(eq(messages.id, stored.id));
  }
  return { outcome: "stored", messageId: stored.id, queued };
}

/** Stores a message and its attachments' text, once per Message-ID per parent. */
export async function storeMessage(
  db: Db,
  userId: string,
  messageKey: string,
  document: SourceDocument,
  via: "forward" | "gmail",
): Promise<{ id: string; duplicate: boolean }> {
  const existing = await db.query.messages.findFirst({
    where: and(eq(messages.userId, userId), eq(messages.messageKey, messageKey)),
    columns: { id: true },
  });
  if (existing) return { id: existing.id, duplicate: true };

  const id = crypto.randomUUID();
  const sender = document.from ?? { name: "", address: "" };
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
        text: clip(document.text),
        html: clip(document.html),
        via,
      }),
      ...document.attachments.map((a) =>
        db.insert(attachments).values({
          userId,
          messageId: id,
          filename: a.filename,
          contentType: a.contentType,
          text: clip(a.text) ?? "",
        }),
      ),
      ...(sender.address
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

/** Basic parents get 5 e-mails read per calendar month in their zone; Premium, all. */
export async function withinTier(db: Db, userId: string): Promise<boolean> {
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { subscriptionStatus: true, timezone: true },
  });
  if (isPremium(user?.subscriptionStatus)) return true;
  const timeZone = user?.timezone ?? "UTC";
  const monthStart = zonedInstant(`${wallClock(new Date(), timeZone).slice(0, 7)}-01T00:00`, timeZone);
  const [row] = await db
    .select({ read: count() })
    .from(messages)
    .where(
      and(
        eq(messages.userId, userId),
        gte(messages.receivedAt, monthStart),
        inArray(messages.status, ["pending", "extracted", "failed"]),
      ),
    );
  // This message is already stored (pending), so it is counted too.
  return (row?.read ?? 0) <= BASIC_EMAILS_PER_MONTH;
}
