/**
 * spec §2 "Latest Events" and §9 "New-events dot": what arrived lately.
 * Only events starting today or later count, never the copies of a range.
 * The dot's count is the feed's; the card's groups are latest-groups.ts,
 * worked out only when the card opens.
 */
import { isShown } from "../event";
import type { FeedItem } from "./item";

export function isLatest(item: FeedItem, today: string): boolean {
  // Hidden events, and those waiting for an answer, are out of the feed, so they are out of its news too.
  return !item.expandedDate && isShown(item) && item.day >= today;
}

/** Events starting today or later, not expanded copies, not yet opened. */
export function newEventsCount(items: readonly FeedItem[], today: string): number {
  let count = 0;
  for (const item of items) if (isLatest(item, today) && !item.firstView) count++;
  return count;
}
