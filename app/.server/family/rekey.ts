/**
 * Moving a family's rows from one key to another (ADR 026): when the owner
 * leaves or deletes their account the family passes to a remaining parent, and
 * a parent who joins a family may bring what they had. One batch, so a
 * half-moved family cannot be seen.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { events, familyTables, schools } from "../db/schema";

/**
 * Statements that move every family row keyed `from` to `to`. Where `to`
 * already holds the same thing (a mail both parents forwarded, a sender both
 * follow, an event both feeds found) the family keeps its own copy and the
 * incoming one is dropped: the unique indexes are per key, and a second copy
 * of an event would show twice in the feed.
 */
export function rekeyFamilyRows(db: Db, from: string, to: string) {
  const sameEventThere = sql`${events.fingerprint} in (select fingerprint from events where user_id = ${to})`;
  return [
    db.delete(events).where(and(eq(events.userId, from), sameEventThere)),
    ...Object.values(familyTables).flatMap((table) => [
      db.run(sql`update or ignore ${table} set user_id = ${to} where user_id = ${from}`),
      db.run(sql`delete from ${table} where user_id = ${from}`),
    ]),
    db.update(schools).set({ ownerId: to }).where(eq(schools.ownerId, from)),
  ] as const;
}
