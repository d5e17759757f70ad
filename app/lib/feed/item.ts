/**
 * A feed item: an event as the API sends it plus what the client derives
 * (spec §3 "Derived on the client"): its local days, the flags its tags set,
 * and whether it is still upcoming. Expanded copies of a range carry
 * expandedDate and originalId.
 */
import type { FeedEvent } from "../event";
import { localDate } from "../time-zone";

export interface FeedItem extends FeedEvent {
  /** Local day the item starts on ('YYYY-MM-DD'). */
  day: string;
  /** Local last day (inclusive). */
  endDay: string;
  /** Start as epoch ms (midnight UTC of the day for all-day items): sorting without re-parsing. */
  startMs: number;
  /** Set on the copies range expansion makes. */
  expandedDate?: string;
  originalId?: string;
  tentative: boolean;
  cancel: boolean;
  update: boolean;
  reschedule: boolean;
  upcoming: boolean;
}

/** spec §4 "Event tags drive flags tentative, cancel, update, reschedule." */
export function tagFlags(tags: readonly string[]) {
  const flags = { tentative: false, cancel: false, update: false, reschedule: false };
  for (const raw of tags) {
    const tag = raw.toLowerCase();
    if (tag in flags) flags[tag as keyof typeof flags] = true;
  }
  return flags;
}

/**
 * spec §4 "Upcoming": a timed event while its end (or start) is after now; an
 * all-day event while its end is today or later.
 */
export function isUpcoming(
  event: Pick<FeedEvent, "start" | "end" | "dateTime">,
  endDay: string,
  now: number,
  today: string,
): boolean {
  if (event.dateTime) return new Date(event.end ?? event.start).getTime() > now;
  return endDay >= today;
}

export interface FeedClock {
  /** The parent's zone (IANA). */
  timeZone: string;
  /** Today in that zone, 'YYYY-MM-DD'. */
  today: string;
  /** Now, epoch ms. */
  now: number;
}

export function toItem(event: FeedEvent, clock: FeedClock): FeedItem {
  const day = event.dateTime ? localDate(event.start, clock.timeZone) : event.start.slice(0, 10);
  const lastDay = event.end ? (event.dateTime ? localDate(event.end, clock.timeZone) : event.end.slice(0, 10)) : day;
  const endDay = lastDay < day ? day : lastDay;
  const startMs = event.dateTime ? Date.parse(event.start) : Date.parse(day);
  const item = { ...event, day, endDay, startMs, tentative: false, cancel: false, update: false, reschedule: false, upcoming: false };
  if (event.tags.length) Object.assign(item, tagFlags(event.tags));
  item.upcoming = isUpcoming(event, endDay, clock.now, clock.today);
  return item;
}

/** The id the API knows an item by (spec §7: originalId when present, else _id). */
export function apiId(item: Pick<FeedItem, "_id" | "originalId">): string {
  return item.originalId ?? item._id;
}
