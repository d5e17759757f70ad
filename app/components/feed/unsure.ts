/**
 * Which dates wait for a parent's answer (issue 30), apart from the list that shows
 * them: the feed needs the count on every load, the list (UnsureDates.tsx) only
 * when there is one (ADR 012).
 */
import { eventDay } from "~/lib/event";
import type { FeedItem } from "~/lib/feed/item";

export function unsureLine(count: number): string {
  return `Cubby isn't sure about ${count} ${count === 1 ? "date" : "dates"}`;
}

/** The events waiting for an answer: once each (not per day of a span), upcoming, not hidden. */
export function unsureEvents(items: readonly FeedItem[], today: string, timeZone: string): FeedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (!item.needsReview || item.dislike || item.demoEvent || seen.has(item._id)) return false;
    seen.add(item._id);
    const last = item.endRange ?? (item.end && !item.dateTime ? item.end.slice(0, 10) : eventDay(item, timeZone));
    return last >= today;
  });
}
