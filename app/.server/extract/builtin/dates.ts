/**
 * Finds the dates parents meet in school and sports mail: "Oct. 14th",
 * "Thursday, Dec 17", "10/14", "14 octobre", "Monday the 14th", "tomorrow",
 * "this Friday", "next Wednesday", spans ("Dec 8–10", "du 18 au 22 janvier")
 * and open spans ("now through Dec 11"). Each mention keeps its position so
 * callers can cut titles around it and pair it with nearby times.
 */
import {
  addDays,
  compareDays,
  daysBetween,
  existingDay,
  weekdayOf,
  type CalendarDay,
} from "../../../lib/calendar-day";
import { FRENCH_MONTHS, FRENCH_RELATIVE_DAYS, FRENCH_WEEKDAYS } from "./french";

const ENGLISH_MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5,
  june: 6, jun: 6, july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9,
  october: 10, oct: 10, november: 11, nov: 11, december: 12, dec: 12,
};

const ENGLISH_WEEKDAYS: Record<string, number> = {
  sunday: 0, sun: 0, monday: 1, mon: 1, tuesday: 2, tues: 2, tue: 2, wednesday: 3, weds: 3,
  wed: 3, thursday: 4, thurs: 4, thur: 4, thu: 4, friday: 5, fri: 5, saturday: 6, sat: 6,
};

export const MONTHS: Record<string, number> = { ...ENGLISH_MONTHS, ...FRENCH_MONTHS };
export const WEEKDAYS: Record<string, number> = { ...ENGLISH_WEEKDAYS, ...FRENCH_WEEKDAYS };

function alternation(words: string[]): string {
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return [...words].sort((a, b) => b.length - a.length).join("|");
}

export const MONTH = `(?:${alternation(Object.keys(MONTHS))})\\.?`;
export const WEEKDAY = `(?:${alternation(Object.keys(WEEKDAYS))})\\.?`;
const ORDINAL = "(?:st|nd|rd|th|er|e)?";
/** A letter or digit boundary that also works around accented letters. */
const B = "(?<![\\p{L}\\p{N}])";
const E = "(?![\\p{L}\\p{N}])";

export interface DateMention {
  index: number;
  length: number;
  start: CalendarDay;
  /** Last day of a span ("Dec 8–10"), inclusive. */
  end: CalendarDay | null;
  /** "now through Dec 11", "until Oct 29": the date closes something already running. */
  openStart: boolean;
  /** The date came from a relative word ("tomorrow", "next Wednesday"). */
  relative: boolean;
  /** A bare weekday ("Sat", "by Monday") – weaker evidence than a written date. */
  bareWeekday: boolean;
  /** "tonight", "this evening": evening of the reference day. */
  evening: boolean;
}

export interface DateScanOptions {
  /** The reference day (local) for relative words and the year of yearless dates. */
  reference: CalendarDay;
  /** "Next week: practices Tues …" puts bare weekdays into next week. */
  nextWeek?: boolean;
  /** A bare weekday after "April 30 – May 2 … Pool play starts Friday" counts from that date. */
  weekdayAnchor?: CalendarDay | null;
  /** The school year the document is about ("SY 2024-25"): its first calendar year. */
  schoolYear?: number | null;
  /** The document writes its numeric dates day first ("4/06/2027" is 4 June): see `numericDayFirst`. */
  dayFirst?: boolean;
}

interface Atom {
  index: number;
  length: number;
  month: number | null;
  day: number;
  year: number | null;
  weekday: number | null;
  /** Already resolved (relative words, ISO dates). */
  resolved?: CalendarDay;
  relative?: boolean;
  bareWeekday?: boolean;
  evening?: boolean;
}

function lookup(table: Record<string, number>, word: string): number | null {
  const key = word.toLowerCase().replace(/\.$/, "");
  return key in table ? table[key]! : null;
}

const YEAR = "(?:,?\\s*(\\d{4}))?";
const WD_PREFIX = `(?:(${WEEKDAY})[,\\s]+(?:(?:the|le)\\s+)?)?`;

/** "Years 5/6", "Grades 7/8", "U13/14": the groups a line is for, not a date. */
const GROUP_BEFORE = /\b(?:years?|yrs?|grades?|gr|classes?|forms?|standards?|std|ages?|u|under)\.?\s*$/i;
/** "1/2 pitch", "1/2 day", "3/4 of the class": a fraction of something. */
const FRACTION_AFTER = /^\s*(?:of|fields?|pitch|court|days?|hours?|hrs?|miles?|km|cups?|price|time|size|way)\b/i;

