/**
 * spec §2 "Latest Events" and §9 "New-events dot": what arrived lately.
 * Only events starting today or later count, never the copies of a range.
 */
import { daysBetween } from "../calendar-day";
import { localDate } from "../time-zone";
import type { FeedClock, FeedItem } from "./item";

export interface LatestGroup {
  label: string;
  events: FeedItem[];
}

function isLatest(item: FeedItem, today: string): boolean {
  // Hidden events are out of the feed, so they are out of its news too.
  return !item.expandedDate && !item.dislike && item.day >= today;
}

/** Relative time since an event was found, by local day. */
export function foundLabel(createdAt: string, clock: FeedClock): string {
  const age = daysBetween(localDate(createdAt, clock.timeZone), clock.today);
  if (age <= 0) return "Today";
  if (age === 1) return "Yesterday";
  if (age < 7) return "This Week";
  if (age < 31) return "This Month";
  return "Earlier";
}

const ORDER = ["Today", "Yesterday", "This Week", "This Month", "Earlier"];

/** Newest group first; by start within a group. */
export function latestGroups(items: readonly FeedItem[], clock: FeedClock): LatestGroup[] {
  const groups = new Map<string, FeedItem[]>();
  for (const item of items) {
    if (!isLatest(item, clock.today)) continue;
    const label = foundLabel(item.createdAt, clock);
    const list = groups.get(label);
    if (list) list.push(item);
    else groups.set(label, [item]);
  }
  return ORDER.filter((label) => groups.has(label)).map((label) => ({
    label,
    // oxlint-disable-next-line unicorn/no-array-sort -- built above, owned here
    events: groups.get(label)!.sort((a, b) => a.startMs - b.startMs),
  }));
}

/** Events starting today or later, not expanded copies, not yet opened. */
export function newEventsCount(items: readonly FeedItem[], today: string): number {
  let count = 0;
  for (const item of items) if (isLatest(item, today) && !item.firstView) count++;
  return count;
}
