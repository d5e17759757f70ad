/**
 * spec §4 "Day grouping" and the month sections of spec §2: hidden events are
 * left out; one group per local day, today always present; timed events
 * before all-day ones, each by start; days ascending. Month-wide events sit in
 * their month's own list. Runs of empty days between event days become gaps.
 */
import { addDays, daysBetween, monthKey } from "../calendar-day";
import { isShown } from "../event";
import type { FeedItem } from "./item";

export interface DayGroup {
  kind: "day";
  /** 'YYYY-MM-DD' */
  day: string;
  events: FeedItem[];
}

/** Empty days between two event days: 'from' through 'to', inclusive. */
export interface DayGap {
  kind: "gap";
  from: string;
  to: string;
}

export interface MonthGroup {
  /** 'YYYY-MM' */
  month: string;
  /** Day groups and the gaps between them, in order. */
  blocks: (DayGroup | DayGap)[];
  days: DayGroup[];
  monthEvents: FeedItem[];
}

function byTimeThenStart(a: FeedItem, b: FeedItem): number {
  if (a.dateTime !== b.dateTime) return a.dateTime ? -1 : 1;
  return a.startMs - b.startMs;
}

export function groupDays(items: readonly FeedItem[], today: string): DayGroup[] {
  const byDay = new Map<string, FeedItem[]>([[today, []]]);
  for (const item of items) {
    if (!isShown(item) || item.monthEvent) continue;
    const list = byDay.get(item.day);
    if (list) list.push(item);
    else byDay.set(item.day, [item]);
  }
  const days = [...byDay.keys()];
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array, sorted in place
  days.sort();
  return days.map((day) => {
    const events = byDay.get(day)!;
    // oxlint-disable-next-line unicorn/no-array-sort -- built above, owned here
    events.sort(byTimeThenStart);
    return { kind: "day", day, events };
  });
}

export function groupMonths(days: readonly DayGroup[], items: readonly FeedItem[]): MonthGroup[] {
  const months = new Map<string, MonthGroup>();
  const monthOf = (month: string) => {
    let group = months.get(month);
    if (!group) {
      group = { month, blocks: [], days: [], monthEvents: [] };
      months.set(month, group);
    }
    return group;
  };
  let previous: string | null = null;
  for (const day of days) {
    // Every empty day between two event days is shown (spec §2), one gap per
    // month it touches: the end of one month, whole empty months, the start of the next.
    if (previous && daysBetween(previous, day.day) > 1) {
      let from = addDays(previous, 1);
      const last = addDays(day.day, -1);
      while (from <= last) {
        const monthEnd = addDays(`${monthKey(addDays(`${monthKey(from)}-28`, 4))}-01`, -1);
        const to = monthEnd < last ? monthEnd : last;
        monthOf(monthKey(from)).blocks.push({ kind: "gap", from, to });
        from = addDays(to, 1);
      }
    }
    const group = monthOf(monthKey(day.day));
    group.blocks.push(day);
    group.days.push(day);
    previous = day.day;
  }
  for (const item of items) {
    if (item.monthEvent && isShown(item) && !item.expandedDate) monthOf(monthKey(item.day)).monthEvents.push(item);
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array
  return [...months.values()].sort((a, b) => (a.month < b.month ? -1 : 1));
}
