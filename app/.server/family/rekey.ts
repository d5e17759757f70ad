/**
 * Moving a family's rows from one key to another (ADR 026): when the owner
 * leaves or deletes their account the family passes to a remaining parent, and
 * a parent who joins a family may bring what they had. One batch, so a
 * half-moved family cannot be seen.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  attachments,
  calendarLinks,
  children,
  eventMonths,
  events,
  messages,
  pdfChunks,
  schools,
  senderAddresses,
  urlSources,
  watchlist,
} from "../db/schema";

/**
 * Statements that move every family row keyed `from` to `to`. Where `to`
 * already holds the same thing (a mail both parents forwarded, a sender both
 * follow, an event both feeds found) the family keeps its own copy and the
 * incoming one is dropped first: the unique indexes are per key, and a second
 * copy of an event would show twice in the feed.
 */
export function rekeyFamilyRows(db: Db, from: string, to: string) {
  // Callers put both families' packed months back first (`unpackFamilies`): the copies are found among live rows.
  return [
    db.delete(events).where(and(eq(events.userId, from), inArray(events.fingerprint, db.select({ v: events.fingerprint }).from(events).where(eq(events.userId, to))))),
    db
      .delete(messages)
      .where(
        and(
          eq(messages.userId, from),
          inArray(messages.messageKey, db.select({ v: messages.messageKey }).from(messages).where(eq(messages.userId, to))),
        ),
      ),
    db
      .delete(watchlist)
      .where(
        and(
          eq(watchlist.userId, from),
          inArray(watchlist.address, db.select({ v: watchlist.address }).from(watchlist).where(eq(watchlist.userId, to))),
        ),
      ),
    db
      .delete(senderAddresses)
      .where(
        and(
          eq(senderAddresses.userId, from),
          inArray(
            senderAddresses.address,
            db.select({ v: senderAddresses.address }).from(senderAddresses).where(eq(senderAddresses.userId, to)),
          ),
        ),
      ),
    db
      .delete(calendarLinks)
      .where(
        and(
          eq(calendarLinks.userId, from),
          inArray(calendarLinks.url, db.select({ v: calendarLinks.url }).from(calendarLinks).where(eq(calendarLinks.userId, to))),
        ),
      ),
    db.update(children).set({ userId: to }).where(eq(children.userId, from)),
    db.update(watchlist).set({ userId: to }).where(eq(watchlist.userId, from)),
    db.update(senderAddresses).set({ userId: to }).where(eq(senderAddresses.userId, from)),
    db.update(messages).set({ userId: to }).where(eq(messages.userId, from)),
    db.update(attachments).set({ userId: to }).where(eq(attachments.userId, from)),
    db.update(pdfChunks).set({ userId: to }).where(eq(pdfChunks.userId, from)),
    db.update(urlSources).set({ userId: to }).where(eq(urlSources.userId, from)),
    db.update(events).set({ userId: to }).where(eq(events.userId, from)),
    // Put back before (`unpackFamilies`): a month packed since then goes along (or, taken, stops the move).
    db.update(eventMonths).set({ userId: to }).where(eq(eventMonths.userId, from)),
    db.update(calendarLinks).set({ userId: to }).where(eq(calendarLinks.userId, from)),
  ] as const;
}

/** The schools the family added pass to the new key too: the directory's rows (ADR 027). */
export function rekeyFamilySchools(directory: Db, from: string, to: string) {
  return directory.update(schools).set({ ownerId: to }).where(eq(schools.ownerId, from));
}
