/**
 * A FeedEvent for tests: an all-day "Event" on 2025-11-22 with every flag off,
 * changed by `overrides` (`_id` or `id` sets both). Test-only: nothing in the app imports it.
 */
import { type FeedEvent, unflagged } from "./event";

export function feedEvent(overrides: Partial<FeedEvent> = {}): FeedEvent {
  const id = overrides._id ?? overrides.id ?? "e";
  return {
    _id: id,
    id,
    eventName: "Event",
    description: null,
    start: "2025-11-22",
    end: null,
    dateTime: false,
    tags: [],
    range: false,
    ...unflagged(),
    location: null,
    hyperlink: null,
    mentions: [],
    createdAt: "2025-11-22T12:00:00.000Z",
    ...overrides,
  };
}
