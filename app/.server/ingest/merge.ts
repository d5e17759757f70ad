/**
 * Merging extracted events into a parent's events. The same real event
 * mentioned again (another e-mail; the text part, HTML part and .ics of one
 * e-mail; a web page) becomes one event with one more mention. A cancellation,
 * reschedule or time change attaches to the event it changes when that event
 * can be identified. Re-running the same source changes nothing, which is what
 * makes redelivered queue jobs and rescans safe.
 */
import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { addDays } from "../../lib/calendar-day";
import type { ExtractedEvent } from "../extract/types";
import type { Db } from "../db/client";
import { newId } from "../db/new-id";
import { events, type MentionEntry } from "../db/schema";
import { monthsBetween, packedMonths, unpackStatements, unpackWhere, withPacked, type PackedMonth } from "../past-months";
import { storedFields, storedTime } from "./stored-event";
import { IDS_PER_STATEMENT, eventRevision, familyEventsMentioning, familyEventsWithIds, mentions, withMention, withoutMentionsOf } from "../events";

export interface SourceRef {
  id: string;
  /** 'email', 'email-pdf', 'url' or 'url-pdf' is derived per event from this and its origin. */
  kind: "email" | "url";
  sender: string;
  address: string;
  date: Date;
  url: string | null;
}

type EventRow = typeof events.$inferSelect;

const STOP_WORDS = new Set([
  "the", "a", "an", "and", "of", "for", "to", "at", "in", "on", "with", "our", "your", "is",
  "le", "la", "les", "de", "du", "des", "et", "pour",
  "cancelled", "canceled", "postponed", "rescheduled", "new", "date", "time", "updated", "change",
  "annule", "annulé", "reporte", "reporté",
]);

/** The words that name an event, for comparing two mentions of it. */
export function nameWords(name: string): Set<string> {
  return new Set(
    name
      .toLowerCase()
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length > 1 && !STOP_WORDS.has(w))
      .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w)),
  );
}

export function similarNames(a: string, b: string): boolean {
  const wa = nameWords(a);
  const wb = nameWords(b);
  if (!wa.size || !wb.size) return false;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  // One name within the other ("Picture Day" / "School Picture Day"), or nearly all words shared.
  // Two names that each have a word of their own name two events ("Loading doors open" / "… close").
  return shared === Math.min(wa.size, wb.size) || shared / (wa.size + wb.size - shared) >= 0.75;
}

function localDay(value: string): string {
  return value.slice(0, 10);
}

export function fingerprintOf(event: Pick<ExtractedEvent, "eventName" | "start">): string {
  return `${localDay(event.start)}|${[...nameWords(event.eventName)].toSorted().join(" ")}`;
}

function rowValues(userId: string, event: ExtractedEvent, timeZone: string) {
  return { userId, ...storedFields(event, timeZone), fingerprint: fingerprintOf(event) };
}

function mentionType(source: SourceRef, event: ExtractedEvent): string {
  return event.origin === "pdf" ? `${source.kind}-pdf` : source.kind;
}

function withTag(tags: string[], tag: string): string[] {
  return tags.includes(tag) ? tags : [...tags, tag];
}

/** How far a reschedule may move an event and still be recognised as the same one. */
const RESCHEDULE_WINDOW_DAYS = 120;
/** How far back a calendar series' first shown occurrence may have been when it was last read (ADR 013). */
const SERIES_REREAD_DAYS = 400;

/**
 * The parent's events on the days this source talks about (and, when it
 * reschedules anything, the days around them), read in one query.
 */
async function candidateEvents(db: Db, userId: string, extracted: ExtractedEvent[]): Promise<{ known: EventRow[]; packedIn: Map<string, PackedMonth> }> {
  const days = extracted.map((e) => localDay(e.start)).toSorted();
  const reach = extracted.some((e) => e.tags.includes("reschedule")) ? RESCHEDULE_WINDOW_DAYS : 0;
  const back = extracted.some((e) => e.occurrences) ? Math.max(reach, SERIES_REREAD_DAYS) : reach;
  const from = addDays(days[0]!, -back);
  const to = addDays(days.at(-1)!, reach);
  // Found by start (an all-day date, or a timed event's UTC instant up to a day either side of
  // its local day), then kept by the local day its fingerprint begins with: no index of its own.
  const [live, months] = await Promise.all([
    db
      .select()
      .from(events)
      .where(and(eq(events.userId, userId), gte(events.start, addDays(from, -1)), lt(events.start, addDays(to, 2)))),
    // A past month's events are packed (ADR 038): a mail about one of them still finds it.
    packedMonths(db, userId, monthsBetween(addDays(from, -1), addDays(to, 2))),
  ]);
  const liveIds = new Set(live.map((row) => row.id));
  const packedIn = new Map(months.flatMap((month) => month.rows.filter((row) => !liveIds.has(row.id)).map((row) => [row.id, month] as const)));
  const known = withPacked(live, months).filter((row) => localDay(row.fingerprint) >= from && localDay(row.fingerprint) <= to);
  return { known, packedIn };
}

