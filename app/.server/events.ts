/**
 * A family's events as the feed and the API see them (spec §3 "Event"), and the
 * flags its parents set on them. Every function is scoped to one family (its
 * key) and answers as one parent sees it: likes are each parent's own (ADR 026).
 */
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "./db/client";
import { MENTION_SOURCE_ID, storedMention } from "./db/mention-list";
import { children, events, likes, type MentionEntry } from "./db/schema";
import type { FamilyScope } from "./family/membership";
import { onLiveEvent, packedMonths, withPacked } from "./past-months";

type EventRow = typeof events.$inferSelect;

/**
 * What every write to an event row sets besides its change: the calendar feed
 * out shows `sequence` as SEQUENCE and `updatedAt` as LAST-MODIFIED, so a
 * subscribed calendar takes the new version instead of keeping its copy.
 */
export function eventRevision() {
  return { sequence: sql`${events.sequence} + 1`, updatedAt: new Date() };
}

export const DISLIKE_REASONS = ["Wrong date or time", "Details are incorrect", "Irrelevant info"] as const;

/** A mention's `_id` (spec §3) names its event and its source: an event has one mention per source. */
function mentionView(eventId: string, m: MentionEntry) {
  return {
    _id: `${eventId}:${m.sourceContentId}`,
    sourceContentId: m.sourceContentId,
    sourceType: m.sourceType,
    sourceSender: m.sourceSender,
    sourceAddress: m.sourceAddress,
    sourceDate: new Date(m.sourceDate).toISOString(),
    sourceURL: m.sourceURL,
  };
}

export { familyEventsWithIds } from "./db/family-events";

/** Where a stored mention keeps its source's id (db/mention-list.ts). */
const sourceIdPath = sql.raw(`'${MENTION_SOURCE_ID}'`);

/** D1 binds at most 100 parameters per statement. */
export const IDS_PER_STATEMENT = 90;

/**
 * `events.mention_list` with `mention` added, unless the event already has one from its source
 * (a mail's text part and HTML part, a rescan, a redelivered job): one statement reads and
 * writes the list, so two mails merging into one event at once both keep theirs.
 */
export function withMention(mention: MentionEntry): SQL {
  const entry = JSON.stringify(storedMention(mention));
  return sql`case when exists (select 1 from json_each(${events.mentionList}) where json_extract(value, ${sourceIdPath}) = ${mention.sourceContentId}) then ${events.mentionList} else json_insert(${events.mentionList}, '$[#]', json(${entry})) end`;
}

/** `events.mention_list` without the mentions of this source. */
export function withoutMentionsOf(sourceId: string): SQL {
  return sql`(select json_group_array(json(value)) from json_each(${events.mentionList}) where json_extract(value, ${sourceIdPath}) <> ${sourceId})`;
}

/**
 * The family's events this source mentions. The lists are read where they are, the family's
 * events walked through its key: a message card, a rescan or a calendar's removal reads the
 * family's events once, and nothing else has to be kept to find them.
 */
export function familyEventsMentioning(key: string, sourceId: string): SQL {
  return and(
    eq(events.userId, key),
    sql`exists (select 1 from json_each(${events.mentionList}) where json_extract(value, ${sourceIdPath}) = ${sourceId})`,
  )!;
}

/** The viewing parent's own save of the event to their calendar, if any. */
interface LikeOfViewer {
  externalCalendarId: string | null;
}

