/**
 * Calendar days, as day keys ('YYYY-MM-DD': the feed, the API, D1) or as
 * {year, month, day} numbers (extraction, display, sample mail), and the
 * arithmetic on both. Days are counted on UTC midnights, so adding a day never
 * trips over a daylight-saving change. Plain relative imports only: the
 * browser bundle, the Worker and the Node scripts all load this module.
 */
import { localDate } from "./time-zone";

export interface CalendarDay {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

/** A day key or a CalendarDay: the arithmetic below takes either and answers in kind. */
type Day = string | CalendarDay;

export const DAY_MS = 86_400_000;

/** Two-letter day codes as in a recurrence's byDay, indexed by weekdayOf(). */
export const DAY_CODES = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** The day's UTC midnight in ms: what all the arithmetic below counts on. */
export function utcMidnight(day: Day): number {
  return typeof day === "string"
    ? Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)))
    : Date.UTC(day.year, day.month - 1, day.day);
}

function keyAt(utcMidnightMs: number): string {
  return new Date(utcMidnightMs).toISOString().slice(0, 10);
}

function dayAt(utcMidnightMs: number): CalendarDay {
  const date = new Date(utcMidnightMs);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** "2025-11-22", the key of a day. */
export function dayKey({ year, month, day }: CalendarDay): string {
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The numbers of a day key. */
export function dayParts(key: string): CalendarDay {
  return { year: Number(key.slice(0, 4)), month: Number(key.slice(5, 7)), day: Number(key.slice(8, 10)) };
}

/** The day, or null when the calendar has no such day (February 30). */
export function existingDay(year: number, month: number, day: number): CalendarDay | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (new Date(utcMidnight({ year, month, day })).getUTCMonth() !== month - 1) return null;
  return { year, month, day };
}

/** The calendar day an instant falls on in a time zone. */
export function calendarDay(instant: string | number | Date, timeZone: string): CalendarDay {
  return dayParts(localDate(instant, timeZone));
}

export function addDays(day: string, days: number): string;
export function addDays(day: CalendarDay, days: number): CalendarDay;
export function addDays(day: Day, days: number): Day {
  const ms = utcMidnight(day) + days * DAY_MS;
  return typeof day === "string" ? keyAt(ms) : dayAt(ms);
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** Negative when a is the earlier day, 0 on the same day, positive when a is later. */
export function compareDays(a: CalendarDay, b: CalendarDay): number {
  return utcMidnight(a) - utcMidnight(b);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: Day): number {
  return new Date(utcMidnight(day)).getUTCDay();
}

/** 'YYYY-MM' of a day key. */
export function monthKey(key: string): string {
  return key.slice(0, 7);
}

/** The month `by` months after 'YYYY-MM' (before it when negative). */
export function shiftMonth(month: string, by: number): string {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7)) - 1 + by;
  const y = year + Math.floor(index / 12);
  const m = ((index % 12) + 12) % 12;
  return `${y}-${String(m + 1).padStart(2, "0")}`;
}