function sameOccasion(row: EventRow, event: ExtractedEvent, timeZone: string): boolean {
  if (!similarNames(row.eventName, event.eventName)) return false;
  // Two sessions on one day (a doubleheader, two exam sittings) stay two events.
  if (row.dateTime && event.dateTime) return row.start === storedTime(event.start, true, timeZone);
  return true;
}

export interface MergeResult {
  /** Events that did not exist before. */
  created: number;
  /** Every event this source now mentions. */
  eventIds: string[];
}

type Values = ReturnType<typeof rowValues>;

/** What a further mention changes on an existing event: status tags and the details it lacked. */
function enrichment(target: EventRow, event: ExtractedEvent, values: Values): Partial<EventRow> {
  const tags = [...new Set([...target.tags, ...event.tags])];
  const set: Partial<EventRow> = {};
  if (tags.length !== target.tags.length) set.tags = tags;
  if (!target.description && values.description) set.description = values.description;
  if (!target.location && values.location) set.location = values.location;
  if (!target.hyperlink && values.hyperlink) set.hyperlink = values.hyperlink;
  if (!target.end && values.end) set.end = values.end;
  if (!target.source && values.source) set.source = values.source;
  // Told again with confidence, a doubtful event is sure; a parent's answer is never undone here.
  if (target.needsReview && !values.needsReview) Object.assign(set, { needsReview: false, confidence: values.confidence });
  if (!target.occurrences && values.occurrences) {
    // A calendar's series seen where a one-off mention stood: the event becomes the series.
    const { start, end, range, startRange, endRange, recurrence, occurrences } = values;
    Object.assign(set, { start, end, range, startRange, endRange, recurrence, occurrences });
  }
  if (!target.dateTime && values.dateTime) {
    // A timed mention is more precise than an all-day one of the same occasion.
    Object.assign(set, { start: values.start, end: values.end, dateTime: true });
  }
  return set;
}

/** Of the changes a mention brings, those the stored event does not already have. */
function differences(target: EventRow, set: Partial<EventRow>): Partial<EventRow> {
  const stored = target as Record<string, unknown>;
  return Object.fromEntries(Object.entries(set).filter(([key, value]) => JSON.stringify(value) !== JSON.stringify(stored[key])));
}

/** Finds the event this mention is about and says how it changes, or null for a new event. */
/**
 * The stored series a calendar's series is, read again: same name and at least
 * one occurrence in common. Its first shown occurrence moves on as days pass,
 * so its start and fingerprint alone would not find it.
 */
function sameSeries(row: EventRow, values: Values): boolean {
  if (!row.occurrences || !values.occurrences || !similarNames(row.eventName, values.eventName)) return false;
  const starts = new Set(row.occurrences.map((o) => o.start));
  return values.occurrences.some((o) => starts.has(o.start));
}

function resolve(
  known: EventRow[],
  event: ExtractedEvent,
  values: Values,
  timeZone: string,
): { target: EventRow; set: Partial<EventRow> } | null {
  if (values.occurrences) {
    const series = known.find((row) => sameSeries(row, values));
    if (series) {
      const { start, end, startRange, endRange, recurrence, occurrences, fingerprint } = values;
      return { target: series, set: { start, end, startRange, endRange, recurrence, occurrences, fingerprint } };
    }
  }
  const day = localDay(event.start);
  const sameDay = known.filter((row) => localDay(row.fingerprint) === day);
  const same = sameDay.find((row) => sameOccasion(row, event, timeZone));
  if (same) return { target: same, set: enrichment(same, event, values) };

  if (event.tags.includes("update")) {
    // A changed time: the same event on the same day at another hour.
    const changed = sameDay.find((row) => similarNames(row.eventName, event.eventName));
    if (changed) {
      const tags = withTag([...new Set([...changed.tags, ...event.tags])], "update");
      return { target: changed, set: { start: values.start, end: values.end, dateTime: values.dateTime, tags } };
    }
  }
  if (event.tags.includes("reschedule")) {
    // The event moved: find it on its old day and carry it (with the parent's flags) over.
    const moved = known.find((row) => localDay(row.fingerprint) !== day && similarNames(row.eventName, event.eventName));
    if (moved) {
      return {
        target: moved,
        set: {
          start: values.start,
          end: values.end,
          dateTime: values.dateTime,
          range: values.range,
          startRange: values.startRange,
          endRange: values.endRange,
          fingerprint: values.fingerprint,
          tags: withTag(moved.tags.filter((t) => t !== "cancel"), "reschedule"),
        },
      };
    }
  }
  return null;
}

