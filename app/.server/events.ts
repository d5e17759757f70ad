/**
 * A parent's events as the feed and the API see them (spec §3 "Event"), and the
 * flags the parent sets on them. Every function is scoped to one parent.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { children, events, mentions } from "./db/schema";

type EventRow = typeof events.$inferSelect;
type MentionRow = typeof mentions.$inferSelect;

/**
 * What every write to an event row sets besides its change: the calendar feed
 * out shows `sequence` as SEQUENCE and `updatedAt` as LAST-MODIFIED, so a
 * subscribed calendar takes the new version instead of keeping its copy.
 */
export function eventRevision() {
  return { sequence: sql`${events.sequence} + 1`, updatedAt: new Date() };
}

export const DISLIKE_REASONS = ["Wrong date or time", "Details are incorrect", "Irrelevant info"] as const;

function mentionView(m: MentionRow) {
  return {
    _id: m.id,
    sourceContentId: m.sourceContentId,
    sourceType: m.sourceType,
    sourceSender: m.sourceSender,
    sourceAddress: m.sourceAddress,
    sourceDate: m.sourceDate.toISOString(),
    sourceURL: m.sourceURL,
  };
}

export function eventView(row: EventRow, eventMentions: MentionRow[]) {
  return {
    _id: row.id,
    id: row.id,
    eventName: row.eventName,
    description: row.description,
    start: row.start,
    end: row.end,
    dateTime: row.dateTime,
    tags: row.tags,
    range: row.range,
    startRange: row.startRange,
    endRange: row.endRange,
    recurrence: row.recurrence,
    occurrences: row.occurrences,
    monthEvent: row.monthEvent,
    weekEvent: row.weekEvent,
    firstView: row.firstView,
    like: row.like,
    dislike: row.dislike,
    dislikeReason: row.dislikeReason,
    mentions: eventMentions.map(mentionView),
    taggedPeople: row.taggedPeople,
    location: row.location,
    locationObject: row.locationObject,
    hyperlink: row.hyperlink,
    externalCalendarId: row.externalCalendarId,
    createdAt: row.createdAt.toISOString(),
  };
}

export type EventView = ReturnType<typeof eventView>;

async function withMentions(db: Db, userId: string, rows: EventRow[]): Promise<EventView[]> {
  if (!rows.length) return [];
  const all: MentionRow[] = [];
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < rows.length; i += 90) {
    const ids = rows.slice(i, i + 90).map((r) => r.id);
    all.push(
      ...(await db
        .select()
        .from(mentions)
        .where(and(eq(mentions.userId, userId), inArray(mentions.eventId, ids)))
        .orderBy(asc(mentions.sourceDate))),
    );
  }
  const byEvent = Map.groupBy(all, (m) => m.eventId);
  return rows.map((row) => eventView(row, byEvent.get(row.id) ?? []));
}

export async function listEvents(db: Db, userId: string): Promise<EventView[]> {
  const rows = await db.select().from(events).where(eq(events.userId, userId)).orderBy(asc(events.start));
  return withMentions(db, userId, rows);
}

/** The parent's events with their revision: the calendar feed out's SEQUENCE and LAST-MODIFIED. */
export async function listRevisedEvents(db: Db, userId: string) {
  const rows = await db.select().from(events).where(eq(events.userId, userId)).orderBy(asc(events.start));
  const views = await withMentions(db, userId, rows);
  return views.map((view, i) => ({
    ...view,
    sequence: rows[i]!.sequence,
    updatedAt: rows[i]!.updatedAt?.toISOString() ?? null,
  }));
}

export async function eventsOfSource(db: Db, userId: string, sourceId: string): Promise<EventView[]> {
  const ids = await db
    .select({ id: mentions.eventId })
    .from(mentions)
    .where(and(eq(mentions.userId, userId), eq(mentions.sourceContentId, sourceId)));
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), inArray(events.id, ids.map((r) => r.id))))
    .orderBy(asc(events.start));
  return withMentions(db, userId, rows);
}

export type EventFlags = Partial<Pick<EventRow, "like" | "dislike" | "dislikeReason" | "firstView">>;

/** Sets flags on one of the parent's events; null when it is not theirs (or gone). */
export async function setEventFlags(
  db: Db,
  userId: string,
  eventId: string,
  flags: EventFlags,
): Promise<EventView | null> {
  const [row] = await db
    .update(events)
    .set({ ...flags, ...eventRevision() })
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
    .returning();
  if (!row) return null;
  const [view] = await withMentions(db, userId, [row]);
  return view!;
}

/**
 * The parent's own choice of children for an event (beyond the spec: a small
 * picker in the drawer). It sticks: tagging never changes it again.
 */
export async function setEventChildren(
  db: Db,
  userId: string,
  eventId: string,
  childIds: string[],
): Promise<EventView | null | "unknown-child"> {
  const mine = await db.select({ id: children.id }).from(children).where(eq(children.userId, userId));
  if (!childIds.every((id) => mine.some((c) => c.id === id))) return "unknown-child";
  const [row] = await db
    .update(events)
    .set({ taggedPeople: [...new Set(childIds)], taggedPeopleFixed: true, ...eventRevision() })
    .where(and(eq(events.id, eventId), eq(events.userId, userId)))
    .returning();
  if (!row) return null;
  const [view] = await withMentions(db, userId, [row]);
  return view!;
}
