/**
 * Calendar days and times as the parent sees them, in their time zone
 * (spec §9 "Time display", "Month label"). Intl only: it runs the same on the
 * server, in the browser and in tests.
 */
import { offsetMinutes } from "./feed/local-day";

export interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

// Building a formatter costs far more than using one (tens of microseconds,
// more on a phone), and a feed formats hundreds of dates: each is built once.
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function utcFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let built: Intl.DateTimeFormat | undefined;
  return () => (built ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }));
}
const weekdayShortFormat = utcFormat({ weekday: "short" });
const monthLongFormat = utcFormat({ month: "long" });
const monthShortFormat = utcFormat({ month: "short" });

/** The calendar day an instant falls on in a time zone. */
export function calendarDay(instant: Date, timeZone: string): CalendarDay {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "numeric", day: "numeric" });
    dayFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: get("year"), month: get("month"), day: get("day") };
}

/** Noon UTC on that day: a Date that names the same day in every zone's formatting below. */
function asDate({ year, month, day }: CalendarDay): Date {
  return new Date(Date.UTC(year, month - 1, day, 12));
}

/** "Sat" */
export function weekdayShort(day: CalendarDay): string {
  return weekdayShortFormat().format(asDate(day));
}

/** "2025-11-22", the key of a day. */
export function dayKey({ year, month, day }: CalendarDay): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/**
 * spec §9: "Month label includes the year if the month is January or December
 * or the year differs from the other date."
 */
export function monthLabel(day: CalendarDay, other?: CalendarDay): string {
  const name = monthLongFormat().format(asDate(day));
  const withYear = day.month === 1 || day.month === 12 || (other !== undefined && other.year !== day.year);
  return withYear ? `${name} ${day.year}` : name;
}

/**
 * spec §9: 'ha' on the hour ("3pm"), 'h:mma' otherwise ("3:30pm"); the
 * spec's tokens are dayjs's (as in 'ddd, MMM D'), where 'a' is lower-case.
 * From the zone's cached offset rather than Intl: every tile formats its times.
 */
export function formatTime(instant: Date, timeZone: string): string {
  const ms = instant.getTime();
  const wall = new Date(ms + offsetMinutes(ms, timeZone) * 60_000);
  const hours = wall.getUTCHours();
  const minutes = wall.getUTCMinutes();
  const hour = hours % 12 || 12;
  const period = hours < 12 ? "am" : "pm";
  return minutes === 0 ? `${hour}${period}` : `${hour}:${String(minutes).padStart(2, "0")}${period}`;
}

/** spec §9: ranges read 'start - end'. */
export function formatTimeRange(start: Date, end: Date | null, timeZone: string): string {
  const from = formatTime(start, timeZone);
  return end && end.getTime() !== start.getTime() ? `${from} - ${formatTime(end, timeZone)}` : from;
}

/** spec §2 Latest Events: "ddd, MMM D", e.g. "Sat, Nov 22". */
export function formatDay(day: CalendarDay): string {
  const month = monthShortFormat().format(asDate(day));
  return `${weekdayShort(day)}, ${month} ${day.day}`;
}
