/**
 * Mail as it arrived lives in R2, not D1 (issue 32, ADR 035): one object per
 * message, its raw RFC 822 bytes with every attachment inside, keyed by the
 * message's id. D1 keeps what lists read: sender, subject, dates, status and
 * each attachment's text; the card and the queue job read the body from here.
 *
 * The key names no family: a family's rows can move to another key (ADR 026)
 * and the object stays where it is. The id is random and every read starts
 * from a D1 row scoped to the signed-in family, so no one reaches another
 * family's mail through it.
 */
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { messages } from "../db/schema";
import { readEml } from "../extract/read/eml";
import type { SourceDocument } from "../extract/types";

/** R2 deletes at most this many keys per call. */
const DELETE_BATCH = 1000;
/** D1 binds at most 100 parameters a statement. */
const ID_BATCH = 100;

export function rawMailKey(messageId: string): string {
  return `mail/${messageId}.eml`;
}

export async function keepRawMail(store: R2Bucket, messageId: string, raw: Uint8Array): Promise<void> {
  await store.put(rawMailKey(messageId), raw, { httpMetadata: { contentType: "message/rfc822" } });
}

/** The message as it arrived, or null for mail stored before bodies moved to R2. */
export async function rawMail(store: R2Bucket, messageId: string): Promise<Uint8Array | null> {
  const object = await store.get(rawMailKey(messageId));
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** The stored message read again, PDFs as bytes (the queue job reads them within its limits). */
export async function storedMail(store: R2Bucket, messageId: string): Promise<SourceDocument | null> {
  const raw = await rawMail(store, messageId);
  return raw ? readEml(raw, { pdfs: "keep" }) : null;
}

/** Removes the messages' objects; a key with no object is no error. */
export async function forgetMail(store: R2Bucket, messageIds: readonly string[]): Promise<void> {
  for (let i = 0; i < messageIds.length; i += DELETE_BATCH) {
    await store.delete(messageIds.slice(i, i + DELETE_BATCH).map(rawMailKey));
  }
}

/**
 * Runs a change to a family's rows (Delete Data, an invitation's "bring", Delete Account)
 * and then removes the objects of every message of `key` the change deleted, by cascade or
 * as a duplicate, whatever statement did it. Rows that moved to another key keep their mail.
 */
export async function forgettingDeletedMail<T>(db: Db, store: R2Bucket, key: string, change: () => Promise<T>): Promise<T> {
  const before = await db.select({ id: messages.id }).from(messages).where(eq(messages.userId, key));
  const result = await change();
  const ids = before.map((m) => m.id);
  const kept = new Set<string>();
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await db.select({ id: messages.id }).from(messages).where(inArray(messages.id, ids.slice(i, i + ID_BATCH)));
    for (const row of rows) kept.add(row.id);
  }
  await forgetMail(store, ids.filter((id) => !kept.has(id)));
  return result;
}
