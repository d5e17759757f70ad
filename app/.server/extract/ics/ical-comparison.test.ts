/**
 * Calendar truth, measured: for each of 29 real calendar files
 * (tests/fixtures/ics-external, see its INDEX.md) the occurrences the feed
 * shows over 400 days, through the whole path (reader → normaliser → stored
 * form → the feed's own expansion), against ical.js's own iteration of the
 * same file (ICAL.Event, its iterator and relateException).
 *
 * The reference shares two things with Cubby, on purpose: the line repairs
 * that let a malformed file parse at all, and the reading of TZIDs the file
 * does not define (ical.js would read those as floating). Everything else,
 * RRULE, RDATE, EXDATE, overrides, DURATION, exclusive all-day ends, is
 * ical.js's own answer.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { addDays } from "../../../lib/calendar-day";
import { feedOccurrences, type FeedOccurrence } from "../../../lib/feed/occurrences";
import { localDate, wallClockWithOffset } from "../../../lib/time-zone";
import { asFeedEvent } from "../../ingest/stored-event";
import { shortTitle } from "../builtin/titles";
import { extractEvents } from "../pipeline";
import { builtinExtractor } from "../builtin/extractor";
import { dropUndecodable, readCalendar } from "./calendar-text";
import { type Stamp, timeReader, tzidOf, withCalendarZones } from "./instants";

const DIR = join(import.meta.dirname, "../../../../tests/fixtures/ics-external");
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".ics")).toSorted();
const DAYS = 400;

interface Occurrence {
  key: string;
  /** Local start: 'YYYY-MM-DDTHH:mm:ss±hh:mm' or 'YYYY-MM-DD'. */
  start: string;
  cancelled: boolean;
}

/** Occurrences are compared to the minute: a parent sees minutes, files write seconds ("08:00:01"). */
function toMinute(start: string): string {
  return start.length > 10 ? `${start.slice(0, 16)}${start.slice(19)}` : start;
}

function keyOf(name: string, start: string): string {
  return `${name.trim().replace(/\s+/g, " ").toLowerCase()}|${start.slice(0, 10)}`;
}

/** The earliest DTSTART in the file: the comparison's "now", so its 400 days hold the file's events. */
function firstStart(text: string, zone: string): Date | null {
  const calendar = readCalendar(text);
  if (!calendar) return null;
  return withCalendarZones(calendar, (defined) => {
    dropUndecodable(calendar);
    const reader = timeReader(defined, zone);
    const starts = calendar.getAllSubcomponents("vevent").flatMap((v) => {
      const time = v.getFirstPropertyValue("dtstart");
      if (!(time instanceof ICAL.Time)) return [];
      const stamp = reader.stamp(time, tzidOf(v.getFirstProperty("dtstart")));
      return [stamp.ms ?? Date.parse(`${stamp.day}T12:00:00Z`)];
    });
    return starts.length ? new Date(Math.min(...starts)) : null;
  });
}

function local(stamp: Stamp, zone: string): string {
  return stamp.day ?? wallClockWithOffset(new Date(stamp.ms!), zone);
}

/** ical.js's own occurrences of the file whose local start day falls in the window. */
function referenceOccurrences(text: string, zone: string, fromDay: string, toDay: string): Occurrence[] {
  const calendar = readCalendar(text);
  if (!calendar) return [];
  return withCalendarZones(calendar, (defined) => {
    dropUndecodable(calendar);
    const reader = timeReader(defined, zone);
    const vevents = calendar.getAllSubcomponents("vevent").filter((v) => v.hasProperty("dtstart"));
    const out: Occurrence[] = [];
    const tzid = (c: ICAL.Component) => tzidOf(c.getFirstProperty("dtstart"));
    const recurring = (v: ICAL.Component) => v.hasProperty("rrule") || v.hasProperty("rdate");
    const masters = vevents.filter((v) => !v.hasProperty("recurrence-id") || !vevents.some((m) => m !== v && recurring(m) && m.getFirstPropertyValue("uid") === v.getFirstPropertyValue("uid")));
    for (const master of masters) {
      const event = new ICAL.Event(master);
      const cancelledSeries = String(master.getFirstPropertyValue("status")).toUpperCase() === "CANCELLED";
      const push = (start: ICAL.Time, item: ICAL.Component, summary: string) => {
        const value = local(reader.stamp(start, tzid(item) ?? tzid(master)), zone);
        const day = value.slice(0, 10);
        if (day < fromDay || day > toDay) return;
        const cancelled = cancelledSeries || String(item.getFirstPropertyValue("status")).toUpperCase() === "CANCELLED";
        const key = keyOf(summary, value);
        // The same occurrence written twice (a series' RDATE and a stray override) is one.
        if (!out.some((o) => o.key === key && o.start === toMinute(value))) out.push({ key, start: toMinute(value), cancelled });
      };
      // Tiles carry short titles (titles.ts); the same rule names the reference's occurrences.
      const name = (c: ICAL.Component, fallback: string) => {
        const summary = (c.getFirstPropertyValue("summary") as string | null)?.trim();
        return summary ? shortTitle(summary) || summary : fallback;
      };
      if (!recurring(master)) {
        push(event.startDate, master, name(master, "(No title)"));
        continue;
      }
      for (const exception of vevents.filter((v) => v !== master && v.hasProperty("recurrence-id") && v.getFirstPropertyValue("uid") === master.getFirstPropertyValue("uid"))) {
        // RFC 5545: RECURRENCE-ID has DTSTART's value type. Exchange writes a date-time for
        // an all-day series, which ical.js would match with nothing: read its date.
        const id = exception.getFirstProperty("recurrence-id")!;
        const value = id.getFirstValue() as ICAL.Time;
        if (event.startDate.isDate && !value.isDate) {
          const date = value.clone();
          date.isDate = true;
          id.setValue(date);
        }
        event.relateException(exception);
      }
      const iterator = event.iterator();
      for (let step = 0, next = iterator.next(); next && step < 20_000; step++, next = iterator.next()) {
        const details = event.getOccurrenceDetails(next);
        if (local(reader.stamp(details.startDate, tzid(master)), zone).slice(0, 10) > addDays(toDay, 2) && details.item === event) break;
        push(details.startDate, details.item.component, name(details.item.component, name(master, "(No title)")));
      }
    }
    return out;
  });
}

