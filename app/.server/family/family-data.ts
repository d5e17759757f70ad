/**
 * Clearing a family's data (ADR 026): mail, pages, events, children, followed
 * senders, calendar links and the schools it added. Statements for one batch.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  attachments,
  calendarLinks,
  children,
  events,
  mentions,
  messages,
  schools,
  senderAddresses,
  urlSources,
  watchlist,
} from "../db/schema";

export function deleteFamilyData(db: Db, key: string) {
  return [
    db.delete(mentions).where(eq(mentions.userId, key)),
    db.delete(events).where(eq(events.userId, key)),
    db.delete(attachments).where(eq(attachments.userId, key)),
    db.delete(messages).where(eq(messages.userId, key)),
    db.delete(urlSources).where(eq(urlSources.userId, key)),
    db.delete(senderAddresses).where(eq(senderAddresses.userId, key)),
    db.delete(watchlist).where(eq(watchlist.userId, key)),
    db.delete(children).where(eq(children.userId, key)),
    // After the children who went there: schools the family added itself ("My school isn't listed").
    db.delete(schools).where(eq(schools.ownerId, key)),
    db.delete(calendarLinks).where(eq(calendarLinks.userId, key)),
  ] as const;
}