/** A lower-case word after "may": the verb ("pupils may bring a snack"), not the month. */
const MODAL_AFTER = /^\s+(?:not\s+)?\p{Ll}/u;

/** "Saturday the 12 ", "on the 3rd ": a day of the month right before a month's name. */
const DAY_BEFORE_MONTH = new RegExp(`(?:${WEEKDAY}[,\\s]+(?:the\\s+)?|\\b(?:the|on)\\s+)\\d{1,2}(?:st|nd|rd|th)?\\s+$`, "iu");

const PATTERNS: { re: RegExp; read: (m: RegExpExecArray, options: DateScanOptions) => Omit<Atom, "index" | "length"> | null }[] = [
  {
    // 2026-10-14
    re: new RegExp(`${B}(\\d{4})-(\\d{2})-(\\d{2})${E}`, "giu"),
    read: (m) => ({ year: +m[1]!, month: +m[2]!, day: +m[3]!, weekday: null }),
  },
  {
    // Thursday, Dec 17, 2026 · Oct. 14th · October 14
    re: new RegExp(`${B}${WD_PREFIX}(${MONTH})\\s*(\\d{1,2})${ORDINAL}(?!:\\d)${E}${YEAR}`, "giu"),
    // "Saturday the 12 June 3rd Troop held…": the day is written before the month; the number after it is something else.
    read: (m) => (!m[1] && DAY_BEFORE_MONTH.test(m.input.slice(Math.max(0, m.index - 40), m.index)) ? null : {
      weekday: m[1] ? lookup(WEEKDAYS, m[1]) : null,
      month: lookup(MONTHS, m[2]!),
      day: +m[3]!,
      year: m[4] ? +m[4] : null,
    }),
  },
  {
    // lundi 30 novembre · 14 October 2026 · le 1er décembre · Monday the 14th of October
    re: new RegExp(`${B}${WD_PREFIX}(?:(?:le|the)\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(${MONTH})${E}${YEAR}`, "giu"),
    // "…Year 2 may bring a snack": "may" in lower case before a word is the verb.
    read: (m) => (m[3] === "may" && !m[4] && MODAL_AFTER.test(m.input.slice(m.index + m[0].length)) ? null : {
      weekday: m[1] ? lookup(WEEKDAYS, m[1]) : null,
      day: +m[2]!,
      month: lookup(MONTHS, m[3]!),
      year: m[4] ? +m[4] : null,
    }),
  },
  {
    // Mon 10/5 · 10/14/2026 · 14/10 (day first when the first number cannot be a month, or the document writes day first)
    re: new RegExp(`${B}${WD_PREFIX}(\\d{1,2})/(\\d{1,2})(?:/(\\d{4}|\\d{2}))?(?![\\d/])`, "giu"),
    read: (m, options) => {
      if (!m[1] && !m[4] && (GROUP_BEFORE.test(m.input.slice(Math.max(0, m.index - 12), m.index)) || FRACTION_AFTER.test(m.input.slice(m.index + m[0].length)))) return null;
      // "a 2 1/4 mile loop", "for 6 1/2 year olds": a whole number and a fraction.
      if (!m[1] && !m[4] && /\d\s+$/.test(m.input.slice(Math.max(0, m.index - 3), m.index)) && +m[2]! < +m[3]! && +m[3]! <= 8) return null;
      let month = +m[2]!;
      let day = +m[3]!;
      if ((month > 12 && day <= 12) || (options.dayFirst && day <= 12)) [month, day] = [day, month];
      const year = m[4] ? (m[4].length === 2 ? 2000 + +m[4] : +m[4]) : null;
      return { weekday: m[1] ? lookup(WEEKDAYS, m[1]) : null, month, day, year };
    },
  },
  {
    // 22.10.18 · 5.3.2027: a dotted date is written day first
    re: new RegExp(`${B}${WD_PREFIX}(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4}|\\d{2})(?![\\d.]|\\s*(?:[ap]\\.?m|h\\b|%))`, "giu"),
    read: (m) => {
      const day = +m[2]!;
      const month = +m[3]!;
      if (month > 12 || day > 31) return null;
      return { weekday: m[1] ? lookup(WEEKDAYS, m[1]) : null, month, day, year: m[4]!.length === 2 ? 2000 + +m[4]! : +m[4]! };
    },
  },
  {
    // Monday the 14th (month left to the reference)
    re: new RegExp(`${B}(${WEEKDAY})[,\\s]+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)${E}`, "giu"),
    read: (m) => ({ weekday: lookup(WEEKDAYS, m[1]!), month: null, day: +m[2]!, year: null }),
  },
];

