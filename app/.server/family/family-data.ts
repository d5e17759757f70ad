/**
 * Clearing a family's data (ADR 026): mail, pages, events, children, followed
 * senders and calendar links, statements for one batch on the family's shard. The
 * schools it added are the directory's (`deleteFamilySchools`).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  attachments,
  calendarLinks,
  children,
  eventMonths,
  events,
  messages,
  schools,
  senderAddresses,
  urlSources,
  watchlist,
} from "../db/schema";

export function deleteFamilyData(db: Db, key: string) {
  return [
    db.delete(events).where(eq(events.userId, key)),
    db.delete(eventMonths).where(eq(eventMonths.userId, key)),
    db.delete(attachments).where(eq(attachments.userId, key)),
    db.delete(messages).where(eq(messages.userId, key)),
    db.delete(urlSources).where(eq(urlSources.userId, key)),
    db.delete(senderAddresses).where(eq(senderAddresses.userId, key)),
    db.delete(watchlist).where(eq(watchlist.userId, key)),
    db.delete(children).where(eq(children.userId, key)),
    db.delete(calendarLinks).where(eq(calendarLinks.userId, key)),
  ] as const;
}

/** The schools a family added itself ("My school isn't listed"): the directory's rows. */
export function deleteFamilySchools(directory: Db, key: string) {
  return directory.delete(schools).where(eq(schools.ownerId, key));
}