async function cubbyOccurrences(text: string, zone: string, now: Date): Promise<FeedOccurrence[]> {
  const document = { kind: "ics" as const, subject: "", from: null, sentAt: now, text: "", html: null, attachments: [{ filename: "calendar.ics", contentType: "text/calendar" as const, text }] };
  const events = await extractEvents(document, { now, timeZone: zone }, builtinExtractor);
  const feed = events.map((e, i) => asFeedEvent(e, `event-${i}`, zone, now));
  const clock = { timeZone: zone, today: localDate(now, zone), now: now.getTime() };
  return feedOccurrences(feed, clock, DAYS);
}

interface Score {
  file: string;
  expected: number;
  shown: number;
  matched: number;
  sameTime: number;
}

async function compare(file: string, zone: string): Promise<Score> {
  const text = readFileSync(join(DIR, file), "utf8");
  const now = firstStart(text, zone) ?? new Date("2026-01-01T12:00:00Z");
  const fromDay = localDate(now, zone);
  const reference = referenceOccurrences(text, zone, fromDay, addDays(fromDay, DAYS));
  const found = await cubbyOccurrences(text, zone, now);
  const ours = found.map((o) => ({ key: keyOf(o.eventName, o.start), start: toMinute(o.start), cancelled: o.cancelled }));
  let matched = 0;
  let sameTime = 0;
  const left = [...ours];
  for (const expected of reference) {
    // The same name and time first; else the same name that day (then the time is wrong).
    let index = left.findIndex((o) => o.key === expected.key && o.start === expected.start);
    if (index < 0) index = left.findIndex((o) => o.key === expected.key);
    if (index < 0) continue;
    const [hit] = left.splice(index, 1);
    matched++;
    if (hit!.start === expected.start && hit!.cancelled === expected.cancelled) sameTime++;
  }
  return { file, expected: reference.length, shown: ours.length, matched, sameTime };
}

describe("calendar truth against ical.js (29 real calendar files, 400 days)", () => {
  for (const zone of ["America/Toronto", "Australia/Sydney"]) {
    it(`shows ical.js's occurrences at ical.js's times, parent in ${zone}`, async () => {
      const scores: Score[] = [];
      for (const file of FILES) scores.push(await compare(file, zone));
      const total = scores.reduce(
        (t, s) => ({ expected: t.expected + s.expected, shown: t.shown + s.shown, matched: t.matched + s.matched, sameTime: t.sameTime + s.sameTime }),
        { expected: 0, shown: 0, matched: 0, sameTime: 0 },
      );
      const precision = total.matched / total.shown;
      const recall = total.matched / total.expected;
      const misses = scores.filter((s) => s.matched !== s.expected || s.matched !== s.shown || s.sameTime !== s.matched);
      console.info(
        `ical.js comparison (${zone}): ${total.expected} expected, ${total.shown} shown, precision ${precision.toFixed(4)}, recall ${recall.toFixed(4)}, same time ${total.sameTime}/${total.matched}`,
        misses.map((s) => `${s.file}: ${s.matched}/${s.expected} matched, ${s.shown} shown, ${s.sameTime} same time`),
      );
      expect(FILES).toHaveLength(29);
      expect(total.expected).toBeGreaterThan(1000);
      expect(precision).toBeGreaterThanOrEqual(0.99);
      expect(recall).toBeGreaterThanOrEqual(0.99);
      expect(total.sameTime).toBe(total.matched);
    });
  }
});
