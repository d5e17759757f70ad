/**
 * The whole feed model from the events the API answers: items (with range
 * copies), day and month groups and the new-events count (the Latest Events
 * card groups its own, latest-groups.ts). Pure: the same input gives the same
 * feed on the server, in the browser and in tests.
 */
import type { FeedEvent } from "../event";
import { type DayGroup, groupDays, groupMonths, type MonthGroup } from "./days";
import { expandRange } from "./expand";
import { type FeedClock, type FeedItem, toItem } from "./item";
import { newEventsCount } from "./latest";

export interface Feed {
  items: FeedItem[];
  days: DayGroup[];
  months: MonthGroup[];
  newCount: number;
}

/** One event's items onto `items`; an event that cannot be read is left out (and logged) rather than breaking the feed. */
function addItems(items: FeedItem[], event: FeedEvent, clock: FeedClock) {
  try {
    // A loop, not push(...copies): spreading thousands of arguments overflows the stack.
    for (const item of expandRange(toItem(event, clock), clock)) items.push(item);
  } catch (error) {
    console.warn("Event left out of the feed", event._id, String(error));
  }
}

/** Every event's items. */
export function buildItems(events: readonly FeedEvent[], clock: FeedClock): FeedItem[] {
  const items: FeedItem[] = [];
  for (const event of events) addItems(items, event, clock);
  return items;
}

/** Longest stretch of building before the page gets the main thread back. */
const SLICE_MS = 8;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * buildItems in slices of a few milliseconds, handing the main thread back
 * between them: a school year of events built in one go is a long task on a
 * phone, just when the page has woken up and the parent may tap. Items that
 * did not change since `previous` are kept as they were (keepUnchanged), in
 * the same slices: compared after the build, 2,000 events are one long task
 * of their own.
 */
export async function buildItemsInSlices(
  events: readonly FeedEvent[],
  clock: FeedClock,
  {
    sliceMs = SLICE_MS,
    pause = nextTask,
    previous = null,
  }: { sliceMs?: number; pause?: () => Promise<void>; previous?: readonly FeedItem[] | null } = {},
): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  const keep = keeper(previous);
  let sliceStart = performance.now();
  for (const event of events) {
    const from = items.length;
    addItems(items, event, clock);
    for (let at = from; at < items.length; at++) items[at] = keep(items[at]!);
    if (performance.now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = performance.now();
    }
  }
  return items;
}

/** The feed from already built items (after a like, hide or first view changed some). */
/**
 * The feed of these items. With `previous`, a month whose days and events are the same
 * objects as before keeps its previous group, so its memoised section is not drawn
 * again: a like or a child picked redraws one month, not the year.
 */
export function feedOf(items: FeedItem[], clock: FeedClock, previous: Feed | null = null): Feed {
  const days = groupDays(items, clock.today);
  const months = groupMonths(days, items);
  return {
    items,
    days,
    months: previous ? keepUnchangedMonths(previous.months, months) : months,
    newCount: newEventsCount(items, clock.today),
  };
}

/** Builds each feed against the one it built last (`feedOf`'s `previous`). */
export function feedBuilder(): (items: FeedItem[], clock: FeedClock) => Feed {
  let last: Feed | null = null;
  return (items, clock) => (last = feedOf(items, clock, last));
}

function sameItems(a: readonly FeedItem[], b: readonly FeedItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

function sameBlock(a: MonthGroup["blocks"][number], b: MonthGroup["blocks"][number]): boolean {
  if (a.kind === "gap") return b.kind === "gap" && a.from === b.from && a.to === b.to;
  return b.kind === "day" && a.day === b.day && sameItems(a.events, b.events);
}

function keepUnchangedMonths(previous: readonly MonthGroup[], next: MonthGroup[]): MonthGroup[] {
  const before = new Map(previous.map((group) => [group.month, group]));
  return next.map((group) => {
    const old = before.get(group.month);
    const same =
      old &&
      sameItems(old.monthEvents, group.monthEvents) &&
      old.blocks.length === group.blocks.length &&
      old.blocks.every((block, i) => sameBlock(block, group.blocks[i]!));
    return same ? old : group;
  });
}

export function buildFeed(events: readonly FeedEvent[], clock: FeedClock): Feed {
  return feedOf(buildItems(events, clock), clock);
}

/**
 * A new build's items, each kept as the object the previous build made when
 * nothing in it changed, so that what is drawn from them (a memoised tile) is
 * not drawn again.
 */
export function keepUnchanged(previous: readonly FeedItem[] | null, next: FeedItem[]): FeedItem[] {
  if (!previous?.length) return next;
  return next.map(keeper(previous));
}

/** An item, or the equal one `previous` had under its id. */
function keeper(previous: readonly FeedItem[] | null): (item: FeedItem) => FeedItem {
  if (!previous?.length) return (item) => item;
  const before = new Map(previous.map((item) => [item._id, item]));
  return (item) => {
    const old = before.get(item._id);
    return old && JSON.stringify(old) === JSON.stringify(item) ? old : item;
  };
}
