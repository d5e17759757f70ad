/**
 * iCalendar files and attachments → events. ical.js reads the file (after the
 * repairs in ../ics/calendar-text.ts) and expands series (../ics/series.ts);
 * zones the file does not define are read with Intl (../ics/instants.ts).
 *
 * Each VEVENT is one event; a series is one event carrying every occurrence
 * from the reference day through the horizon (ADR 013). All-day DTEND is
 * exclusive; STATUS:CANCELLED / METHOD:CANCEL mean "cancel"; an event with no
 * SUMMARY is named by its description or location.
 */
import type ICAL from "ical.js";
import { addDays, DAY_MS } from "../../../lib/calendar-day";
import { localDate, wallClock, wallClockWithOffset, zonedInstant } from "../../../lib/time-zone";
import { dropUndecodable, readCalendar } from "../ics/calendar-text";
import { type Stamp, type TimeReader, timeReader, tzidOf, withCalendarZones } from "../ics/instants";
import { seriesOccurrences, type SeriesOccurrence, type Window } from "../ics/series";
import type { ExtractContext, ExtractedEvent, ExtractedOccurrence, Recurrence } from "../types";
import { tagsFor } from "./tags";
import { shortTitle } from "./titles";

/** How far ahead a series' occurrences are read (ADR 013). */
export const SERIES_HORIZON_DAYS = 400;
const UNTITLED = "(No title)";

