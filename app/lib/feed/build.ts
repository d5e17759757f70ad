/**
 * The whole feed model from the events the API answers: items (with range
 * copies), day and month groups, the Latest Events groups and the new-events
 * count. Pure: the same input gives the same feed on the server, in the
 * browser and in tests.
 */
import type { FeedEvent } from "../event";
import { type DayGroup, groupDays, groupMonths, type MonthGroup } from "./days";
import { expandRange } from "./expand";
import { type FeedClock, type FeedItem, toItem } from "./item";
import { latestGroups, type LatestGroup, newEventsCount } from "./latest";

export interface Feed {
  items: FeedItem[];
  days: DayGroup[];
  months: MonthGroup[];
  latest: LatestGroup[];
  newCount: number;
}

/** Every event's items; one that cannot be read is left out (and logged) rather than breaking the feed. */
export function buildItems(events: readonly FeedEvent[], clock: FeedClock): FeedItem[] {
  const items: FeedItem[] = [];
  for (const event of events) {
    try {
      // A loop, not push(...copies): spreading thousands of arguments overflows the stack.
      for (const item of expandRange(toItem(event, clock), clock)) items.push(item);
    } catch (error) {
      console.warn("Event left out of the feed", event._id, String(error));
    }
  }
  return items;
}

/** The feed from already built items (after a like, hide or first view changed some). */
export function feedOf(items: FeedItem[], clock: FeedClock): Feed {
  const days = groupDays(items, clock.today);
  return {
    items,
    days,
    months: groupMonths(days, items),
    latest: latestGroups(items, clock),
    newCount: newEventsCount(items, clock.today),
  };
}

export function buildFeed(events: readonly FeedEvent[], clock: FeedClock): Feed {
  return feedOf(buildItems(events, clock), clock);
}
