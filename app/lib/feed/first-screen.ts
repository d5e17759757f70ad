/**
 * What the feed's first screen needs (ADR 012): the server draws today's
 * month up to three weeks after today, and the page carries only the events
 * that draw it; the browser fetches the rest after hydrating. Pure, so the
 * server and tests pick the same events.
 */
import { addDays } from "../calendar-day";
import type { FeedEvent } from "../event";
import { buildFeed } from "./build";
import { apiId, type FeedClock, type FeedItem } from "./item";

/** The first draw stops this many days after today (the rest is drawn on scroll). */
export const FIRST_DRAW_DAYS = 21;

export interface FirstScreen {
  /** The events that draw the first screen exactly as the whole year would. */
  events: FeedEvent[];
  /** spec §9 "New-events dot": counted over every event, not only these. */
  newCount: number;
  /** True when these are all the parent's events (nothing to fetch after hydrating). */
  complete: boolean;
}

/**
 * The events of the days drawn first (today's month through today + 21 days,
 * the month-wide events of today's month and the next), plus the neighbours
 * that shape them: the last event day before today's month (the gap at the
 * month's top, and the sentinel for earlier months) and the first one after
 * the drawn days (the gap at the end). With these, the first draw is the same
 * DOM as with the whole year, so nothing shifts when the rest arrives.
 */
export function firstScreen(events: readonly FeedEvent[], clock: FeedClock): FirstScreen {
  const feed = buildFeed(events, clock);
  const todayMonth = clock.today.slice(0, 7);
  const monthStart = `${todayMonth}-01`;
  const drawUntil = addDays(clock.today, FIRST_DRAW_DAYS);
  const keep = new Set<string>();
  const add = (item: FeedItem) => keep.add(apiId(item));

  const index = feed.months.findIndex((month) => month.month === todayMonth);
  for (const month of feed.months.slice(Math.max(0, index), index + 2)) for (const item of month.monthEvents) add(item);
  const withEvents = feed.days.filter((day) => day.events.length > 0);
  for (const day of withEvents) if (day.day >= monthStart && day.day <= drawUntil) day.events.forEach(add);
  withEvents.findLast((day) => day.day < monthStart)?.events.forEach(add);
  withEvents.find((day) => day.day > drawUntil)?.events.forEach(add);

  const chosen = events.filter((event) => keep.has(event._id));
  return { events: chosen, newCount: feed.newCount, complete: chosen.length === events.length };
}
