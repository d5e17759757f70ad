/**
 * Weekly series: "Tuesdays and Thursdays 5–6:30 pm through Oct 29",
 * "every Monday and Wednesday … starting Sept 14 and wrapping up Nov 25",
 * "les mardis du 3 novembre au 15 décembre". One series event; the exceptions
 * the text states ("no practice Oct 12") become their own cancel events.
 */
import { addDays, compareDays, DAY_CODES, weekdayOf, type CalendarDay } from "../../../lib/calendar-day";
import type { DateMention } from "./dates";
import { weekdayOfWord, WEEKDAY } from "./dates";

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
const END_CUE = /\b(?:through|thru|until|till|to|ending|ends?|wrapping up|wraps up|last (?:one|practice|class|session|meeting) (?:is|on)?|jusqu'au|au)\s*(?:on\s+)?$/i;
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
  const days = weeklyDays(sentence);
  if (!days) return null;
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
