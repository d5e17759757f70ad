/**
 * Weekly series: "Tuesdays and Thursdays 5–6:30 pm through Oct 29",
 * "every Monday and Wednesday … starting Sept 14 and wrapping up Nov 25",
 * "les mardis du 3 novembre au 15 décembre". One series event; the exceptions
 * the text states ("no practice Oct 12") become their own cancel events.
 */
import { addDays, compareDays, DAY_CODES, weekdayOf, type CalendarDay } from "../../../lib/calendar-day";
import type { DateMention } from "./dates";
import { maskRanges, weekdayOfWord, WEEKDAY } from "./dates";

export interface Series {
  byDay: string[];
  first: CalendarDay;
  last: CalendarDay | null;
  /** Dates in the sentence that are exceptions, not bounds. */
  exceptions: DateMention[];
  /** Dates used as the series' bounds. */
  bounds: DateMention[];
}

const PLURAL_DAY =
  /\b(mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|lundis|mardis|mercredis|jeudis|vendredis|samedis|dimanches)\b/giu;
const EVERY_DAY = new RegExp(`\\b(?:every|each|tous les|chaque)\\s+(${WEEKDAY}(?:\\s*(?:,|and|&|\\/|et|or)\\s*${WEEKDAY})*)`, "giu");
const DAY_LIST = new RegExp(`(?:${WEEKDAY}|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|lundis|mardis|mercredis|jeudis|vendredis|samedis|dimanches)`, "giu");

