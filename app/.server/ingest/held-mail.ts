/**
 * "From someone new" (ADR 016): mail to a parent's Cubby address from a
 * sender who is not the parent, their confirmed partner or someone they
 * follow. It is stored but not read, not counted toward the Basic limit and
 * not shown in the feed until the parent accepts it; the list stays short so
 * a stranger cannot fill it.
 */
import { and, desc, eq, lt, notInArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { familyShards } from "../family/data";
import type { FamilyRef } from "../family/membership";
import { messages, senderAddresses } from "../db/schema";
import { addToWatchlist } from "../watchlist";
import { forgetMail } from "./mail-store";
import { readOrPark } from "./monthly-reads";
import { forwardingMailbox } from "./sender-trust";

/** The newest held messages kept per parent; older ones are discarded as new ones arrive. */
export const MAX_HELD_MESSAGES = 20;
/** Held mail nobody looked at is discarded after this long. */
export const HELD_MAIL_DAYS = 30;

export interface HeldMessage {
  _id: string;
  senderInfo: { sender: string; address: string };
  subject: string;
  creationDate: string;
}

const isHeld = (userId: string, messageId: string) =>
  and(eq(messages.id, messageId), eq(messages.userId, userId), eq(messages.status, "held"));

export async function listHeldMail(db: Db, userId: string): Promise<HeldMessage[]> {
  const rows = await db
    .select({
      id: messages.id,
      senderName: messages.senderName,
      senderAddress: messages.senderAddress,
      subject: messages.subject,
      sentAt: messages.sentAt,
      receivedAt: messages.receivedAt,
    })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.status, "held")))
    .orderBy(desc(messages.receivedAt))
    .limit(MAX_HELD_MESSAGES);
  return rows.map((row) => ({
    _id: row.id,
    senderInfo: { sender: row.senderName, address: row.senderAddress },
    subject: row.subject,
    creationDate: (row.sentAt ?? row.receivedAt).toISOString(),
  }));
}

export async function keepHeldListShort(db: Db, store: R2Bucket, userId: string): Promise<void> {
  const kept = await listHeldMail(db, userId);
  if (kept.length < MAX_HELD_MESSAGES) return;
  const removed = await db
    .delete(messages)
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.status, "held"),
        notInArray(
          messages.id,
          kept.map((m) => m._id),
        ),
      ),
    )
    .returning({ id: messages.id });
  await forgetMail(store, removed.map((m) => m.id));
}

/**
 * The parent accepts a held message: it is read like any other mail (and
 * counts toward Basic's month from now); with `follow`, its sender goes
 * straight in from now on. False when there is no such held message.
 */
export async function acceptHeldMail(
  db: Db,
  env: Env,
  family: FamilyRef,
  messageId: string,
  follow: boolean,
): Promise<{ queued: boolean; ownAddress: string | null } | null> {
  const userId = family.key;
  const message = await db.query.messages.findFirst({
    where: isHeld(userId, messageId),
    columns: { id: true, senderAddress: true, senderName: true, envelopeFrom: true, subject: true },
  });
  if (!message) return null;
  // Leaving "held" first means a second tap cannot read it twice.
  const moved = await db
    .update(messages)
    .set({ status: "pending" })
    .where(isHeld(userId, messageId))
    .returning({ id: messages.id });
  if (!moved.length) return null;
  if (message.senderAddress) {
    await db
      .insert(senderAddresses)
      .values({ userId, address: message.senderAddress, senderName: message.senderName })
      .onConflictDoUpdate({
        target: [senderAddresses.userId, senderAddresses.address],
        set: { senderName: message.senderName, lastSeenAt: new Date() },
      });
    if (follow) await addToWatchlist(db, userId, message.senderAddress);
  }
  // A forward from what may be another of the parent's own mailboxes: the app asks whether it is theirs
  // (not when they chose to follow the sender, which answers it).
  const ownAddress = follow ? null : forwardingMailbox(message);
  return { queued: await readOrPark(env, family, message.id), ownAddress };
}

export async function discardHeldMail(db: Db, store: R2Bucket, userId: string, messageId: string): Promise<boolean> {
  const removed = await db.delete(messages).where(isHeld(userId, messageId)).returning({ id: messages.id });
  await forgetMail(store, removed.map((m) => m.id));
  return removed.length > 0;
}

/** Cron housekeeping: held mail older than HELD_MAIL_DAYS goes. */
export async function purgeStaleHeldMail(env: Env, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - HELD_MAIL_DAYS * 24 * 60 * 60 * 1000);
  for (const { db: shard } of familyShards(env)) {
    const removed = await shard
      .delete(messages)
      .where(and(eq(messages.status, "held"), lt(messages.receivedAt, cutoff)))
      .returning({ id: messages.id });
    await forgetMail(env.MAIL_STORE, removed.map((m) => m.id));
  }
}
