/**
 * Senders seen in a parent's mail (spec §3 "Sender", "Addresses list"): the
 * source of watchlist suggestions and of the sender list. Most recent first.
 */
import { desc, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { senderAddresses } from "./db/schema";

/**
 * The watchlist's suggestions: senders whose mail Cubby has seen, those with
 * the most mail in the parent's recent Gmail first (app/.server/integrations/gmail/suggestions.ts),
 * then the most recent. `count` is that Gmail count (0 when only forwarded mail is known).
 */
export async function knownAddresses(db: Db, userId: string): Promise<{ address: string; count: number }[]> {
  return db
    .select({ address: senderAddresses.address, count: senderAddresses.gmailCount })
    .from(senderAddresses)
    .where(eq(senderAddresses.userId, userId))
    .orderBy(desc(senderAddresses.gmailCount), desc(senderAddresses.lastSeenAt))
    .limit(50);
}

/** Distinct, non-empty display names of the people who wrote to the parent. */
export async function senderNames(db: Db, userId: string): Promise<{ senderName: string }[]> {
  const rows = await db
    .selectDistinct({ senderName: senderAddresses.senderName })
    .from(senderAddresses)
    .where(eq(senderAddresses.userId, userId))
    .orderBy(senderAddresses.senderName);
  return rows.filter((row) => row.senderName.trim() !== "");
}
