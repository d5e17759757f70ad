/**
 * Where a calendar file's times fall. ical.js reads the values and applies
 * the VTIMEZONEs a file defines; a TZID the file does not define is an IANA,
 * Windows or Outlook name (zone-names.ts) read with Intl; a floating time is
 * the parent's own clock. All-day values stay days.
 */
import ICAL from "ical.js";
import { wallClock, zonedInstant } from "../../../lib/time-zone";
import { ianaZoneOf } from "./zone-names";

/** A day ('YYYY-MM-DD') for all-day values, else an instant (epoch ms). */
export type Stamp = { day: string; ms?: undefined } | { ms: number; day?: undefined };

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function dayOfTime(time: ICAL.Time): string {
  return `${pad(time.year, 4)}-${pad(time.month)}-${pad(time.day)}`;
}

function wallOf(time: ICAL.Time): string {
  return `${dayOfTime(time)}T${pad(time.hour)}:${pad(time.minute)}:${pad(time.second)}`;
}

/** The TZID a property is written with, or null (UTC, floating or a date). */
export function tzidOf(property: ICAL.Property | null | undefined): string | null {
  const tzid = property?.getParameter("tzid");
  return typeof tzid === "string" && tzid ? tzid : null;
}

/** The zones a calendar defines, known to ical.js while `read` runs (ical.js keeps one global registry). */
export function withCalendarZones<T>(calendar: ICAL.Component, read: (defined: Set<string>) => T): T {
  const added: string[] = [];
  const defined = new Set<string>();
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = vtimezone.getFirstPropertyValue("tzid");
    if (typeof tzid !== "string" || !tzid) continue;
    defined.add(tzid);
    if (ICAL.TimezoneService.has(tzid)) continue;
    try {
      ICAL.TimezoneService.register(vtimezone);
      added.push(tzid);
    } catch {
      defined.delete(tzid);
    }
  }
  try {
    return read(defined);
  } finally {
    for (const tzid of added) ICAL.TimezoneService.remove(tzid);
  }
}

export interface TimeReader {
  /** The moment (or day) of a value written with this TZID (null: none). */
  stamp(time: ICAL.Time, tzid: string | null): Stamp;
  /** The same moment as a wall-clock value in the zone `tzid` stands for, as ical.js writes it. */
  wallIn(ms: number, tzid: string | null): ICAL.Time;
}

export function timeReader(defined: ReadonlySet<string>, parentZone: string): TimeReader {
  const zoneOf = (tzid: string | null) => (tzid && !defined.has(tzid) ? ianaZoneOf(tzid) : null) ?? parentZone;
  return {
    stamp(time, tzid) {
      if (time.isDate) return { day: dayOfTime(time) };
      if (time.zone?.tzid === "UTC") return { ms: time.toUnixTime() * 1000 };
      if (tzid && defined.has(tzid) && time.zone?.tzid === tzid) return { ms: time.toUnixTime() * 1000 };
      return { ms: zonedInstant(wallOf(time), zoneOf(tzid)).getTime() };
    },
    wallIn(ms, tzid) {
      if (tzid && defined.has(tzid)) {
        const zone = ICAL.TimezoneService.get(tzid);
        if (zone) return ICAL.Time.fromJSDate(new Date(ms), true).convertToZone(zone);
      }
      return ICAL.Time.fromDateTimeString(wallClock(new Date(ms), zoneOf(tzid)));
    },
  };
}
