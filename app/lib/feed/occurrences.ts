/**
 * Every occurrence the feed shows in a stretch of days, from the feed's own
 * expansion: what the extractor CLI prints with --occurrences and what the
 * calendar comparison test (tests against ical.js) checks.
 */
import { addDays } from "../calendar-day";
import { isShown, type FeedEvent } from "../event";
import { wallClockWithOffset } from "../time-zone";
import { buildItems } from "./build";
import type { FeedClock } from "./item";

export interface FeedOccurrence {
  eventName: string;
  /** On the parent's clock with its offset ('2026-11-02T18:00:00-05:00'), or 'YYYY-MM-DD' when all-day. */
  start: string;
  allDay: boolean;
  cancelled: boolean;
}

/**
 * Occurrences starting today through `days` later, in order; hidden events left
 * out. A multi-day event is one occurrence, however many days it shows on.
 */
export function feedOccurrences(events: readonly FeedEvent[], clock: FeedClock, days: number): FeedOccurrence[] {
  const last = addDays(clock.today, days);
  return buildItems(events, clock)
    .filter((item) => isShown(item) && item.day >= clock.today && item.day <= last)
    .filter((item) => !item.originalId || Boolean(item.recurrence || item.occurrences))
    .toSorted((a, b) => a.startMs - b.startMs || a.eventName.localeCompare(b.eventName))
    .map((item) => ({
      eventName: item.eventName,
      start: item.dateTime ? wallClockWithOffset(new Date(item.start), clock.timeZone) : item.day,
      allDay: !item.dateTime,
      cancelled: item.cancel,
    }));
}
