/**
 * spec §4 "Range events are expanded into one copy per day after the start
 * through the end of the range; for weekly recurrence only days in byDay are
 * kept." A copy's _id is {eventId}-{YYYY-MM-DD}. Every copy is placed at the
 * original's wall-clock time in the parent's zone, its own offset looked up,
 * so a series keeps its time across daylight-saving changes.
 *
 * A calendar file's series carries its occurrences, as ical.js gave them
 * (ADR 013): the feed shows exactly those, each at its own time.
 *
 * Bounds (one event must never break a feed): copies stay within
 * EXPANSION_HORIZON_DAYS either side of today and number at most MAX_COPIES.
 */
import { addDays, DAY_CODES, DAY_MS, daysBetween, utcMidnight } from "../calendar-day";
import { instantAt, localDate, wallAt } from "../time-zone";
import type { FeedClock, FeedItem } from "./item";
import { isUpcoming, tagFlags } from "./item";

/** How far from today the feed expands ranges and open-ended series. */
export const EXPANSION_HORIZON_DAYS = 400;
/** The most copies one event makes. */
export const MAX_COPIES = 1000;

function lastDayOf(item: FeedItem, clock: FeedClock): string {
  const openEnded = Boolean(item.recurrence) && !item.endRange;
  const last = openEnded ? addDays(clock.today, EXPANSION_HORIZON_DAYS) : item.endRange?.slice(0, 10) || item.endDay;
  return last > item.day ? last : item.day;
}

/** Monday-based week number, for "every N weeks" counted from the first occurrence's week. */
function weekIndex(day: string): number {
  return Math.floor((utcMidnight(day) / DAY_MS + 3) / 7);
}

function copyOf(item: FeedItem, day: string, start: string, end: string | null, startMs: number, clock: FeedClock, id: string): FeedItem {
  const endDay = end ? (item.dateTime ? localDate(end, clock.timeZone) : end.slice(0, 10)) : day;
  return {
    ...item,
    _id: id,
    start,
    end,
    day,
    endDay: endDay < day ? day : endDay,
    startMs,
    expandedDate: day,
    originalId: item._id,
    upcoming: isUpcoming({ start, end, dateTime: item.dateTime }, endDay < day ? day : endDay, clock.now, clock.today),
  };
}

function expandDays(item: FeedItem, clock: FeedClock): FeedItem[] {
  const last = lastDayOf(item, clock);
  const horizonEnd = addDays(clock.today, EXPANSION_HORIZON_DAYS);
  const until = last < horizonEnd ? last : horizonEnd;
  const earliest = addDays(clock.today, -EXPANSION_HORIZON_DAYS);
  const first = item.day < earliest ? earliest : addDays(item.day, 1);
  if (until < first) return [item];
  const byDay = item.recurrence?.frequency === "weekly" ? item.recurrence.byDay : undefined;
  const keep = byDay?.length ? new Set(byDay.map((code) => code.toUpperCase())) : null;
  const every = keep ? Math.max(1, Math.floor(item.recurrence?.interval ?? 1)) : 1;
  const firstWeek = weekIndex(item.day);
  // Timed copies keep the original's wall-clock start and length in wall-clock terms.
  const startWall = item.dateTime ? wallAt(item.startMs, clock.timeZone) : 0;
  const endWall = item.dateTime && item.end ? wallAt(Date.parse(item.end), clock.timeZone) : null;
  const dayMs = utcMidnight(item.day);
  const copies: FeedItem[] = [item];
  for (let n = daysBetween(item.day, first), day = first; day <= until && copies.length < MAX_COPIES; n++, day = addDays(day, 1)) {
    // The weekday from the running count rather than weekdayOf(day): parsing every day's key costs ~5 % of bench:feed.
    if (keep && !keep.has(DAY_CODES[new Date(dayMs + n * DAY_MS).getUTCDay()]!)) continue;
    if (every > 1 && (weekIndex(day) - firstWeek) % every !== 0) continue;
    const id = `${item._id}-${day}`;
    if (!item.dateTime) {
      copies.push(copyOf(item, day, day, day, Date.parse(day), clock, id));
      continue;
    }
    const startMs = instantAt(startWall + n * DAY_MS, clock.timeZone);
    const endMs = endWall === null ? null : instantAt(endWall + n * DAY_MS, clock.timeZone);
    copies.push(copyOf(item, day, new Date(startMs).toISOString(), endMs === null ? null : new Date(endMs).toISOString(), startMs, clock, id));
  }
  return copies;
}

/** A calendar file's series: one item per stored occurrence, the first being the event itself. */
function expandOccurrences(item: FeedItem, occurrences: NonNullable<FeedItem["occurrences"]>, clock: FeedClock): FeedItem[] {
  const copies: FeedItem[] = [];
  const seen = new Set<string>();
  for (const [index, occurrence] of occurrences.entries()) {
    if (copies.length >= MAX_COPIES) break;
    const start = occurrence.start;
    const day = item.dateTime ? localDate(start, clock.timeZone) : start.slice(0, 10);
    let id = index === 0 ? item._id : `${item._id}-${day}`;
    for (let n = 2; seen.has(id); n++) id = `${item._id}-${day}-${n}`;
    seen.add(id);
    const startMs = item.dateTime ? Date.parse(start) : Date.parse(day);
    const copy = copyOf(item, day, start, occurrence.end, startMs, clock, id);
    // The first occurrence is the event itself, not an expanded copy.
    if (index === 0) Object.assign(copy, { expandedDate: item.expandedDate, originalId: item.originalId });
    if (occurrence.eventName) copy.eventName = occurrence.eventName;
    if (occurrence.cancelled && !copy.cancel) Object.assign(copy, { tags: [...copy.tags, "cancel"] }, tagFlags([...copy.tags, "cancel"]));
    copies.push(copy);
  }
  return copies.length ? copies : [item];
}

export function expandRange(item: FeedItem, clock: FeedClock): FeedItem[] {
  if (item.occurrences?.length) return expandOccurrences(item, item.occurrences, clock);
  if (!item.range) return [item];
  return expandDays(item, clock);
}

/**
 * spec §4 "Updating an event merges changes; for range events the merge
 * applies to the base event and all expanded copies."
 */
export function mergeUpdate<T extends Pick<FeedItem, "_id" | "originalId">>(
  items: readonly T[],
  id: string,
  changes: Partial<T>,
): T[] {
  return items.map((item) => (item._id === id || item.originalId === id ? { ...item, ...changes } : item));
}
