/**
 * Test support: a written feed read back the way a calendar app reads it
 * (ical.js with the feed's VTIMEZONE, each series with its overrides), and
 * the feed's own copies, both as the same set of occurrences.
 */
import ICAL from "ical.js";
import { addDays } from "~/lib/calendar-day";
import type { FeedItem } from "~/lib/feed/item";
import { wallClock } from "~/lib/time-zone";

/** "<event id> <local day>[ <HH:mm>][ cancelled]"; an all-day occurrence gives one per day it covers. */
function occurrenceKeys(id: string, start: { day: string; time: string | null }, lastDay: string, cancelled: boolean): string[] {
  const keys: string[] = [];
  for (let day = start.day; day <= lastDay; day = addDays(day, 1)) {
    keys.push([id, day, start.time, cancelled ? "cancelled" : null].filter(Boolean).join(" "));
  }
  return keys;
}

/** The occurrences the feed's copies stand for. */
export function copyOccurrences(copies: readonly FeedItem[], timeZone: string): Set<string> {
  const keys = new Set<string>();
  for (const copy of copies) {
    const id = copy.originalId ?? copy._id;
    const local = wallClock(new Date(copy.startMs), timeZone);
    const start = copy.dateTime ? { day: local.slice(0, 10), time: local.slice(11, 16) } : { day: copy.day, time: null };
    for (const key of occurrenceKeys(id, start, copy.dateTime ? start.day : copy.endDay, copy.cancel)) keys.add(key);
  }
  return keys;
}

/** Every occurrence a calendar app shows from the feed through `lastDay`, on the parent's wall clock. */
export function readOccurrences(ics: string, timeZone: string, lastDay: string): Set<string> {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(vtimezone);
  const vevents = calendar.getAllSubcomponents("vevent");
  const keys = new Set<string>();
  for (const master of vevents.filter((v) => !v.hasProperty("recurrence-id"))) {
    const event = new ICAL.Event(master);
    for (const override of vevents) {
      if (override.hasProperty("recurrence-id") && override.getFirstPropertyValue("uid") === event.uid) event.relateException(override);
    }
    const id = event.uid.replace(/@cubby$/, "");
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const { startDate, endDate, item } = event.getOccurrenceDetails(next);
      const cancelled = item.component.getFirstPropertyValue("status") === "CANCELLED";
      let start: { day: string; time: string | null };
      let last: string;
      if (startDate.isDate) {
        start = { day: startDate.toString(), time: null };
        last = addDays(endDate.toString(), -1);
      } else {
        const local = wallClock(new Date(startDate.toUnixTime() * 1000), timeZone);
        start = { day: local.slice(0, 10), time: local.slice(11, 16) };
        last = start.day;
      }
      if (start.day > lastDay) break;
      for (const key of occurrenceKeys(id, start, last < start.day ? start.day : last, cancelled)) keys.add(key);
    }
  }
  return keys;
}