function textValue(component: ICAL.Component, name: string): string | null {
  const v = component.getFirstPropertyValue(name);
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

/** A stamp on the parent's clock: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'. */
function localValue(stamp: Stamp, zone: string): string {
  return stamp.day ?? wallClock(new Date(stamp.ms!), zone).slice(0, 16);
}

/** An all-day end as the last day it covers (DTEND is the day after), null when it is the start day. */
function lastDayOf(start: Stamp, end: Stamp | null): string | null {
  if (start.day === undefined || end?.day === undefined) return null;
  const last = addDays(end.day, -1);
  return last > start.day ? last : null;
}

/** The end as the event model keeps it: the last day (all-day), a local time (timed), or null. */
function endValue(start: Stamp, end: Stamp | null, zone: string): string | null {
  if (start.day !== undefined) return lastDayOf(start, end);
  if (!end || end.ms === undefined || end.ms <= start.ms!) return null;
  return localValue(end, zone);
}

function occurrenceOf(found: SeriesOccurrence, seriesTitle: string, zone: string): ExtractedOccurrence {
  const { start, end } = found;
  const timed = start.ms !== undefined;
  const name = titleOf(found.item);
  return {
    start: timed ? wallClockWithOffset(new Date(start.ms), zone) : start.day!,
    end: timed
      ? end?.ms !== undefined && end.ms > start.ms ? wallClockWithOffset(new Date(end.ms), zone) : null
      : lastDayOf(start, end),
    ...(found.cancelled ? { cancelled: true } : {}),
    ...(name !== seriesTitle && name !== UNTITLED ? { eventName: name } : {}),
  };
}

const FREQUENCIES = { DAILY: "daily", WEEKLY: "weekly", MONTHLY: "monthly", YEARLY: "yearly" } as const;

/** spec §3 recurrence from the first RRULE: its frequency, weekday codes (ordinals dropped), interval and text. */
function recurrenceOf(vevent: ICAL.Component): Recurrence | null {
  const rule = vevent.getFirstPropertyValue("rrule");
  if (!rule || typeof rule !== "object" || !("freq" in rule)) return null;
  const recur = rule as ICAL.Recur;
  const frequency = FREQUENCIES[recur.freq as keyof typeof FREQUENCIES];
  if (!frequency) return null;
  const byDay = [...new Set((recur.parts.BYDAY ?? []).map((d) => String(d).slice(-2).toUpperCase()))];
  return { frequency, byDay, ...(recur.interval > 1 ? { interval: recur.interval } : {}), rule: recur.toString() };
}

function windowOf(context: ExtractContext): Window {
  const fromDay = localDate(context.now, context.timeZone);
  const toDay = addDays(fromDay, SERIES_HORIZON_DAYS);
  return {
    fromDay,
    fromMs: zonedInstant(`${fromDay}T00:00`, context.timeZone).getTime(),
    toDay,
    toMs: zonedInstant(`${toDay}T00:00`, context.timeZone).getTime() + DAY_MS - 1,
  };
}

interface Reading {
  reader: TimeReader;
  window: Window;
  zone: string;
  cancelsAll: boolean;
  /** The title for an event with nothing to name it by (the mail's subject). */
  fallbackTitle: string | null;
  /** X-WR-CALNAME: the calendar's own name, shown with each event's source. */
  calendarName: string;
}

/** Invitation subjects as mail programs write them: "Invitation: Swim meet @ Sat Oct 3 …", "Updated invitation: …". */
const INVITATION_PREFIX = /^(?:(?:updated |accepted |declined )?invitation(?: from [^:]*)?|invite|meeting request|re|fwd?)\s*:\s*/i;

/** A mail subject as an event's title: its invitation prefix and "@ date" tail dropped. */
function subjectTitle(subject: string): string | null {
  let title = subject.trim();
  while (INVITATION_PREFIX.test(title)) title = title.replace(INVITATION_PREFIX, "");
  title = title.replace(/\s+@\s+.*$/, "").trim();
  return title || null;
}

/**
 * The tile's title: the SUMMARY shortened, else the description's first line,
 * the location, or the mail's subject, else "(No title)".
 */
function titleOf(vevent: ICAL.Component, fallback: string | null = null): string {
  const words = textValue(vevent, "summary") ?? textValue(vevent, "description")?.split("\n")[0] ?? textValue(vevent, "location") ?? fallback;
  return words ? shortTitle(words) || words : UNTITLED;
}

function eventOf(vevent: ICAL.Component, overrides: ICAL.Component[], reading: Reading): ExtractedEvent | null {
  const { reader, window, zone } = reading;
  const dtstart = vevent.getFirstPropertyValue("dtstart");
  if (!dtstart || typeof dtstart !== "object" || !("isDate" in dtstart)) return null;
  const summary = textValue(vevent, "summary") ?? "";
  const title = titleOf(vevent, reading.fallbackTitle);
  const description = textValue(vevent, "description");
  const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
  const tags = new Set(tagsFor(`${summary} ${description ?? ""}`));
  if (status === "CANCELLED" || reading.cancelsAll) tags.add("cancel");
  if (status === "TENTATIVE") tags.add("tentative");

  const repeats = vevent.hasProperty("rrule") || vevent.hasProperty("rdate");
  let occurrences: ExtractedOccurrence[] | null = null;
  let start: Stamp;
  let end: Stamp | null;
  if (repeats) {
    const found = seriesOccurrences(vevent, overrides, window, reader);
    if (!found.length) return null;
    if (reading.cancelsAll) for (const f of found) f.cancelled = true;
    ({ start, end } = found[0]!);
    if (found.length > 1) occurrences = found.map((f) => occurrenceOf(f, title, zone));
  } else {
    start = reader.stamp(dtstart as ICAL.Time, tzidOf(vevent.getFirstProperty("dtstart")));
    end = endStamp(vevent, start, reader);
  }
  const startValue = localValue(start, zone);
  const endLocal = endValue(start, end, zone);
  const lastOccurrence = occurrences?.at(-1);
  const spansDays = Boolean(endLocal && endLocal.slice(0, 10) > startValue.slice(0, 10));
  const range = Boolean(occurrences) || spansDays;
  return {
    eventName: title,
    description: description ?? (summary || null),
    start: startValue,
    end: endLocal,
    dateTime: start.ms !== undefined,
    tags: [...tags],
    location: textValue(vevent, "location"),
    range,
    startRange: range ? startValue.slice(0, 10) : null,
    endRange: occurrences
      ? (lastOccurrence!.end ?? lastOccurrence!.start).slice(0, 10)
      : spansDays ? endLocal!.slice(0, 10) : null,
    recurrence: occurrences ? recurrenceOf(vevent) : null,
    ...(occurrences ? { occurrences } : {}),
    hyperlink: textValue(vevent, "url"),
    // What the parent would read in their calendar app: the calendar's name and the SUMMARY.
    source: [reading.calendarName, summary || title].filter(Boolean).join(": "),
    origin: "ics",
  };
}

/** DTEND, else DTSTART + DURATION, else (RFC 5545) one day for a date and no length for a time. */
function endStamp(vevent: ICAL.Component, start: Stamp, reader: TimeReader): Stamp | null {
  const dtend = vevent.getFirstPropertyValue("dtend");
  if (dtend && typeof dtend === "object" && "isDate" in dtend) return reader.stamp(dtend as ICAL.Time, tzidOf(vevent.getFirstProperty("dtend")));
  const duration = vevent.getFirstPropertyValue("duration") as ICAL.Duration | null;
  const seconds = duration && typeof duration === "object" && "toSeconds" in duration ? duration.toSeconds() : 0;
  if (start.day !== undefined) return { day: addDays(start.day, Math.max(1, Math.round(seconds / 86_400))) };
  return { ms: start.ms! + seconds * 1000 };
}

export function eventsFromIcs(text: string, context: ExtractContext, subject = ""): ExtractedEvent[] {
  const calendar = readCalendar(text);
  if (!calendar) return [];
  const cancelsAll = String(calendar.getFirstPropertyValue("method") ?? "").toUpperCase() === "CANCEL";
  return withCalendarZones(calendar, (defined) => {
    // Values are decoded once, and only now that the file's zones are known.
    dropUndecodable(calendar);
    const reading: Reading = {
      reader: timeReader(defined, context.timeZone),
      window: windowOf(context),
      zone: context.timeZone,
      cancelsAll,
      fallbackTitle: subjectTitle(subject),
      calendarName: String(calendar.getFirstPropertyValue("x-wr-calname") ?? "").trim(),
    };
    const vevents = calendar.getAllSubcomponents("vevent");
    const masters = new Map<string, ICAL.Component>();
    for (const v of vevents) if (!v.hasProperty("recurrence-id")) masters.set(String(v.getFirstPropertyValue("uid") ?? ""), v);
    const events: ExtractedEvent[] = [];
    for (const vevent of vevents) {
      const uid = String(vevent.getFirstPropertyValue("uid") ?? "");
      const master = masters.get(uid);
      const isSeries = master?.hasProperty("rrule") || master?.hasProperty("rdate");
      // An override belongs to its series; one whose series is missing stands alone.
      if (vevent.hasProperty("recurrence-id") && isSeries) continue;
      const overrides = isSeries && master === vevent
        ? vevents.filter((v) => v !== vevent && v.hasProperty("recurrence-id") && String(v.getFirstPropertyValue("uid") ?? "") === uid)
        : [];
      try {
        const event = eventOf(vevent, overrides, reading);
        if (event) events.push(event);
      } catch (error) {
        // One unreadable event must not lose the rest of the calendar.
        console.warn("Calendar event skipped", uid, String(error));
      }
    }
    return events;
  });
}