const EXCEPTION_CUE = /\b(?:no|except|excluding|but not|not on|sauf|pas de|aucun(?:e)?|relâche)\b[^.;]{0,30}$/i;
const END_CUE = /\b(?:through|thru|until|till|to|ending|ends?|finishing|finishes|concluding|wrapping up|wraps up|last (?:one|practice|class|session|meeting) (?:is|on)?|jusqu'au|au)\s*(?:on\s+)?$/i;
const START_CUE = /\b(?:starting|beginning|begins|starts|from|as of|commencing|effective|à partir du|dès le|du|resume|resuming)\s*(?:on\s+)?$/i;

function singular(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  return weekdayOfWord(w) ?? weekdayOfWord(w.replace(/s$/, ""));
}

/** The weekdays a sentence says something happens on every week, or null. */
export function weeklyDays(sentence: string): number[] | null {
  const days = new Set<number>();
  for (const m of sentence.matchAll(PLURAL_DAY)) {
    const d = singular(m[1]!);
    if (d !== null) days.add(d);
  }
  for (const m of sentence.matchAll(EVERY_DAY)) {
    for (const w of m[1]!.matchAll(DAY_LIST)) {
      const d = singular(w[0]);
      if (d !== null) days.add(d);
    }
  }
  if (days.size === 0) return null;
  // "Tuesdays and Thursday" – a singular day listed with plural ones is part of the series.
  for (const m of sentence.matchAll(/(?:and|&|et|\/)\s*([A-Za-zéû]+)/g)) {
    const d = singular(m[1]!);
    if (d !== null && days.size > 0) days.add(d);
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

/** A weekday written short or long: "M", "Tu", "Th", "Wed", "Thurs", "Friday". */
const DAY_TOKEN = "(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|tu|th|sa|su|m|w|r|f)";
const TOKEN_DAYS: [RegExp, number][] = [
  [/^(?:mon(?:day)?|m)$/i, 1], [/^(?:tue(?:s(?:day)?)?|tu)$/i, 2], [/^(?:wed(?:nesday)?|w)$/i, 3],
  [/^(?:thu(?:r(?:s(?:day)?)?)?|th|r)$/i, 4], [/^(?:fri(?:day)?|f)$/i, 5], [/^(?:sat(?:urday)?|sa)$/i, 6], [/^(?:sun(?:day)?|su)$/i, 0],
];
const DAY_RANGE = new RegExp(`(?<![\\p{L}\\p{N}])(${DAY_TOKEN})\\.?\\s*(?:[-–]|to|through|thru)\\s*(${DAY_TOKEN})\\.?(?![\\p{L}])`, "iu");
const DAY_SET = new RegExp(`(?<![\\p{L}\\p{N}])${DAY_TOKEN}\\.?(?:\\s*(?:\\/|,|&|and)\\s*${DAY_TOKEN}\\.?)+(?![\\p{L}])`, "iu");
const COMPACT_SET = /(?<![\p{L}])(?:MWF|TTh|TTH)(?![\p{L}])/u;

function tokenDay(token: string): number | null {
  return TOKEN_DAYS.find(([re]) => re.test(token))?.[1] ?? null;
}

/**
 * The days a dated span meets on, written beside it: "June 17 – June 28
 * (M-TH)", "Mon/Wed/Fri", "Monday to Thursday", "MWF", "weekdays". `text` has
 * its dates blanked out, so the weekday of a written date is never read here.
 */
export function spanWeekdays(text: string): number[] | null {
  if (/\bweekdays\b|\ben semaine\b/i.test(text)) return [1, 2, 3, 4, 5];
  const range = DAY_RANGE.exec(text);
  if (range) {
    const from = tokenDay(range[1]!);
    const to = tokenDay(range[2]!);
    if (from === null || to === null || from === to) return null;
    const days: number[] = [];
    for (let d = from; days.length < 7; d = (d + 1) % 7) {
      days.push(d);
      if (d === to) break;
    }
    return days;
  }
  const compact = COMPACT_SET.exec(text)?.[0].toUpperCase();
  if (compact) return compact === "MWF" ? [1, 3, 5] : [2, 4];
  const set = DAY_SET.exec(text);
  if (!set) return null;
  const days = [...set[0].matchAll(new RegExp(DAY_TOKEN, "giu"))].map((m) => tokenDay(m[0])).filter((d): d is number => d !== null);
  // A lone letter among full names ("Monday, Wednesday, and Friday") is part of a word, not a day.
  return days.length >= 2 && new Set(days).size === days.length ? days : null;
}

function coversEveryDay(first: CalendarDay, last: CalendarDay, days: number[]): boolean {
  for (let d = first; compareDays(d, last) <= 0; d = addDays(d, 1)) {
    if (!days.includes(weekdayOf(d))) return false;
  }
  return true;
}

function firstOnOrAfter(from: CalendarDay, days: number[]): CalendarDay {
  let d = from;
  for (let i = 0; i < 7 && !days.includes(weekdayOf(d)); i++) d = addDays(d, 1);
  return d;
}

function lastOnOrBefore(to: CalendarDay, days: number[]): CalendarDay {
  let d = to;
  for (let i = 0; i < 7 && !days.includes(weekdayOf(d)); i++) d = addDays(d, -1);
  return d;
}

/** The weekdays a written span is qualified by, unless they are every day of it (then it is a plain span). */
function qualifiedSpanDays(sentence: string, dates: DateMention[]): number[] | null {
  const span = dates.find((d) => d.end);
  if (!span) return null;
  const days = spanWeekdays(maskRanges(sentence, dates));
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return days && !coversEveryDay(span.start, span.end!, days) ? [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)) : null;
}

/** "starts Wednesday 3 March and runs for 6 weeks", "weekly from 3 May": the first date's weekday, every week. */
function weeksFromFirstDate(sentence: string, dates: DateMention[]): number[] | null {
  const first = dates.find((d) => !d.bareWeekday && !d.relative && !d.end);
  if (!first || !FOR_WEEKS.test(sentence)) return null;
  return [weekdayOf(first.start)];
}

const FOR_WEEKS = /\b(?:for\s+(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+weeks|weekly|every week|each week)\b/i;

/**
 * Reads a weekly series from a sentence and its dates. Without any date the
 * series starts at the reference but only when the sentence also gives a time
 * ("Practices are Tuesdays at 5") – "club still meets on Thursdays" is chatter.
 */
export function readSeries(
  sentence: string,
  dates: DateMention[],
  reference: CalendarDay,
  hasTime: boolean,
): Series | null {
  const days = weeklyDays(sentence) ?? qualifiedSpanDays(sentence, dates) ?? weeksFromFirstDate(sentence, dates);
  if (!days) return null;
  // "each Thursday: 4, 11 and 18 March": every listed day, week after week, is the whole series.
  const listed = listedSeries(dates);
  if (listed && !/\b(?:no|except|excluding|but not|not on|sauf|pas de|relâche)\b/i.test(sentence) && listed.byDay.every((d) => days.some((w) => DAY_CODES[w] === d))) return listed;
  const exceptions: DateMention[] = [];
  const bounds: DateMention[] = [];
  let start: CalendarDay | null = null;
  let end: CalendarDay | null = null;
  for (const d of dates) {
    const before = sentence.slice(Math.max(0, d.index - 40), d.index);
    // "every Monday and Wednesday from 6": the weekday list, not a bound.
    if (d.bareWeekday && !START_CUE.test(before) && !END_CUE.test(before)) continue;
    if (EXCEPTION_CUE.test(before) && bounds.length + (start ? 1 : 0) > 0) {
      exceptions.push(d);
      continue;
    }
    if (EXCEPTION_CUE.test(before) && /\b(?:no|except|sauf|excluding)\s+(?:\w+\s+){0,3}$/i.test(before)) {
      exceptions.push(d);
      continue;
    }
    if (d.end) {
      start ??= d.start;
      end ??= d.end;
      bounds.push(d);
    } else if (d.openStart || (END_CUE.test(before) && !START_CUE.test(before)) || (start && !end)) {
      end ??= d.start;
      bounds.push(d);
    } else if (!start) {
      start = d.start;
      bounds.push(d);
    } else {
      exceptions.push(d);
    }
  }
  if (!start && !end && !hasTime) return null;
  if (!start && !end && !/\b(?:starting|beginning|this week|next week|weekly|every week|each week|all (?:season|year|term|fall|winter|spring))\b/i.test(sentence)) {
    if (!hasTime) return null;
  }
  const from = start && compareDays(start, reference) >= 0 ? start : start ?? reference;
  const first = firstOnOrAfter(from, days);
  const last = end ? lastOnOrBefore(end, days) : null;
  if (last && compareDays(last, first) < 0) return null;
  return { byDay: days.map((d) => DAY_CODES[d]!), first, last, exceptions, bounds };
}

/**
 * "Open gyms are March 2, 4, 9 and 11": a list of days that is every Monday and
 * Wednesday from the first to the last is one weekly series, as the parent reads it.
 * The list must hold every such day in between and repeat at least one weekday.
 */
export function listedSeries(dates: DateMention[]): Series | null {
  if (dates.length < 3 || dates.some((d) => d.end || d.relative || d.bareWeekday)) return null;
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  const days = [...new Set(dates.map((d) => weekdayOf(d.start)))].sort((a, b) => a - b);
  if (days.length >= dates.length) return null;
  const first = dates[0]!.start;
  const last = dates[dates.length - 1]!.start;
  let expected = 0;
  for (let d = first; compareDays(d, last) <= 0; d = addDays(d, 1)) {
    if (!days.includes(weekdayOf(d))) continue;
    const listed = dates[expected];
    if (!listed || compareDays(listed.start, d) !== 0) return null;
    expected++;
  }
  if (expected !== dates.length) return null;
  return { byDay: days.map((d) => DAY_CODES[d]!), first, last, exceptions: [], bounds: dates };
}
