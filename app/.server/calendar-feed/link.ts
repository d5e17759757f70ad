/**
 * The secret address of a parent's calendar feed out,
 * `<APP_URL>/calendar/<token>.ics`: a capability, so whoever holds it reads
 * the feed. Made on first ask; "Reset link" replaces it and the old one stops
 * answering at once. Delete Account cascades it away.
 */
import { eq } from "drizzle-orm";
import { randomToken } from "../auth/crypto";
import type { Db } from "../db/client";
import { calendarFeeds } from "../db/schema";

async function savedToken(db: Db, userId: string): Promise<string | undefined> {
  const row = await db.query.calendarFeeds.findFirst({ where: eq(calendarFeeds.userId, userId), columns: { token: true } });
  return row?.token;
}

/** The parent's token, made on the first call (32 random bytes, base64url). */
export async function feedToken(db: Db, userId: string): Promise<string> {
  const saved = await savedToken(db, userId);
  if (saved) return saved;
  // Two first calls at once: the second insert does nothing and both read the one token.
  await db.insert(calendarFeeds).values({ userId, token: randomToken() }).onConflictDoNothing({ target: calendarFeeds.userId });
  return (await savedToken(db, userId))!;
}

/** A new token in place of the old one. */
export async function resetFeedToken(db: Db, userId: string): Promise<string> {
  const token = randomToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

/** The feed's https address; calendar apps subscribe to its webcal:// form. */
export function feedUrl(appUrl: string, token: string): string {
  return new URL(`/calendar/${token}.ics`, appUrl).href;
}
