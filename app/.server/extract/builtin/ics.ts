/**
 * iCalendar files and attachments → events. ical.js does the syntax (folding,
 * escaping, RRULE values); zone conversion is ours (Intl), so a TZID, a UTC
 * "Z" time or a floating time all land on the parent's wall clock.
 * All-day DTEND is exclusive; STATUS:CANCELLED / METHOD:CANCEL mean "cancel";
 * an EXDATE nobody mentions is not an event.
 */
import ICAL from "ical.js";
import { isTimeZone, wallClock, zonedInstant } from "../../../lib/zoned-time";
import type { ExtractedEvent, Recurrence } from "../types";
import {
  addDays,
  compareDates,
  DAY_CODES,
  isoDate,
  parseIsoDate,
  weekday,
  type CalendarDate,
} from "./calendar-date";
import { tagsFor } from "./tags";
import { shortTitle } from "./titles";

type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];

interface IcsTime {
  date: string;
  /** 'HH:mm' in the parent's zone, null for all-day values. */
  time: string | null;
}

/** A DATE or DATE-TIME value on the parent's calendar. */
function toLocal(value: string, tzid: string | undefined, zone: string): IcsTime {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return { date: value, time: null };
  const wall = value.replace(/Z$/, "").slice(0, 19);
  let local: string;
  if (value.endsWith("Z")) local = wallClock(new Date(`${wall}Z`), zone);
  else if (tzid && tzid !== zone && isTimeZone(tzid)) local = wallClock(zonedInstant(wall, tzid), zone);
  else local = wall;
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

function property(component: ICAL.Component, name: string): JCalProperty | null {
  const p = component.getFirstProperty(name);
  return p ? (p.toJSON() as JCalProperty) : null;
}

function textValue(component: ICAL.Component, name: string): string | null {
  const v = component.getFirstPropertyValue(name);
  return typeof v === "string" && v.trim() ? v.trim() : null;
}

function timeValue(component: ICAL.Component, name: string, zone: string): IcsTime | null {
  const p = property(component, name);
  if (!p || typeof p[3] !== "string") return null;
  const tzid = typeof p[1].tzid === "string" ? p[1].tzid : undefined;
  return toLocal(p[3], tzid, zone);
}

interface RecurRule {
  freq?: string;
  byday?: string | string[];
  until?: string;
  count?: number;
  interval?: number;
}

/** Weekly RRULE → byDay and the date of the last occurrence (null if open-ended). */
function weeklySeries(
  rule: RecurRule,
  first: CalendarDate,
  zone: string,
): { recurrence: Recurrence; last: CalendarDate | null } | null {
  if (rule.freq !== "WEEKLY") return null;
  const rawDays = rule.byday ? (Array.isArray(rule.byday) ? rule.byday : [rule.byday]) : [DAY_CODES[weekday(first)]!];
  const byDay = rawDays.map((d) => d.slice(-2).toUpperCase()).filter((d) => (DAY_CODES as readonly string[]).includes(d));
  const sorted = DAY_CODES.filter((d) => byDay.includes(d));
  const interval = rule.interval && rule.interval > 1 ? rule.interval : 1;
  const until = rule.until ? parseIsoDate(toLocal(rule.until, undefined, zone).date) : null;
  if (!until && !rule.count) return { recurrence: { frequency: "weekly", byDay: sorted }, last: null };
  let last: CalendarDate | null = null;
  let count = 0;
  for (let d = first, i = 0; i < 800; d = addDays(d, 1), i++) {
    if (until && compareDates(d, until) > 0) break;
    const week = Math.floor(i / 7);
    if (week % interval === 0 && sorted.includes(DAY_CODES[weekday(d)]!)) {
      last = d;
      count++;
      if (rule.count && count >= rule.count) break;
    }
  }
  return { recurrence: { frequency: "weekly", byDay: sorted }, last };
}

function parseCalendar(text: string): ICAL.Component | null {
  try {
    return new ICAL.Component(ICAL.parse(text.replace(/\r?\n/g, "\r\n")) as unknown[]);
  } catch {
    return null;
  }
}

export function eventsFromIcs(text: string, zone: string): ExtractedEvent[] {
  const calendar = parseCalendar(text);
  if (!calendar) return [];
  const method = String(calendar.getFirstPropertyValue("method") ?? "").toUpperCase();
  const events: ExtractedEvent[] = [];
  for (const vevent of calendar.getAllSubcomponents("vevent")) {
    const summary = textValue(vevent, "summary");
    const start = timeValue(vevent, "dtstart", zone);
    if (!summary || !start) continue;
    const description = textValue(vevent, "description");
    const location = textValue(vevent, "location");
    const status = String(vevent.getFirstPropertyValue("status") ?? "").toUpperCase();
    let end = timeValue(vevent, "dtend", zone);
    if (!end) {
      const duration = vevent.getFirstPropertyValue("duration");
      if (duration instanceof ICAL.Duration && start.time) {
        const instant = zonedInstant(`${start.date}T${start.time}`, zone);
        const local = wallClock(new Date(instant.getTime() + duration.toSeconds() * 1000), zone);
        end = { date: local.slice(0, 10), time: local.slice(11, 16) };
      }
    }
    const firstDay = parseIsoDate(start.date)!;
    // All-day DTEND is the day after the last day.
    let lastDay = end ? parseIsoDate(end.date) : null;
    if (lastDay && !start.time) lastDay = addDays(lastDay, -1);
    if (lastDay && compareDates(lastDay, firstDay) < 0) lastDay = firstDay;
    const spansDays = lastDay !== null && compareDates(lastDay, firstDay) > 0;

    const rruleValue = vevent.getFirstPropertyValue("rrule");
    const rule = rruleValue ? (JSON.parse(JSON.stringify(rruleValue)) as RecurRule) : null;
    const series = rule ? weeklySeries(rule, firstDay, zone) : null;

    const cancelled = status === "CANCELLED" || method === "CANCEL";
    const words = `${summary} ${description ?? ""}`;
    const tags = new Set(tagsFor(words));
    if (cancelled) tags.add("cancel");
    if (status === "TENTATIVE") tags.add("tentative");

    const startValue = start.time ? `${start.date}T${start.time}` : start.date;
    let endValue: string | null = null;
    if (end?.time && start.time) endValue = `${end.date}T${end.time}`;
    else if (spansDays) endValue = isoDate(lastDay!);

    events.push({
      eventName: shortTitle(summary) || summary,
      description: description ?? summary,
      start: startValue,
      end: endValue === startValue ? null : endValue,
      dateTime: start.time !== null,
      tags: [...tags],
      location,
      range: Boolean(series) || spansDays,
      startRange: series || spansDays ? start.date : null,
      endRange: series ? (series.last ? isoDate(series.last) : null) : spansDays ? isoDate(lastDay!) : null,
      recurrence: series?.recurrence ?? null,
      hyperlink: textValue(vevent, "url"),
      origin: "ics",
    });
  }
  return events;
}
