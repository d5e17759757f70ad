/**
 * A calendar file's series, occurrence by occurrence, with ical.js's iterator:
 * RRULE (INTERVAL, COUNT, UNTIL, BYDAY with ordinals, BYMONTHDAY, monthly and
 * yearly rules, several rules), RDATE, EXDATE and RECURRENCE-ID overrides.
 *
 * ical.js pairs an override with its occurrence, and an EXDATE with the one it
 * removes, by the value as written. Exports write those in another zone than
 * DTSTART (Exchange: an all-day series moved with a date-time in "W. Europe
 * Standard Time"; an EXDATE in Los Angeles time on an Eastern series), so they
 * are first rewritten in the series' own terms.
 */
import ICAL from "ical.js";
import { addDays } from "../../../lib/calendar-day";
import { MAX_OCCURRENCES } from "../normalise";
import { type Stamp, type TimeReader, tzidOf } from "./instants";

/** Past this many steps of the iterator a rule is too dense to be a school or club schedule. */
const MAX_STEPS = 20_000;

export interface Window {
  /** First day shown ('YYYY-MM-DD', the parent's) and its start as an instant. */
  fromDay: string;
  fromMs: number;
  /** The horizon's end as an instant, and its day. */
  toMs: number;
  toDay: string;
}

export interface SeriesOccurrence {
  start: Stamp;
  end: Stamp | null;
  cancelled: boolean;
  /** The component this occurrence reads from: the series, or its override. */
  item: ICAL.Component;
}

/** A time re-expressed like the series' DTSTART: a date for an all-day series, else its zone's wall clock. */
function inSeriesTerms(time: ICAL.Time, tzid: string | null, start: ICAL.Property, reader: TimeReader): ICAL.Time {
  const first = start.getFirstValue() as ICAL.Time;
  if (first.isDate) {
    if (time.isDate) return time;
    const date = time.clone();
    date.isDate = true;
    return date;
  }
  const startTzid = tzidOf(start);
  if (time.isDate || tzid === startTzid) return time;
  const stamp = reader.stamp(time, tzid);
  if (stamp.ms === undefined) return time;
  const wall = reader.wallIn(stamp.ms, startTzid);
  return first.zone?.tzid === "UTC" ? ICAL.Time.fromJSDate(new Date(stamp.ms), true) : wall;
}

/**
 * An EXDATE written at the series' own clock time under another TZID (Outlook:
 * DTSTART Eastern, EXDATE Los Angeles, both 12:00) means that day's instance:
 * read literally it would remove nothing.
 */
function sameClockTime(value: ICAL.Time, start: ICAL.Property): boolean {
  const first = start.getFirstValue() as ICAL.Time;
  return !value.isDate && value.hour === first.hour && value.minute === first.minute && value.second === first.second;
}

/** Rewrites EXDATE, RDATE and RECURRENCE-ID values in the series' terms (see above). */
function alignToSeries(component: ICAL.Component, start: ICAL.Property, reader: TimeReader): void {
  for (const name of ["exdate", "rdate", "recurrence-id"]) {
    for (const property of component.getAllProperties(name)) {
      const values = property.getValues();
      if (!values.every((v) => v instanceof ICAL.Time)) continue;
      const tzid = tzidOf(property);
      const aligned = (values as ICAL.Time[]).map((v) =>
        name === "exdate" && !(start.getFirstValue() as ICAL.Time).isDate && sameClockTime(v, start) ? v : inSeriesTerms(v, tzid, start, reader),
      );
      if (aligned.every((v, i) => v === values[i])) continue;
      const startTzid = tzidOf(start);
      if (startTzid) property.setParameter("tzid", startTzid);
      else property.removeParameter("tzid");
      if (aligned[0]!.isDate) property.setParameter("value", "DATE");
      else property.removeParameter("value");
      if (property.isMultiValue) property.setValues(aligned);
      else property.setValue(aligned[0]!);
    }
  }
}

function isCancelled(component: ICAL.Component): boolean {
  return String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";
}

/** Over before the window opens (an all-day end is exclusive). */
function endsBefore(from: Stamp, to: Stamp | null, window: Window): boolean {
  if (from.day !== undefined) {
    const last = to?.day !== undefined && to.day > from.day ? addDays(to.day, -1) : from.day;
    return last < window.fromDay;
  }
  return Math.max(from.ms, to?.ms ?? 0) < window.fromMs;
}

function isAfter(stamp: Stamp, window: Window): boolean {
  return stamp.day !== undefined ? stamp.day > window.toDay : stamp.ms > window.toMs;
}

/**
 * The occurrences of `master` (with its overrides) that touch the window, in
 * order. An all-day occurrence's end is exclusive, as written.
 */
export function seriesOccurrences(
  master: ICAL.Component,
  overrides: ICAL.Component[],
  window: Window,
  reader: TimeReader,
): SeriesOccurrence[] {
  const start = master.getFirstProperty("dtstart");
  if (!start) return [];
  alignToSeries(master, start, reader);
  const event = new ICAL.Event(master);
  for (const override of overrides) {
    alignToSeries(override, start, reader);
    event.relateException(override);
  }
  const seriesCancelled = isCancelled(master);
  const found: SeriesOccurrence[] = [];
  const iterator = event.iterator();
  for (let step = 0; step < MAX_STEPS && found.length < MAX_OCCURRENCES; step++) {
    const next = iterator.next();
    if (!next) break;
    const details = event.getOccurrenceDetails(next);
    const item = details.item.component;
    const startTzid = tzidOf(item.getFirstProperty("dtstart")) ?? tzidOf(start);
    const from = reader.stamp(details.startDate, startTzid);
    // Overrides may move an occurrence later than the next one: keep iterating past the window a little.
    if (isAfter(from, window) && details.item === event) break;
    const endTzid = tzidOf(item.getFirstProperty("dtend")) ?? startTzid;
    const to = details.endDate ? reader.stamp(details.endDate, endTzid) : null;
    if (isAfter(from, window) || endsBefore(from, to, window)) continue;
    found.push({ start: from, end: to, cancelled: seriesCancelled || isCancelled(item), item });
  }
  // A moved occurrence may now come before its neighbours.
  return found.toSorted((a, b) => (a.start.ms ?? Date.parse(a.start.day!)) - (b.start.ms ?? Date.parse(b.start.day!)));
}
