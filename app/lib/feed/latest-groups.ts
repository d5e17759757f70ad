/**
 * spec §2 "Latest Events card": the upcoming originals grouped by when Cubby
 * found them. Loaded and worked out with the card, not with every build of
 * the feed (each item's found day is a time-zone reading).
 */
import { daysBetween } from "../calendar-day";
import { localDate } from "../time-zone";
import type { FeedClock, FeedItem } from "./item";
import { isLatest } from "./latest";

export interface LatestGroup {
  label: string;
  events: FeedItem[];
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
