/**
 * An event as `GET /api/events` answers it (spec §3 "Event"), and the day
 * list the feed frame shows: today and the days after it that have events.
 * (Range expansion, month events and weather belong to the full feed model.)
 */
import { localDate } from "./time-zone";

export interface Mention {
  _id: string;
  sourceContentId: string;
  sourceType: string;
  sourceSender: string | null;
  sourceAddress: string | null;
  sourceDate: string;
  sourceURL: string | null;
}

export interface FeedEvent {
  _id: string;
  id: string;
  eventName: string;
  description: string | null;
  /** 'YYYY-MM-DD' for all-day events, an ISO instant for timed ones. */
  start: string;
  end: string | null;
  /** True = timed, false = all-day. */
  dateTime: boolean;
  tags: string[];
  range: boolean;
  /** Range events: first and last day ('YYYY-MM-DD'), end inclusive. */
  startRange?: string | null;
  endRange?: string | null;
  recurrence?: { frequency: string; byDay?: string[]; interval?: number; rule?: string } | null;
  /**
   * A calendar file's series: each occurrence's start and end, stored like
   * `start`/`end` (ADR 013). When present the feed shows exactly these.
   */
  occurrences?: { start: string; end: string | null; cancelled?: boolean; eventName?: string }[] | null;
  monthEvent: boolean;
  weekEvent: boolean;
  firstView: boolean;
  like: boolean;
  dislike: boolean;
  dislikeReason?: string | null;
  taggedPeople: string[];
  location: string | null;
  locationObject?: { lat?: number; lng?: number; name?: string; streetAddress?: string; city?: string; state?: string } | null;
  hyperlink: string | null;
  mentions: Mention[];
  createdAt: string;
  demoEvent?: boolean;
  /** The line or lines it was read from, plain text (issue 30). */
  source?: string | null;
  /** The extractor's confidence, 0–1; null or missing: sure. */
  confidence?: number | null;
  /** Waiting for a parent's answer: out of the feed and everything else until added. */
  needsReview?: boolean;
}

/** A new event's flags: not month- or week-wide, not seen, saved or hidden, tagged to no child. */
export function unflagged(): Pick<FeedEvent, "monthEvent" | "weekEvent" | "firstView" | "like" | "dislike" | "taggedPeople"> {
  return { monthEvent: false, weekEvent: false, firstView: false, like: false, dislike: false, taggedPeople: [] };
}

/**
 * Whether an event shows anywhere (the feed, the month tray, occurrences, the calendar
 * feed out): not hidden by a parent, and not waiting for a parent's answer (issue 30).
 */
export function isShown(event: Pick<FeedEvent, "dislike" | "needsReview">): boolean {
  return !event.dislike && !event.needsReview;
}

/** The parent's calendar date an event starts on ('YYYY-MM-DD'). */
export function eventDay(event: Pick<FeedEvent, "start" | "dateTime">, timeZone: string): string {
  return event.dateTime ? localDate(event.start, timeZone) : event.start.slice(0, 10);
}

function lastDay(event: Pick<FeedEvent, "start" | "end" | "dateTime">, timeZone: string): string {
  if (!event.end) return eventDay(event, timeZone);
  return event.dateTime ? localDate(event.end, timeZone) : event.end.slice(0, 10);
}

export interface FeedDay {
  /** 'YYYY-MM-DD' */
  day: string;
  events: FeedEvent[];
}

/**
 * Today (always, even when empty) and each later day with events, ascending.
 * Hidden events are left out; an event already under way shows on today.
 * Within a day timed events come first, then all-day, each by start (spec §4).
 */
export function upcomingDays(events: readonly FeedEvent[], today: string, timeZone: string): FeedDay[] {
  const byDay = new Map<string, FeedEvent[]>([[today, []]]);
  for (const event of events) {
    if (!isShown(event) || lastDay(event, timeZone) < today) continue;
    const start = eventDay(event, timeZone);
    const day = start < today ? today : start;
    byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  // Fresh arrays are sorted in place: toSorted() needs a newer TypeScript lib than the project uses.
  return [...byDay.entries()]
    // oxlint-disable-next-line unicorn/no-array-sort
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({
      day,
      // oxlint-disable-next-line unicorn/no-array-sort
      events: [...list].sort(
        (a, b) => Number(b.dateTime) - Number(a.dateTime) || a.start.localeCompare(b.start),
      ),
    }));
}