export function eventView(row: EventRow, like?: LikeOfViewer) {
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
    mentions: row.mentionList.toSorted((a, b) => a.sourceDate - b.sourceDate).map((m) => mentionView(row.id, m)),
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

/**
 * The rows as this parent sees them: their mentions come with the row
 * (`mention_list`), the parent's own saves from one read of their likes.
 */
async function withLikes(db: Db, scope: FamilyScope, rows: EventRow[]): Promise<EventView[]> {
  if (!rows.length) return [];
  const liked = new Map<string, LikeOfViewer>();
  // A few rows: one read of every like of this parent, not one per batch of events.
  const likeRows =
    rows.length > IDS_PER_STATEMENT
      ? await db.select({ eventId: likes.eventId, externalCalendarId: likes.externalCalendarId }).from(likes).where(eq(likes.userId, scope.userId))
      : await db
          .select({ eventId: likes.eventId, externalCalendarId: likes.externalCalendarId })
          .from(likes)
          .where(and(eq(likes.userId, scope.userId), inArray(likes.eventId, rows.map((r) => r.id))));
  for (const like of likeRows) liked.set(like.eventId, like);
  return rows.map((row) => eventView(row, liked.get(row.id)));
}

/** Every event of the family, live and packed (past-months.ts), by start. */
async function familyEventRows(db: Db, key: string): Promise<EventRow[]> {
  const [live, packed] = await Promise.all([
    db.select().from(events).where(eq(events.userId, key)).orderBy(asc(events.start)),
    packedMonths(db, key),
  ]);
  return withPacked(live, packed);
}

export async function listEvents(db: Db, scope: FamilyScope): Promise<EventView[]> {
  return withLikes(db, scope, await familyEventRows(db, scope.key));
}

/** The parent's events with their revision: the calendar feed out's SEQUENCE and LAST-MODIFIED. */
export async function listRevisedEvents(db: Db, scope: FamilyScope) {
  const rows = await familyEventRows(db, scope.key);
  const views = await withLikes(db, scope, rows);
  return views.map((view, i) => ({
    ...view,
    sequence: rows[i]!.sequence,
    updatedAt: rows[i]!.updatedAt?.toISOString() ?? null,
  }));
}

export async function eventsOfSource(db: Db, scope: FamilyScope, sourceId: string): Promise<EventView[]> {
  const [live, packed] = await Promise.all([
    db.select().from(events).where(familyEventsMentioning(scope.key, sourceId)).orderBy(asc(events.start)),
    packedMonths(db, scope.key),
  ]);
  const mentioning = packed.map((month) => ({ ...month, rows: month.rows.filter((row) => mentions(row, sourceId)) }));
  return withLikes(db, scope, withPacked(live, mentioning));
}

/** Whether this source is one of the event's mentions. */
export function mentions(row: EventRow, sourceId: string): boolean {
  return row.mentionList.some((m) => m.sourceContentId === sourceId);
}

export type EventFlags = Partial<Pick<EventRow, "dislike" | "dislikeReason" | "firstView" | "needsReview">>;

/** Sets the family's flags (a hide, first view) on one of its events; null when it is not the family's (or gone). */
export async function setEventFlags(
  db: Db,
  scope: FamilyScope,
  eventId: string,
  flags: EventFlags,
): Promise<EventView | null> {
  const row = await onLiveEvent(db, scope.key, eventId, async () => {
    const [written] = await db
      .update(events)
      .set({ ...flags, ...eventRevision() })
      .where(and(eq(events.id, eventId), eq(events.userId, scope.key)))
      .returning();
    return written;
  });
  if (!row) return null;
  const [view] = await withLikes(db, scope, [row]);
  return view!;
}

/** One of the family's events as this parent sees it; null when it is not the family's. */
export async function familyEvent(db: Db, scope: FamilyScope, eventId: string): Promise<EventView | null> {
  const row =
    (await db.query.events.findFirst({ where: and(eq(events.id, eventId), eq(events.userId, scope.key)) })) ??
    (await packedMonths(db, scope.key)).flatMap((month) => month.rows).find((packed) => packed.id === eventId);
  if (!row) return null;
  const [view] = await withLikes(db, scope, [row]);
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
  const row = await onLiveEvent(db, scope.key, eventId, async () => {
    const [written] = await db
      .update(events)
      .set({ taggedPeople: [...new Set(childIds)], taggedPeopleFixed: true, ...eventRevision() })
      .where(and(eq(events.id, eventId), eq(events.userId, scope.key)))
      .returning();
    return written;
  });
  if (!row) return null;
  const [view] = await withLikes(db, scope, [row]);
  return view!;
}