export async function mergeEvents(
  db: Db,
  userId: string,
  source: SourceRef,
  extracted: ExtractedEvent[],
  timeZone: string,
): Promise<MergeResult> {
  if (!extracted.length) return { created: 0, eventIds: [] };
  // Matching runs in memory over one read; every write then goes in one atomic batch.
  const { known, packedIn } = await candidateEvents(db, userId, extracted);
  const writes: BatchItem<"sqlite">[] = [];
  const unpacked = new Set<PackedMonth>();
  /** A packed event this source changes: its month goes back in `events` before the change. */
  const unpackFirst = (id: string) => {
    const month = packedIn.get(id);
    if (!month || unpacked.has(month)) return;
    unpacked.add(month);
    writes.push(...unpackStatements(db, userId, month));
  };
  const eventIds: string[] = [];
  let created = 0;

  for (const event of extracted) {
    const values = rowValues(userId, event, timeZone);
    const mention: MentionEntry = {
      sourceContentId: source.id,
      sourceType: mentionType(source, event),
      sourceSender: source.sender,
      sourceAddress: source.address,
      sourceDate: source.date.getTime(),
      sourceURL: source.url,
    };
    const found = resolve(known, event, values, timeZone);
    let id: string;
    if (found) {
      id = found.target.id;
      const set = differences(found.target, found.set);
      const changed = Object.keys(set).length > 0;
      const mentioned = mentions(found.target, source.id);
      // A source read again unchanged (a school calendar's daily refresh) writes nothing: D1
      // bills every row written, and a new revision would reach every subscribed calendar.
      if (changed || !mentioned) {
        unpackFirst(id);
        // A further mention alone is not a change to the event: its revision stays (the calendar feed out).
        const revised = changed ? { ...set, ...eventRevision() } : {};
        writes.push(db.update(events).set({ ...revised, mentionList: withMention(mention) }).where(and(eq(events.id, id), eq(events.userId, userId))));
        // Later mentions in this same source see the change.
        Object.assign(found.target, set);
        if (!mentioned) found.target.mentionList = [...found.target.mentionList, mention];
      }
    } else {
      id = newId();
      writes.push(db.insert(events).values({ ...values, id, mentionList: [mention] }));
      known.push({ ...(values as unknown as EventRow), id, taggedPeople: [], tags: values.tags, mentionList: [mention] });
      created++;
    }
    if (!eventIds.includes(id)) eventIds.push(id);
  }
  if (writes.length) await db.batch(writes as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { created, eventIds };
}

/**
 * After a rescan: the source no longer mentions `stale` events. Their mention
 * goes, and an event nobody mentions any more goes with it.
 */
export async function dropStaleMentions(
  db: Db,
  userId: string,
  sourceId: string,
  keep: string[],
): Promise<void> {
  // A packed event the source no longer mentions is put back first, to lose the mention here.
  await unpackWhere(db, userId, (row) => mentions(row, sourceId) && !keep.includes(row.id));
  const previous = await db.select({ id: events.id }).from(events).where(familyEventsMentioning(userId, sourceId));
  const stale = previous.map((row) => row.id).filter((id) => !keep.includes(id));
  if (!stale.length) return;
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < stale.length; i += IDS_PER_STATEMENT) {
    const ids = stale.slice(i, i + IDS_PER_STATEMENT);
    statements.push(
      db.update(events).set({ mentionList: withoutMentionsOf(sourceId) }).where(familyEventsWithIds(userId, ids)),
      db.delete(events).where(and(familyEventsWithIds(userId, ids), sql`json_array_length(${events.mentionList}) = 0`)),
    );
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}
