/**
 * A calendar file's TZID → an IANA zone. Files in the wild name zones four
 * ways, and reading any of them as the parent's own clock puts events hours
 * (or a day) off:
 * - IANA names, current or legacy ("America/Denver", "US/Central", "Europe/Kiev");
 * - Windows zone ids from Exchange ("W. Europe Standard Time"), mapped by CLDR's
 *   windowsZones table (windows-iana);
 * - Outlook display names ("(UTC-05:00) Eastern Time (US & Canada)",
 *   "(GMT+10:00) Canberra, Melbourne, Sydney"): the Windows id behind the words,
 *   else a city in the list that names an IANA zone;
 * - a bare offset ("(GMT +01:00)"): a fixed-offset zone, which is right at least
 *   for the season the file was written in.
 * A VTIMEZONE in the file itself takes precedence over all of these (ical.js
 * reads it); this is for TZIDs the file does not define.
 */
import { findIana } from "windows-iana";
import { isTimeZone } from "../../../lib/time-zone";

const resolved = new Map<string, string | null>();

/** "Canberra" → "Australia/Canberra", by the last part of every zone name the runtime knows. */
let byCity: Map<string, string> | null = null;
function zoneOfCity(city: string): string | null {
  if (!byCity) {
    byCity = new Map();
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      byCity.set(zone.split("/").at(-1)!.replace(/_/g, " ").toLowerCase(), zone);
    }
  }
  return byCity.get(city.trim().toLowerCase()) ?? null;
}

function windowsZone(name: string): string | null {
  const candidates = [name, name.replace(/ Time$/, " Standard Time"), name.replace(/ and /g, " & ")];
  for (const candidate of candidates) {
    const [first] = findIana(candidate);
    if (first && isTimeZone(first)) return first;
  }
  return null;
}

/** "+10:00" → "Etc/GMT-10" (POSIX signs are inverted); null for part-hour offsets. */
function fixedOffsetZone(sign: string, hours: string, minutes: string): string | null {
  const h = Number(hours);
  if (Number(minutes) !== 0) return null;
  if (h === 0) return "Etc/GMT";
  return `Etc/GMT${sign === "+" ? "-" : "+"}${h}`;
}

const DISPLAY_NAME = /^\(\s*(?:UTC|GMT)\s*(?:([+-])\s*(\d{1,2}):?(\d{2}))?\s*\)\s*(.*)$/i;

function resolve(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, "");
  if (!name) return null;
  if (isTimeZone(name) && !/^[+-]/.test(name)) return Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  const windows = windowsZone(name);
  if (windows) return windows;
  const display = DISPLAY_NAME.exec(name);
  if (!display) return null;
  const [, sign = "+", hours = "0", minutes = "00", words = ""] = display;
  const described = words.trim();
  if (described) {
    const fromWindows = windowsZone(described.replace(/\s*\(.*\)\s*$/, "").trim()) ?? windowsZone(described);
    if (fromWindows) return fromWindows;
    for (const city of described.split(/,|\band\b|&/)) {
      const zone = zoneOfCity(city);
      if (zone) return zone;
    }
  }
  return fixedOffsetZone(sign, hours, minutes);
}

/** The IANA zone a TZID means, or null when nothing can be made of it (read it as floating). */
export function ianaZoneOf(tzid: string): string | null {
  let zone = resolved.get(tzid);
  if (zone === undefined) {
    zone = resolve(tzid);
    resolved.set(tzid, zone);
  }
  return zone;
}
