/**
 * The parent's zone as a VTIMEZONE, made from Intl (no tz database to ship):
 * the zone's offset changes over the years the feed covers, one STANDARD or
 * DAYLIGHT observance per change. Calendar apps that know the IANA name use
 * their own rules; the rest, and ical.js, read these.
 */
import ICAL from "ical.js";
import { offsetMinutes } from "~/lib/time-zone";

const DAY_MS = 86_400_000;
/** Every offset change in use falls on a UTC quarter-hour. */
const QUARTER_HOUR_MS = 900_000;

export interface OffsetChange {
  /** The instant the new offset starts, epoch ms. */
  at: number;
  /** Minutes ahead of UTC before and after. */
  from: number;
  to: number;
}

/** The first quarter-hour in (after, before] at which the offset is no longer `offset`. */
function changeWithin(after: number, before: number, offset: number, timeZone: string): number {
  let lo = after;
  let hi = before;
  while (hi - lo > QUARTER_HOUR_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
    if (offsetMinutes(mid, timeZone) === offset) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** The zone's offset changes between two instants (quarter-hour aligned), found a day at a time. */
export function offsetChanges(timeZone: string, fromMs: number, toMs: number): OffsetChange[] {
  const changes: OffsetChange[] = [];
  let offset = offsetMinutes(fromMs, timeZone);
  for (let day = fromMs; day < toMs; day += DAY_MS) {
    const next = Math.min(day + DAY_MS, toMs);
    const after = offsetMinutes(next, timeZone);
    if (after === offset) continue;
    changes.push({ at: changeWithin(day, next, offset, timeZone), from: offset, to: after });
    offset = after;
  }
  return changes;
}

function utcOffset(minutes: number): ICAL.UtcOffset {
  return ICAL.UtcOffset.fromSeconds(minutes * 60);
}

/** An observance starting at `at`, whose DTSTART is the local time before the change (RFC 5545 §3.6.5). */
function observance(at: number, from: number, to: number, daylight: boolean): ICAL.Component {
  const component = new ICAL.Component(daylight ? "daylight" : "standard");
  const local = new Date(at + from * 60_000).toISOString().slice(0, 19);
  component.addPropertyWithValue("dtstart", ICAL.Time.fromDateTimeString(local));
  component.addPropertyWithValue("tzoffsetfrom", utcOffset(from));
  component.addPropertyWithValue("tzoffsetto", utcOffset(to));
  return component;
}

/** The VTIMEZONE of `timeZone` from 1 January of `fromYear` through 31 December of `toYear`. */
export function zoneComponent(timeZone: string, fromYear: number, toYear: number): ICAL.Component {
  // A day early, so that 1 January's local midnight is covered east of Greenwich too.
  const from = Date.UTC(fromYear, 0, 1) - DAY_MS;
  const changes = offsetChanges(timeZone, from, Date.UTC(toYear + 1, 0, 1));
  const vtimezone = new ICAL.Component("vtimezone");
  vtimezone.addPropertyWithValue("tzid", timeZone);
  // The offset in force when the covered years begin; daylight when the first change goes back.
  const initial = offsetMinutes(from, timeZone);
  vtimezone.addSubcomponent(observance(from, initial, initial, (changes[0]?.to ?? initial) < initial));
  for (const { at, from: before, to } of changes) {
    vtimezone.addSubcomponent(observance(at, before, to, to > before));
  }
  return vtimezone;
}
