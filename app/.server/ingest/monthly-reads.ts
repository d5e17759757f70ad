/**
 * Reading mail within the parent's tier (spec §9: Basic reads 5 e-mails a
 * month; Premium, all). Every path that reads a message for the first time
 * (forwarded mail, Gmail, an accepted held message, Rescan of a parked one)
 * comes through here, so none of them can read past the month's allowance.
 */
import { and, count, eq, isNull, lt, ne, or, sql } from "drizzle-orm";
import { isPremium } from "~/lib/subscription";
import { wallClock } from "~/lib/time-zone";
import { database, type Db } from "../db/client";
import { familyDb } from "../family/data";
import { familyOfKey, type FamilyRef } from "../family/membership";
import { messages, users } from "../db/schema";
import { BASIC_EMAILS_PER_MONTH, BASIC_LIMIT_NOTE } from "./limits";
import { queueSources } from "./queue-sources";

/**
 * Queues a stored message for reading, or parks it when the parent's tier has no room left this
 * month. The month's count is the directory's (the owner's row); the message, the family's.
 */
export async function readOrPark(env: Env, family: FamilyRef, messageId: string): Promise<boolean> {
  const userId = family.key;
  const queued = await takeMonthlyRead(database(env), userId);
  const db = familyDb(env, family);
  if (queued) {
    await db.update(messages).set({ status: "pending", statusDetail: null }).where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
    await queueSources(env, userId, [{ kind: "message", userId, messageId }]);
  } else {
    await db
      .update(messages)
      .set({ status: "limited", statusDetail: BASIC_LIMIT_NOTE })
      .where(and(eq(messages.id, messageId), eq(messages.userId, userId)));
  }
  return queued;
}

/**
 * Takes one of the month's Basic reads (spec §9: 5 e-mails a month, counted
 * per calendar month in the parent's zone); Premium reads everything. One
 * conditional UPDATE, so two mails arriving together cannot both take the fifth read.
 */
export async function takeMonthlyRead(db: Db, userId: string): Promise<boolean> {
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { subscriptionStatus: true, timezone: true },
  });
  if (!user) return false;
  if (isPremium(user.subscriptionStatus)) return true;
  const month = wallClock(new Date(), user.timezone ?? "UTC").slice(0, 7);
  const taken = await db
    .update(users)
    .set({
      mailReadsMonth: month,
      mailReads: sql`CASE WHEN ${users.mailReadsMonth} IS ${month} THEN ${users.mailReads} + 1 ELSE 1 END`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.mailReadsMonth), ne(users.mailReadsMonth, month), lt(users.mailReads, BASIC_EMAILS_PER_MONTH)),
      ),
    )
    .returning({ reads: users.mailReads });
  return taken.length > 0;
}

/** How many of the parent's messages are parked beyond Basic's month (the feed's "N messages are waiting"). */
export async function countWaitingMail(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.status, "limited")));
  return row?.n ?? 0;
}

/**
 * Reads all of the parent's parked mail once they are Premium (the billing
 * webhook's upgrade): it was kept for exactly this. A parent who is not
 * Premium keeps it parked. Returns how many were queued.
 */
export async function readWaitingMail(env: Env, userId: string): Promise<number> {
  const directory = database(env);
  const user = await directory.query.users.findFirst({ where: eq(users.id, userId), columns: { subscriptionStatus: true } });
  if (!isPremium(user?.subscriptionStatus)) return 0;
  const waiting = await familyDb(env, await familyOfKey(directory, userId))
    .update(messages)
    .set({ status: "pending", statusDetail: null })
    .where(and(eq(messages.userId, userId), eq(messages.status, "limited")))
    .returning({ id: messages.id });
  await queueSources(env, userId, waiting.map((message) => ({ kind: "message" as const, userId, messageId: message.id })));
  return waiting.length;
}
