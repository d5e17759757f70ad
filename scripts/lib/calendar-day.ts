/**
 * Calendar days as a school writes them, for filling sample e-mails: the day a
 * mail is sent in the parent's zone, days counted from it, weekdays, and the
 * few date formats school mail uses, in English and Quebec French.
 *
 * Days are plain {year, month, day} values; arithmetic runs on UTC midnights so
 * that a daylight-saving change never shifts a date. The zone's wall clock
 * comes from the app's one zoned-time module.
 */
import { wallClock } from "../../app/lib/zoned-time";

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

export type Locale = "en" | "fr";

const WEEKDAY_CODES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

const NAMES = {
  en: {
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    weekdaysShort: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
    months: [
      "January", "February", "March", "April", "May", "June",
      "July", "August", "September", "October", "November", "December",
    ],
    monthsShort: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  },
  fr: {
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    weekdaysShort: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin",
      "juillet", "août", "septembre", "octobre", "novembre", "décembre",
    ],
    monthsShort: [
      "janv.", "févr.", "mars", "avr.", "mai", "juin",
      "juil.", "août", "sept.", "oct.", "nov.", "déc.",
    ],
  },
} as const;

const DAY_MS = 86_400_000;

function toUtcMidnight(d: CalendarDay): number {
  return Date.UTC(d.year, d.month - 1, d.day);
}

function fromUtcMidnight(ms: number): CalendarDay {
  const date = new Date(ms);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** The calendar day an instant falls on in a zone. */
export function dayIn(instant: Date, timeZone: string): CalendarDay {
  const [year, month, day] = wallClock(instant, timeZone).slice(0, 10).split("-").map(Number);
  return { year: year!, month: month!, day: day! };
}

export function addDays(d: CalendarDay, days: number): CalendarDay {
  return fromUtcMidnight(toUtcMidnight(d) + days * DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(d: CalendarDay): number {
  return new Date(toUtcMidnight(d)).getUTCDay();
}

export function isWeekdayCode(value: string): value is WeekdayCode {
  return (WEEKDAY_CODES as readonly string[]).includes(value);
}

/** The first day on or after `d` that is the given weekday. */
export function onOrAfter(d: CalendarDay, weekday: WeekdayCode): CalendarDay {
  const wanted = WEEKDAY_CODES.indexOf(weekday);
  return addDays(d, (wanted - weekdayOf(d) + 7) % 7);
}

function ordinal(day: number, locale: Locale): string {
  if (locale === "fr") return day === 1 ? "1er" : String(day);
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${["th", "st", "nd", "rd"][day % 10] ?? "th"}`;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/**
 * Formats a day with dayjs-style tokens: dddd ddd MMMM MMM MM M Do DD D YYYY YY.
 * Text in [brackets] is copied as is; anything else that is not a token too.
 */
export function formatDay(d: CalendarDay, format: string, locale: Locale = "en"): string {
  const names = NAMES[locale];
  const weekday = weekdayOf(d);
  return format.replace(/\[([^\]]*)\]|dddd|ddd|MMMM|MMM|MM|M|Do|DD|D|YYYY|YY/g, (token, literal?: string) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case "dddd": return names.weekdays[weekday]!;
      case "ddd": return names.weekdaysShort[weekday]!;
      case "MMMM": return names.months[d.month - 1]!;
      case "MMM": return names.monthsShort[d.month - 1]!;
      case "MM": return pad2(d.month);
      case "M": return String(d.month);
      case "Do": return ordinal(d.day, locale);
      case "DD": return pad2(d.day);
      case "D": return String(d.day);
      case "YYYY": return String(d.year);
      default: return pad2(d.year % 100); // YY
    }
  });
}

/** Minutes the zone is ahead of UTC at an instant (−240 for Toronto in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const wholeSecond = Math.floor(instant.getTime() / 1000) * 1000;
  return Math.round((Date.parse(`${wallClock(instant, timeZone)}Z`) - wholeSecond) / 60_000);
}

/** An RFC 5322 Date header value in the zone, e.g. "Tue, 06 Oct 2026 08:15:00 -0400". */
export function rfc2822(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  const offset = offsetMinutes(instant, timeZone);
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad2(Math.floor(Math.abs(offset) / 60))}${pad2(Math.abs(offset) % 60)}`;
  return `${formatDay(dayIn(instant, timeZone), "ddd, DD MMM YYYY")} ${wall.slice(11, 19)} ${zone}`;
}
