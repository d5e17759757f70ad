/**
 * spec §4 "Range events are expanded into one copy per day after the start
 * through the end of the range; for weekly recurrence only days in byDay are
 * kept." A copy's _id is {eventId}-{YYYY-MM-DD}; it keeps the time of day of
 * the original in the parent's zone, across daylight-saving changes.
 */
import { DAY_CODES, daysBetween } from "./calendar-keys";
import type { FeedClock, FeedItem } from "./item";
import { offsetMinutes } from "./local-day";

const DAY_MS = 86_400_000;
/** Shorter than the half year between two daylight-saving changes. */
const SAME_OFFSET_SPAN_DAYS = 150;

function lastDayOf(item: FeedItem): string {
  const last = item.endRange?.slice(0, 10) || item.endDay;
  return last > item.day ? last : item.day;
}

/** The same wall-clock time `days` later in the zone, as epoch ms. */
function shiftInstant(base: number, days: number, timeZone: string, steady: boolean): number {
  const shifted = base + days * DAY_MS;
  if (steady) return shifted;
  return shifted + (offsetMinutes(base, timeZone) - offsetMinutes(shifted, timeZone)) * 60_000;
}

export function expandRange(item: FeedItem, clock: FeedClock): FeedItem[] {
  if (!item.range) return [item];
  const last = lastDayOf(item);
  const span = daysBetween(item.day, last);
  if (span <= 0) return [item];
  const byDay = item.recurrence?.frequency === "weekly" ? item.recurrence.byDay : undefined;
  const keep = byDay?.length ? new Set(byDay.map((code) => code.toUpperCase())) : null;
  // One offset check for the whole range instead of one per copy.
  const steady =
    !item.dateTime ||
    (span <= SAME_OFFSET_SPAN_DAYS &&
      offsetMinutes(item.startMs, clock.timeZone) === offsetMinutes(item.startMs + span * DAY_MS, clock.timeZone));
  const endMs = item.dateTime && item.end ? Date.parse(item.end) : null;
  const dayMs = Date.parse(item.day);
  const copies: FeedItem[] = [item];
  for (let n = 1; n <= span; n++) {
    const dayStart = dayMs + n * DAY_MS;
    if (keep && !keep.has(DAY_CODES[new Date(dayStart).getUTCDay()]!)) continue;
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const startMs = item.dateTime ? shiftInstant(item.startMs, n, clock.timeZone, steady) : dayStart;
    const copyEnd = endMs === null ? null : shiftInstant(endMs, n, clock.timeZone, steady);
    copies.push({
      ...item,
      _id: `${item._id}-${day}`,
      start: item.dateTime ? new Date(startMs).toISOString() : day,
      end: copyEnd === null ? (item.dateTime ? null : day) : new Date(copyEnd).toISOString(),
      day,
      endDay: day,
      startMs,
      expandedDate: day,
      originalId: item._id,
      upcoming: item.dateTime ? (copyEnd ?? startMs) > clock.now : day >= clock.today,
    });
  }
  return copies;
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
