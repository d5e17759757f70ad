/**
 * A family's events as the feed and the API see them (spec §3 "Event"), and the
 * flags its parents set on them. Every function is scoped to one family (its
 * key) and answers as one parent sees it: likes are each parent's own (ADR 026).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "./db/client";
import { children, events, likes, mentions } from "./db/schema";
import type { FamilyScope } from "./family/membership";

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

/** The viewing parent's own save of the event to their calendar, if any. */
interface LikeOfViewer {
  externalCalendarId: string | null;
}

export function eventView(row: EventRow, eventMentions: MentionRow[], like?: LikeOfViewer) {
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
    like: Boolean(like),
    dislike: row.dislike,
    dislikeReason: row.dislikeReason,
    mentions: eventMentions.map(mentionView),
    taggedPeople: row.taggedPeople,
    location: row.location,
    locationObject: row.locationObject,
    hyperlink: row.hyperlink,
    externalCalendarId: like?.externalCalendarId ?? null,
    createdAt: row.createdAt.toISOString(),
    source: row.source,
    confidence: row.confidence,
    needsReview: row.needsReview,
  };
}

export type EventView = ReturnType<typeof eventView>;

async function withMentions(db: Db, scope: FamilyScope, rows: EventRow[]): Promise<EventView[]> {
  if (!rows.length) return [];
  const all: MentionRow[] = [];
  const liked = new Map<string, LikeOfViewer>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < rows.length; i += 90) {
    const ids = rows.slice(i, i + 90).map((r) => r.id);
    const [chunk, likeRows] = await Promise.all([
      db
        .select()
        .from(mentions)
        .where(and(eq(mentions.userId, scope.key), inArray(mentions.eventId, ids)))
        .orderBy(asc(mentions.sourceDate)),
      db
        .select({ eventId: likes.eventId, externalCalendarId: likes.externalCalendarId })
        .from(likes)
        .where(and(eq(likes.userId, scope.userId), inArray(likes.eventId, ids))),
    ]);
    all.push(...chunk);
    for (const like of likeRows) liked.set(like.eventId, like);
  }
  const byEvent = Map.groupBy(all, (m) => m.eventId);
  return rows.map((row) => eventView(row, byEvent.get(row.id) ?? [], liked.get(row.id)));
}

export async function listEvents(db: Db, scope: FamilyScope): Promise<EventView[]> {
  const rows = await db.select().from(events).where(eq(events.userId, scope.key)).orderBy(asc(events.start));
  return withMentions(db, scope, rows);
}

/** The parent's events with their revision: the calendar feed out's SEQUENCE and LAST-MODIFIED. */
export async function listRevisedEvents(db: Db, scope: FamilyScope) {
  const rows = await db.select().from(events).where(eq(events.userId, scope.key)).orderBy(asc(events.start));
  const views = await withMentions(db, scope, rows);
  return views.map((view, i) => ({
    ...view,
    sequence: rows[i]!.sequence,
    updatedAt: rows[i]!.updatedAt?.toISOString() ?? null,
  }));
}

export async function eventsOfSource(db: Db, scope: FamilyScope, sourceId: string): Promise<EventView[]> {
  const ids = await db
    .select({ id: mentions.eventId })
    .from(mentions)
    .where(and(eq(mentions.userId, scope.key), eq(mentions.sourceContentId, sourceId)));
  if (!ids.length) return [];
  const rows = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, scope.key), inArray(events.id, ids.map((r) => r.id))))
    .orderBy(asc(events.start));
  return withMentions(db, scope, rows);
}

export type EventFlags = Partial<Pick<EventRow, "dislike" | "dislikeReason" | "firstView" | "needsReview">>;

/** Sets the family's flags (a hide, first view) on one of its events; null when it is not the family's (or gone). */
export async function setEventFlags(
  db: Db,
  scope: FamilyScope,
  eventId: string,
  flags: EventFlags,
): Promise<EventView | null> {
  const [row] = await db
    .update(events)
    .set({ ...flags, ...eventRevision() })
    .where(and(eq(events.id, eventId), eq(events.userId, scope.key)))
    .returning();
  if (!row) return null;
  const [view] = await withMentions(db, scope, [row]);
  return view!;
}

/** One of the family's events as this parent sees it; null when it is not the family's. */
export async function familyEvent(db: Db, scope: FamilyScope, eventId: string): Promise<EventView | null> {
  const row = await db.query.events.findFirst({ where: and(eq(events.id, eventId), eq(events.userId, scope.key)) });
  if (!row) return null;
  const [view] = await withMentions(db, scope, [row]);
  return view!;
}

/**
 * The parent's own choice of children for an event (beyond the spec: a small
 * picker in the drawer). It sticks: tagging never changes it again.
 */
export async function setEventChildren(
  db: Db,
  scope: FamilyScope,
  eventId: string,
  childIds: string[],
): Promise<EventView | null | "unknown-child"> {
  const mine = await db.select({ id: children.id }).from(children).where(eq(children.userId, scope.key));
  if (!childIds.every((id) => mine.some((c) => c.id === id))) return "unknown-child";
  const [row] = await db
    .update(events)
    .set({ taggedPeople: [...new Set(childIds)], taggedPeopleFixed: true, ...eventRevision() })
    .where(and(eq(events.id, eventId), eq(events.userId, scope.key)))
    .returning();
  if (!row) return null;
  const [view] = await withMentions(db, scope, [row]);
  return view!;
}
