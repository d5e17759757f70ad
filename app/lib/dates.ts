/**
 * Calendar days and times written as the parent sees them, in their time zone
 * (spec §9 "Time display", "Month label"). Intl only: it runs the same on the
 * server, in the browser and in tests. The arithmetic is calendar-day's.
 */
import { type CalendarDay, DAY_MS, utcMidnight } from "./calendar-day";
import { wallAt } from "./time-zone";

// Building a formatter costs far more than using one (tens of microseconds,
// more on a phone), and a feed formats hundreds of dates: each is built once.
function utcFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let built: Intl.DateTimeFormat | undefined;
  return () => (built ??= new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }));
}
const weekdayShortFormat = utcFormat({ weekday: "short" });
const weekdayLongFormat = utcFormat({ weekday: "long" });
const monthLongFormat = utcFormat({ month: "long" });
const monthShortFormat = utcFormat({ month: "short" });

/** Noon UTC on that day: a Date that names the same day in every zone's formatting below. */
function asDate(day: CalendarDay): Date {
  return new Date(utcMidnight(day) + DAY_MS / 2);
}

/** "Sat" */
export function weekdayShort(day: CalendarDay): string {
  return weekdayShortFormat().format(asDate(day));
}

/** "Saturday" */
export function weekdayLong(day: CalendarDay): string {
  return weekdayLongFormat().format(asDate(day));
}

/** "November" */
export function monthName(day: CalendarDay): string {
  return monthLongFormat().format(asDate(day));
}

/**
 * spec §9: "Month label includes the year if the month is January or December
 * or the year differs from the other date."
 */
export function monthLabel(day: CalendarDay, other?: CalendarDay): string {
  const name = monthName(day);
  const withYear = day.month === 1 || day.month === 12 || (other !== undefined && other.year !== day.year);
  return withYear ? `${name} ${day.year}` : name;
}

/**
 * spec §9: 'ha' on the hour ("3pm"), 'h:mma' otherwise ("3:30pm"); the
 * spec's tokens are dayjs's (as in 'ddd, MMM D'), where 'a' is lower-case.
 * From the zone's cached offset rather than Intl: every tile formats its times.
 */
export function formatTime(instant: Date, timeZone: string): string {
  const wall = new Date(wallAt(instant.getTime(), timeZone));
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