const TRAILING_WEEKDAY = new RegExp(`^\\s*\\((${WEEKDAY})\\)`, "iu");

const RELATIVE_DAY = new RegExp(
  `${B}(today|tonight|tomorrow|this (?:morning|afternoon|evening)|${alternation(Object.keys(FRENCH_RELATIVE_DAYS))})${E}`,
  "giu",
);

const COUNT_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** "in 5 days", "just three days away", "10 days from now": a day counted from the reference. */
const DAYS_AWAY = new RegExp(
  `\\bin\\s+(\\d{1,2}|${COUNT_WORDS.join("|")})\\s+days?\\b|\\b(\\d{1,2}|${COUNT_WORDS.join("|")})\\s+days?\\s+(?:away|from\\s+(?:now|today))\\b`,
  "gi",
);

/** "Saturday and Sunday": the second weekday leans on the first. */
const AFTER_WEEKDAY_AND = new RegExp(`\\b(?:this|next|coming|on)\\s+${WEEKDAY}\\s+(?:and|&|et)\\s*$`, "iu");

/** this Friday · next Wed · Sat · vendredi prochain · ce jeudi */
const WEEKDAY_WORD = new RegExp(
  `${B}(?:(this coming|this|next|coming|ce|cette)\\s+)?(${WEEKDAY})(?!\\p{L})(?:\\s+(prochain))?`,
  "giu",
);

/** "on Wednesday, Thursday and Friday", "this Thursday & Friday": days in a row, one span. */
const WEEKDAY_RUN = new RegExp(
  `(?<=\\b(?:on|this|next|coming|this coming)\\s+)${WEEKDAY}(?:\\s*,\\s*${WEEKDAY})*\\s*,?\\s*(?:and|&|et)\\s+${WEEKDAY}(?!\\p{L})`,
  "giu",
);

/** Weekdays written one after another in a row of days: one span from the first to the last. */
function weekdayRuns(text: string, options: DateScanOptions): DateMention[] {
  const runs: DateMention[] = [];
  WEEKDAY_RUN.lastIndex = 0;
  for (let m = WEEKDAY_RUN.exec(text); m; m = WEEKDAY_RUN.exec(text)) {
    const days = [...m[0].matchAll(new RegExp(WEEKDAY, "giu"))].map((w) => lookup(WEEKDAYS, w[0])!);
    if (days.length < 2 || days.some((d, i) => i > 0 && d !== (days[i - 1]! + 1) % 7)) continue;
    WEEKDAY_WORD.lastIndex = Math.max(0, text.lastIndexOf(" ", m.index - 2) + 1);
    const first = WEEKDAY_WORD.exec(text);
    const resolved = first && first.index <= m.index ? resolveWeekdayWord(text, first, options) : null;
    if (!resolved) continue;
    runs.push({
      index: m.index, length: m[0].length, start: resolved.date, end: addDays(resolved.date, days.length - 1),
      openStart: false, relative: true, bareWeekday: false, evening: false,
    });
  }
  return runs;
}

function overlaps(atoms: Atom[], index: number, length: number): boolean {
  return atoms.some((a) => index < a.index + a.length && a.index < index + length);
}

function scanAtoms(text: string, options: DateScanOptions): Atom[] {
  const atoms: Atom[] = [];
  for (const { re, read } of PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (overlaps(atoms, m.index, m[0].length)) continue;
      const value = read(m, options);
      if (!value) continue;
      // "Sept 2 (Wed)": the weekday in brackets belongs to the date.
      const tail = TRAILING_WEEKDAY.exec(text.slice(m.index + m[0].length));
      const length = m[0].length + (tail ? tail[0].length : 0);
      if (tail && value.weekday === null) value.weekday = lookup(WEEKDAYS, tail[1]!);
      atoms.push({ index: m.index, length, ...value });
    }
  }
  const ref = options.reference;
  RELATIVE_DAY.lastIndex = 0;
  for (let m = RELATIVE_DAY.exec(text); m; m = RELATIVE_DAY.exec(text)) {
    if (overlaps(atoms, m.index, m[0].length)) continue;
    const word = m[1]!.toLowerCase();
    const offset = word === "tomorrow" ? 1 : (FRENCH_RELATIVE_DAYS[word] ?? 0);
    const date = addDays(ref, offset);
    atoms.push({
      index: m.index, length: m[0].length, month: date.month, day: date.day, year: date.year,
      weekday: null, resolved: date, relative: true,
      evening: /tonight|evening|ce soir/.test(word),
    });
  }
  DAYS_AWAY.lastIndex = 0;
  for (let m = DAYS_AWAY.exec(text); m; m = DAYS_AWAY.exec(text)) {
    if (overlaps(atoms, m.index, m[0].length)) continue;
    const word = (m[1] ?? m[2])!.toLowerCase();
    const count = /^\d+$/.test(word) ? +word : COUNT_WORDS.indexOf(word) + 1;
    if (count < 1 || count > 60) continue;
    const date = addDays(ref, count);
    atoms.push({ index: m.index, length: m[0].length, month: date.month, day: date.day, year: date.year, weekday: null, resolved: date, relative: true });
  }
  WEEKDAY_WORD.lastIndex = 0;
  for (let m = WEEKDAY_WORD.exec(text); m; m = WEEKDAY_WORD.exec(text)) {
    if (overlaps(atoms, m.index, m[0].length)) continue;
    const resolved = resolveWeekdayWord(text, m, options);
    if (!resolved) continue;
    atoms.push({
      index: m.index, length: m[0].length, month: resolved.date.month, day: resolved.date.day,
      year: resolved.date.year, weekday: null, resolved: resolved.date, relative: true,
      bareWeekday: resolved.bare,
    });
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return atoms.sort((a, b) => a.index - b.index);
}

