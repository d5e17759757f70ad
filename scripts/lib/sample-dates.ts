/**
 * Dates as a school writes them, for filling sample e-mails: weekdays named
 * in steps, the few date formats school mail uses, in English and Quebec
 * French, and the Date header. Days and their arithmetic are the app's
 * calendar-day module's; the zone's clock is its time-zone module's.
 */
import { addDays, calendarDay, weekdayOf, type CalendarDay } from "../../app/lib/calendar-day";
import { wallClockWithOffset } from "../../app/lib/time-zone";

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

/** An RFC 5322 Date header value in the zone, e.g. "Tue, 06 Oct 2026 08:15:00 -0400". */
export function rfc2822(instant: Date, timeZone: string): string {
  // '2026-10-06T08:15:00-04:00': the header's time and, without its colon, its zone.
  const stamp = wallClockWithOffset(instant, timeZone);
  return `${formatDay(calendarDay(instant, timeZone), "ddd, DD MMM YYYY")} ${stamp.slice(11, 19)} ${stamp.slice(19).replace(":", "")}`;
}
