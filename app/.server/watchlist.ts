/**
 * Followed senders (spec §3 "Watchlist", §4, §5): addresses or whole domains,
 * lowercase, one row per parent and address.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { watchlist } from "./db/schema";

export async function listWatchlist(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ address: watchlist.address })
    .from(watchlist)
    .where(eq(watchlist.userId, userId))
    .orderBy(asc(watchlist.createdAt));
  return rows.map((row) => row.address);
}

/** Adding an address twice is not an error: the parent sees it followed either way. */
export async function addToWatchlist(db: Db, userId: string, address: string): Promise<void> {
  await db.insert(watchlist).values({ userId, address }).onConflictDoNothing();
}

/** True when the address was on the parent's watchlist. */
export async function removeFromWatchlist(db: Db, userId: string, address: string): Promise<boolean> {
  const removed = await db
    .delete(watchlist)
    .where(and(eq(watchlist.userId, userId), eq(watchlist.address, address)))
    .returning({ address: watchlist.address });
  return removed.length > 0;
}

/** The most a parent may follow; a guard against scripted abuse, far above any real family. */
export const WATCHLIST_MAX = 200;