/**
 * A weekday on its own is a date only when the wording points at one day:
 * "this Friday", "next Wed", "by Monday", "Sat:" at the start of a line,
 * "Tues 5:45". "Monday–Thursday 3:30–8:30" (opening hours) is not.
 */
function resolveWeekdayWord(
  text: string,
  m: RegExpExecArray,
  options: DateScanOptions,
): { date: CalendarDay; bare: boolean } | null {
  const qualifier = m[1]?.toLowerCase();
  const day = lookup(WEEKDAYS, m[2]!)!;
  const before = text.slice(Math.max(0, m.index - 12), m.index).toLowerCase();
  const after = text.slice(m.index + m[0].length, m.index + m[0].length + 14);
  // Weekday ranges and lists of opening hours: "Monday–Thursday", "Mon-Fri".
  if (new RegExp(`^\\s*(?:[-–]|to|through|à|au)\\s*${WEEKDAY}`, "iu").test(after)) return null;
  if (new RegExp(`${WEEKDAY}\\s*(?:[-–]|to|through|à|au)\\s*$`, "iu").test(before)) return null;
  // Short forms ("sat", "sun", "wed", "mar") are everyday words unless clearly a day.
  const word = m[2]!.toLowerCase().replace(/\.$/, "");
  const isFullName = word.length >= 5 || word in FRENCH_WEEKDAYS;
  const prochain = Boolean(m[3]);
  let bare = false;
  // A habitual weekday names every such day, not one date: French "le lundi et le
  // vendredi" (with no day number; "lundi" alone is this Monday), "Monday school
  // holidays", "Tuesday nights", "Thursday practices".
  const habitualFrench = /(?:^|[^\p{L}'’])le\s*$/u.test(before) && !/(?:avant|jusqu'au|dès|pour|depuis)\s+le\s*$/.test(before);
  const habitualPlural = /^\s+(?:[a-z]+\s+)?(?:holidays|nights|mornings|evenings|afternoons|practices|classes|lessons|sessions|meetings|soirs|matins)\b/i.test(text.slice(m.index + m[0].length, m.index + m[0].length + 30));
  if (!qualifier && !prochain && (habitualFrench || habitualPlural)) return null;
  if (!qualifier && !prochain) {
    const lineStart = /(?:^|\n)\s*(?:[•*\-–]\s*)?$/.test(text.slice(0, m.index));
    const possessive = /^['’]s\b/.test(text.slice(m.index + m[0].length)) || AFTER_WEEKDAY_AND.test(text.slice(Math.max(0, m.index - 30), m.index));
    const cue = possessive || /(?:\bon|\bby|\buntil|\btill|\bbefore|\bsee you|\bstarting|\bthis|\bd[eè]s|\bavant le|\bjusqu'au|\ble)\s*$/.test(before);
    const timeAfter = /^[,\s]*(?:at\s+|@\s*|from\s+|à\s+|(?:around|about|by|until|vers)\s+)?\d{1,2}(?::\d{2}|\s*h|\s*[ap]\.?m)/i.test(after);
    if (!cue && !timeAfter && !(lineStart && /^\s*[:–-]/.test(after))) return null;
    if (!isFullName && !timeAfter && !lineStart && !/\bon\s*$|\bby\s*$/.test(before)) return null;
    bare = true;
  }
  const ref = !qualifier && !prochain && options.weekdayAnchor ? options.weekdayAnchor : options.reference;
  const refDay = weekdayOf(ref);
  let offset = (day - refDay + 7) % 7;
  if (qualifier === "next" || prochain) {
    // "next Wednesday" said on a Friday is five days away; said on a Monday it is
    // the Wednesday of the following week.
    if (offset === 0) offset = 7;
    const refMondayIndex = (refDay + 6) % 7;
    if (refMondayIndex + offset <= 6 && refDay !== 0) offset += 7;
  } else if (options.nextWeek && !qualifier) {
    const refMondayIndex = (refDay + 6) % 7;
    const dayMondayIndex = (day + 6) % 7;
    offset = 7 - refMondayIndex + dayMondayIndex;
  }
  return { date: addDays(ref, offset), bare };
}

/**
 * The year of a date written without one: the nearest upcoming occurrence,
 * except that a date a few months back stays in the past (a recap); a stated
 * weekday picks the year when only one candidate falls on it.
 */
export function resolveYear(
  month: number,
  day: number,
  weekdayHint: number | null,
  ref: CalendarDay,
  schoolYear: number | null = null,
): CalendarDay | null {
  const candidates = [ref.year, ref.year + 1, ref.year - 1]
    .map((y) => existingDay(y, month, day))
    .filter((d): d is CalendarDay => d !== null);
  if (candidates.length === 0) return null;
  if (weekdayHint !== null) {
    const matching = candidates.filter(
      (d) => weekdayOf(d) === weekdayHint && Math.abs(daysBetween(ref, d)) < 300,
    );
    if (matching.length === 1) return matching[0]!;
  }
  // A school-year calendar lists August to December in its first year and the rest in its second.
  if (schoolYear !== null) return existingDay(month >= SCHOOL_YEAR_FIRST_MONTH ? schoolYear : schoolYear + 1, month, day);
  const thisYear = existingDay(ref.year, month, day);
  if (thisYear && daysBetween(ref, thisYear) >= -120) return thisYear;
  return existingDay(ref.year + 1, month, day) ?? thisYear;
}

/**
 * "Monday the 14th": the next 14th on or after the reference, preferring one on a Monday.
 * When only a recent 14th was a Monday, that one is meant: "Tuesday the 30th" in last
 * month's post is last month's, already past.
 */
function resolveMonthless(day: number, weekdayHint: number | null, ref: CalendarDay): CalendarDay | null {
  const options: CalendarDay[] = [];
  let recent: CalendarDay | null = null;
  for (let i = -1; i < 3; i++) {
    const month = ((ref.month - 1 + i + 12) % 12) + 1;
    const year = ref.year + Math.floor((ref.month - 1 + i) / 12);
    const d = existingDay(year, month, day);
    if (d && compareDays(d, ref) >= 0) options.push(d);
    else if (d && weekdayHint !== null && weekdayOf(d) === weekdayHint && daysBetween(d, ref) <= 31) recent = d;
  }
  return options.find((d) => weekdayHint === null || weekdayOf(d) === weekdayHint) ?? recent ?? options[0] ?? null;
}

function resolveAtom(atom: Atom, ref: CalendarDay, schoolYear: number | null = null): CalendarDay | null {
  if (atom.resolved) return atom.resolved;
  if (atom.month === null) return resolveMonthless(atom.day, atom.weekday, ref);
  if (atom.year !== null) {
    const written = existingDay(atom.year, atom.month, atom.day);
    // "Thursday 10/22/27" in a mail of October 2026: the weekday is right and the year a slip when only a year near the mail's fits both.
    if (written && atom.weekday !== null && weekdayOf(written) !== atom.weekday) {
      const near = resolveYear(atom.month, atom.day, atom.weekday, ref);
      if (near && weekdayOf(near) === atom.weekday && Math.abs(near.year - atom.year) === 1) return near;
    }
    return written;
  }
  return resolveYear(atom.month, atom.day, atom.weekday, ref, schoolYear);
}

/** August: the first month of a northern school year ("2024-25" runs from August 2024). */
const SCHOOL_YEAR_FIRST_MONTH = 8;
const NUMERIC_DATE = /(?<![\d/.])(\d{1,2})\/(\d{1,2})(?:\/(?:\d{4}|\d{2}))?(?![\d/])/g;

/**
 * How a document writes its numeric dates. "14/03/2027" can only be day first and
 * "10/14" only month first; the document's unambiguous dates decide its "2/04".
 * With none, the parent's region does: month first in the Americas (where the
 * mail Cubby reads is written in the US way), day first elsewhere.
 */
export function numericDayFirst(text: string, timeZone: string): boolean {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const [a, b] = [+m[1]!, +m[2]!];
    if (a > 12 && a <= 31 && b >= 1 && b <= 12) dayFirst++;
    else if (b > 12 && b <= 31 && a >= 1 && a <= 12) monthFirst++;
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst;
  return !timeZone.startsWith("America/");
}

const SCHOOL_YEAR_LABEL = /(?<![\p{N}])(20\d{2})\s*[-–/]\s*(?:20)?(\d{2})(?![\p{N}])/gu;

/**
 * The school year a document is about, when it names one ("SY 2024-25",
 * "2017–2018 important dates") and the reference falls inside it: yearless
 * dates in it are read within that year, so a calendar read in January
 * keeps September in the past instead of moving it to next September.
 */
export function schoolYearOf(text: string, reference: CalendarDay): number | null {
  for (const m of text.matchAll(SCHOOL_YEAR_LABEL)) {
    const first = +m[1]!;
    if ((first + 1) % 100 !== +m[2]!) continue;
    const opens = { year: first, month: 7, day: 1 };
    const closes = { year: first + 1, month: 8, day: 31 };
    if (compareDays(reference, opens) >= 0 && compareDays(reference, closes) <= 0) return first;
  }
  return null;
}

const SPAN_CONNECTOR = /^\s*(?:,\s*(?=to\b|through\b|thru\b|until\b))?(?:[-–—]|to|through|thru|until|till|au|à|jusqu'au|and ending|ending)\s*(?:(?:the|le)\s+)?$/i;

/** "Dec 8–10", "Oct 16-18, 2026": month, first day, last day. */
/** Words that number the occurrences of something ("Session 2", "Round 5", "Week 3"). */
export const OCCURRENCE_WORD = "(?:session|week|wk|round|lesson|class|meeting|part|block|séance|semaine)";

/** "Session 1 – Thursday 4 March": the number files the session; it is no first day of a span. */
const NOT_NUMBERED = `(?<!\\b(?:${OCCURRENCE_WORD}|no\\.?|#)\\s*)`;

const MONTH_DAY_DAY = new RegExp(
  `${B}${WD_PREFIX}(${MONTH})\\s*(\\d{1,2})${ORDINAL}\\s*(?:[-–]|to|through|thru|&|and)\\s*(?:${WEEKDAY}[,\\s]+)?(\\d{1,2})${ORDINAL}(?!\\s*(?:[:/]|h\\b|[ap]\\.?m|\\d))${E}${YEAR}`,
  "giu",
);
/** "du 18 au 22 janvier 2027", "18-22 January", "du lundi 30 au mardi 31 mars". */
const DAY_DAY_MONTH = new RegExp(
  `${B}${NOT_NUMBERED}(?:(?:du|from)\\s+)?(?:${WEEKDAY}\\s+)?(\\d{1,2})${ORDINAL}\\s*(?:[-–]|au|to|through)\\s*(?:${WEEKDAY}\\s+)?(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(${MONTH})${E}${YEAR}`,
  "giu",
);

/** One more day of a month already named: ", 11", ", & 25", " and 28", after an aside ("13 (testing), & 25"). */
const LISTED_DAY = /^(\s*(?:\([^()]{1,40}\)\s*)?(?:,\s*(?:and\s+|&\s*)?|\s+and\s+|\s*&\s*))(\d{1,2})(?:st|nd|rd|th)?(?=\s*(?:[,;.&()]|and\b|et\b|$)|\s+(?:for|in|at|from|with|pour|au|à)\b)/i;
const LIST_START = new RegExp(`${B}(${MONTH})\\.?\\s*(\\d{1,2})(?:st|nd|rd|th)?(?=\\s*(?:\\([^()]{1,40}\\)\\s*)?(?:,|and\\b|&))`, "giu");

/**
 * "April 10, 11, 12 (testing), & 25", "September 14 and 28": several days of one
 * month written once. Each day is its own date, in the order written.
 */
function dayLists(text: string, options: DateScanOptions): DateMention[][] {
  const lists: DateMention[][] = [];
  LIST_START.lastIndex = 0;
  for (let m = LIST_START.exec(text); m; m = LIST_START.exec(text)) {
    const month = lookup(MONTHS, m[1]!);
    if (month === null) continue;
    const days = [{ index: m.index, length: m[0].length, day: +m[2]! }];
    let at = m.index + m[0].length;
    for (let next = LISTED_DAY.exec(text.slice(at)); next; next = LISTED_DAY.exec(text.slice(at))) {
      const day = +next[2]!;
      if (day <= days[days.length - 1]!.day || day > 31) break;
      days.push({ index: at + next[1]!.length, length: next[0].length - next[1]!.length, day });
      at += next[0].length;
    }
    if (days.length < 2) continue;
    const list: DateMention[] = [];
    for (const d of days) {
      const start = resolveYear(month, d.day, null, options.reference, options.schoolYear ?? null);
      if (start) list.push({ index: d.index, length: d.length, start, end: null, openStart: false, relative: false, bareWeekday: false, evening: false });
    }
    if (list.length >= 2) lists.push(list);
    LIST_START.lastIndex = at;
  }
  DAYS_BEFORE_MONTH.lastIndex = 0;
  for (let m = DAYS_BEFORE_MONTH.exec(text); m; m = DAYS_BEFORE_MONTH.exec(text)) {
    const month = lookup(MONTHS, m[2]!);
    if (month === null) continue;
    // Each listed day with its weekday when it has one ("Thursday 18th & Friday 19th March").
    const days = [...m[1]!.matchAll(new RegExp(`(?:${WEEKDAY}[,\\s]+)?\\d{1,2}(?:st|nd|rd|th)?`, "giu"))].map((d) => ({ index: m!.index + d.index!, length: d[0].length, day: parseInt(/\d{1,2}/.exec(d[0])![0], 10) }));
    // The last day is the one right before the month's name, its weekday with it.
    const beforeMonth = m[0].slice(m[1]!.length, m[0].lastIndexOf(m[2]!));
    const last = m[1]!.length;
    days.push({ index: m.index + last, length: m[0].length - last, day: +/\d{1,2}/.exec(beforeMonth)![0] });
    if (days.some((d, i) => d.day > 31 || (i > 0 && d.day <= days[i - 1]!.day))) continue;
    const year = m[3] ? +m[3] : null;
    const list: DateMention[] = [];
    for (const d of days) {
      const start = year ? existingDay(year, month, d.day) : resolveYear(month, d.day, null, options.reference, options.schoolYear ?? null);
      if (start) list.push({ index: d.index, length: d.length, start, end: null, openStart: false, relative: false, bareWeekday: false, evening: false });
    }
    if (list.length >= 2) lists.push(list);
  }
  return lists;
}

/** "16, 23 Feb", "3rd, 10th & 17th March 2027": days listed before the month they share. */
const DAYS_BEFORE_MONTH = new RegExp(
  `${B}((?:(?:${WEEKDAY}[,\\s]+)?\\d{1,2}(?:st|nd|rd|th)?(?:\\s*,\\s*(?:and\\s+|&\\s*)?|\\s+and\\s+|\\s*&\\s*))+)(?:${WEEKDAY}[,\\s]+)?\\d{1,2}(?:st|nd|rd|th)?\\s+(${MONTH})(?:,?\\s*(\\d{4}))?${E}`,
  "giu",
);

const OPEN_START = /(?:\b(?:now|from now)\s+)?(?:\bthrough|\bthru|\buntil|\btill|\bjusqu'au)\s*$/i;

/** All date mentions in `text`, spans joined, in reading order. */
export function findDates(text: string, options: DateScanOptions): DateMention[] {
  // The layout readers and the sentence reader look at the same lines again and again.
  const key = `${options.reference.year}-${options.reference.month}-${options.reference.day}|${options.schoolYear ?? ""}|${options.dayFirst ? 1 : 0}|${options.nextWeek ? 1 : 0}|${options.weekdayAnchor ? `${options.weekdayAnchor.year}-${options.weekdayAnchor.month}-${options.weekdayAnchor.day}` : ""}|${text}`;
  const known = READ.get(key);
  if (known) return [...known];
  const found = scanDates(text, options);
  if (READ.size >= READ_LIMIT) READ.delete(READ.keys().next().value!);
  READ.set(key, found);
  return [...found];
}

/** Dates already read, by text and options, for one document at a time; the oldest goes first when it is full. */
const READ = new Map<string, readonly DateMention[]>();
const READ_LIMIT = 4000;

/** Forgets the dates read: a document's text is not kept once it has been read. */
export function forgetReadDates(): void {
  READ.clear();
}

function scanDates(text: string, options: DateScanOptions): DateMention[] {
  const ref = options.reference;
  const mentions: DateMention[] = [];
  const taken: Atom[] = [];
  for (const re of [MONTH_DAY_DAY, DAY_DAY_MONTH]) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (overlaps(taken, m.index, m[0].length)) continue;
      const isMonthFirst = re === MONTH_DAY_DAY;
      const month = lookup(MONTHS, isMonthFirst ? m[2]! : m[3]!);
      const first = +(isMonthFirst ? m[3]! : m[1]!);
      const last = +(isMonthFirst ? m[4]! : m[2]!);
      const year = isMonthFirst ? m[5] : m[4];
      if (month === null || last <= first) continue;
      // "September 14 and 28" lists two days; only "May 2 and 3" (a weekend, two days in a row) is a span.
      if (/(?:\band\b|&)/i.test(m[0]) && last !== first + 1) continue;
      const start = year ? existingDay(+year, month, first) : resolveYear(month, first, null, ref, options.schoolYear ?? null);
      const end = start && existingDay(start.year, month, last);
      if (!start || !end) continue;
      taken.push({ index: m.index, length: m[0].length, month, day: first, year: null, weekday: null });
      mentions.push({
        index: m.index, length: m[0].length, start, end, openStart: false,
        relative: false, bareWeekday: false, evening: false,
      });
    }
  }
  for (const list of dayLists(text, options)) {
    if (overlaps(taken, list[0]!.index, list[list.length - 1]!.index + list[list.length - 1]!.length - list[0]!.index)) continue;
    for (const day of list) {
      taken.push({ index: day.index, length: day.length, month: day.start.month, day: day.start.day, year: null, weekday: null });
      mentions.push(day);
    }
  }
  for (const run of weekdayRuns(text, options)) {
    if (overlaps(taken, run.index, run.length)) continue;
    taken.push({ index: run.index, length: run.length, month: null, day: 0, year: null, weekday: null });
    mentions.push(run);
  }
  const masked = maskRanges(text, taken);
  const atoms = scanAtoms(masked, options);
  for (let i = 0; i < atoms.length; i++) {
    const atom = atoms[i]!;
    const start = resolveAtom(atom, ref, options.schoolYear ?? null);
    if (!start) continue;
    const next = atoms[i + 1];
    const between = next ? masked.slice(atom.index + atom.length, next.index) : "";
    if (next && SPAN_CONNECTOR.test(between) && !atom.bareWeekday) {
      // The first date of a span may borrow its year from the second ("Dec 19 – Jan 3, 2027").
      let end = resolveAtom(next, start);
      let first = start;
      if (next.year !== null && atom.year === null && atom.month !== null && !atom.resolved) {
        const borrowed = existingDay(next.year, atom.month, atom.day);
        if (borrowed && end && compareDays(borrowed, end) <= 0) first = borrowed;
        else if (borrowed && end) first = existingDay(next.year - 1, atom.month, atom.day) ?? first;
      }
      if (end && compareDays(end, first) < 0 && next.year === null && next.month !== null && !next.resolved) {
        end = existingDay(end.year + 1, next.month, next.day);
      }
      if (end && compareDays(end, first) > 0 && daysBetween(first, end) < 370) {
        mentions.push({
          index: atom.index, length: next.index + next.length - atom.index, start: first, end,
          openStart: false, relative: Boolean(atom.relative), bareWeekday: false, evening: false,
        });
        i++;
        continue;
      }
    }
    // "the week of December 21", "week beginning 6 May" name no day of their own.
    if (/\bweek of\s*$|\bweek (?:starting|beginning|commencing)(?: on)?\s*$|\bw\/c\s*$|\bsemaine du\s*$/i.test(masked.slice(Math.max(0, atom.index - 24), atom.index))) continue;
    // "this Saturday and Sunday": two days in a row are one weekend span.
    if (next && /^\s*(?:and|&|et)\s*$/i.test(between) && daysBetween(start, resolveAtom(next, start) ?? start) === 1 && atom.relative && next.relative) {
      mentions.push({
        index: atom.index, length: next.index + next.length - atom.index, start, end: resolveAtom(next, start),
        openStart: false, relative: true, bareWeekday: false, evening: false,
      });
      i++;
      continue;
    }
    const openStart = OPEN_START.test(masked.slice(Math.max(0, atom.index - 20), atom.index));
    mentions.push({
      index: atom.index, length: atom.length, start, end: null, openStart,
      relative: Boolean(atom.relative), bareWeekday: Boolean(atom.bareWeekday),
      evening: Boolean(atom.evening),
    });
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return mentions.sort((a, b) => a.index - b.index);
}

/** Blanks out found ranges so later scanners do not read them twice. */
export function maskRanges(text: string, ranges: { index: number; length: number }[]): string {
  let out = text;
  for (const r of ranges) {
    out = out.slice(0, r.index) + " ".repeat(r.length) + out.slice(r.index + r.length);
  }
  return out;
}

/** The weekday index of a word, or null: shared with the recurrence reader. */
export function weekdayOfWord(word: string): number | null {
  return lookup(WEEKDAYS, word);
}

export function monthOf(word: string): number | null {
  return lookup(MONTHS, word);
}
