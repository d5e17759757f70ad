/**
 * Clock times and time ranges: "7 PM", "6:30-8 p.m.", "from 10:00 to 11:30
 * a.m.", "noon", "until 3", "19 h", "8h30", "TBD". Callers pass text with the
 * dates already blanked out so "Dec 8–10" is never read as a time.
 */

export interface ClockTime {
  hour: number;
  minute: number;
}

export interface TimeMention {
  index: number;
  length: number;
  start: ClockTime | null;
  end: ClockTime | null;
  /** The end came from "until 3" / "returns about 4:30" rather than a range. */
  endOnly: boolean;
}

const MERIDIEM = "(a\\.?\\s?m\\.?|p\\.?\\s?m\\.?)(?![\\p{L}])";
const B = "(?<![\\p{L}\\p{N}$:/.,])";

/** One clock reading; `meridiem` null when the text gave none. */
interface Reading {
  index: number;
  length: number;
  hour: number;
  minute: number;
  meridiem: "am" | "pm" | null;
  /** 24-hour French style ("19 h"): never shifted. */
  twentyFour: boolean;
}

const READINGS: { re: RegExp; read: (m: RegExpExecArray) => Omit<Reading, "index" | "length"> | null }[] = [
  {
    re: new RegExp(`${B}(\\d{1,2})(?:[:.](\\d{2}))?\\s*${MERIDIEM}`, "giu"),
    read: (m) => ({
      hour: +m[1]!, minute: m[2] ? +m[2] : 0,
      meridiem: m[3]!.toLowerCase().startsWith("a") ? "am" : "pm", twentyFour: false,
    }),
  },
  {
    // French: 19 h, 19 h 30, 8h30
    re: new RegExp(`${B}(\\d{1,2})\\s?h\\s?(\\d{2})?(?![\\p{L}\\p{N}])`, "giu"),
    read: (m) => ({ hour: +m[1]!, minute: m[2] ? +m[2] : 0, meridiem: null, twentyFour: true }),
  },
  {
    re: new RegExp(`${B}(\\d{1,2}):(\\d{2})(?![\\p{N}])`, "giu"),
    read: (m) => ({ hour: +m[1]!, minute: +m[2]!, meridiem: null, twentyFour: +m[1]! > 12 || m[1]!.startsWith("0") }),
  },
  {
    re: /(?<![\p{L}])(noon|midday|midi)(?![\p{L}])/giu,
    read: () => ({ hour: 12, minute: 0, meridiem: "pm", twentyFour: true }),
  },
  {
    // A bare hour only after a word that announces a time: "at 7", "until 3", "by 3".
    re: /(?<=\b(?:at|until|till|by|@|from|starts?|begins?)\s)(\d{1,2})(?![\p{L}\p{N}:/%$])(?![.,]\d)(?!\s*(?:min|hour|hr|year|yr|kid|student|people|th|st|nd|rd|am|pm|a\.m|p\.m|[-–]\s*\d))/giu,
    read: (m) => ({ hour: +m[1]!, minute: 0, meridiem: null, twentyFour: false }),
  },
];

/** "Term 2 - 2.30pm", "Grade 5 – 6 pm": a number that counts something, not an hour. */
const COUNTED = "(?<!\\b(?:term|week|grade|gr|year|yr|level|room|session|act|game|round|division|group|team|stage|phase|no\\.?|#|u|under)\\s?)";

/** "6-7:30", "from 5 to 7": a range without am/pm, read with the daytime guess. */
const PLAIN_RANGE = /(?<![\p{L}\p{N}$:/.,])(?:(?<=\bfrom\s)(\d{1,2})(?::(\d{2}))?\s*(?:to|until|till|[-–])\s*(\d{1,2})(?::(\d{2}))?|(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2}):(\d{2}))(?![\p{N}:])(?!\s*(?:[ap]\.?\s?m|h\b|%|\$|years?|yrs?|ans))/giu;

const RANGE_CONNECTOR = /^\s*(?:[-–]|to|until|till|and|à|au)\s*$/i;
/** "6–8 pm": a bare first hour that takes its meridiem from the second. */
const BARE_RANGE = new RegExp(`${B}${COUNTED}(\\d{1,2})(?:[:.](\\d{2}))?\\s*(?:[-–]|to)\\s*(?=\\d{1,2}(?:[:.]\\d{2})?\\s*${MERIDIEM})`, "giu");
const END_CUE = /(?:until|till|to|returns?(?: at| by)?|returning(?: at| by)?|return (?:at|by)|back (?:by|at|around|about)|ends?(?: at| by)?|over (?:by|at)|done (?:by|at)|finish(?:es)? (?:at|by)|runs until|pick[- ]?up(?: at| is)?|jusqu'à|fin à|retour(?: est prévu)? (?:vers|à)|de retour (?:vers|à))\s*(?:about|around|approx\.?|approximately|vers)?\s*$/i;

function scanReadings(text: string): Reading[] {
  const readings: Reading[] = [];
  const taken = (i: number, l: number) => readings.some((r) => i < r.index + r.length && r.index < i + l);
  PLAIN_RANGE.lastIndex = 0;
  for (let m = PLAIN_RANGE.exec(text); m; m = PLAIN_RANGE.exec(text)) {
    const [h1, m1, h2, m2] = m[1] !== undefined ? [m[1], m[2], m[3], m[4]] : [m[5], m[6], m[7], m[8]];
    if (+h1! > 23 || +h2! > 23) continue;
    const firstLength = h1!.length + (m1 ? m1.length + 1 : 0);
    const secondStart = m.index + m[0].length - (h2!.length + (m2 ? m2.length + 1 : 0));
    readings.push({ index: m.index, length: firstLength, hour: +h1!, minute: m1 ? +m1 : 0, meridiem: null, twentyFour: false });
    readings.push({ index: secondStart, length: m[0].length - (secondStart - m.index), hour: +h2!, minute: m2 ? +m2 : 0, meridiem: null, twentyFour: false });
  }
  BARE_RANGE.lastIndex = 0;
  for (let m = BARE_RANGE.exec(text); m; m = BARE_RANGE.exec(text)) {
    if (taken(m.index, 1)) continue;
    const len = m[1]!.length + (m[2] ? m[2].length + 1 : 0);
    readings.push({ index: m.index, length: len, hour: +m[1]!, minute: m[2] ? +m[2] : 0, meridiem: null, twentyFour: false });
  }
  for (const { re, read } of READINGS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (taken(m.index, m[0].length)) continue;
      const value = read(m);
      if (!value || value.hour > 23 || value.minute > 59) continue;
      if (value.meridiem && (value.hour === 0 || value.hour > 12)) continue;
      readings.push({ index: m.index, length: m[0].length, ...value });
    }
  }
  // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
  return readings.sort((a, b) => a.index - b.index);
}

function to24(hour: number, meridiem: "am" | "pm"): number {
  if (meridiem === "am") return hour === 12 ? 0 : hour;
  return hour === 12 ? 12 : hour + 12;
}

/**
 * A clock time without am/pm: school and sports days run from about 7 in the
 * morning to 9 at night, so 1–6 are afternoon and 7–11 morning unless the
 * text speaks of the evening.
 */
function guessHour(reading: Reading, evening: boolean): number {
  if (reading.twentyFour || reading.hour > 12 || reading.hour === 0) return reading.hour;
  if (reading.meridiem) return to24(reading.hour, reading.meridiem);
  if (reading.hour === 12) return 12;
  if (reading.hour <= 6) return reading.hour + 12;
  if (evening && reading.hour <= 10) return reading.hour + 12;
  return reading.hour;
}

/** Evening words that make a bare "7:00" mean 19:00. */
export const EVENING = /\b(?:evening|night|tonight|concert|dinner|supper|soir|soirée|gala|dance|social|potluck|meeting)\b/i;

export function findTimes(text: string): TimeMention[] {
  const readings = scanReadings(text);
  const evening = EVENING.test(text);
  const mentions: TimeMention[] = [];
  for (let i = 0; i < readings.length; i++) {
    const a = readings[i]!;
    const b = readings[i + 1];
    const between = b ? text.slice(a.index + a.length, b.index) : "";
    if (b && RANGE_CONNECTOR.test(between)) {
      let startHour: number;
      let endHour = guessHour(b, evening);
      if (a.meridiem || a.twentyFour || a.hour > 12) {
        startHour = guessHour(a, evening);
        if (!b.meridiem && !b.twentyFour && b.hour <= 12) {
          // "1–3" after an explicit pm start, "10:00 a.m. to 12:30" etc.
          endHour = b.hour;
          while (endHour < startHour && endHour + 12 < 24) endHour += 12;
        }
      } else if (b.meridiem) {
        // "10:00 to 11:30 a.m.", "6–8 pm", "11–1 pm" (11 am to 1 pm).
        const same = to24(a.hour, b.meridiem);
        const other = to24(a.hour, b.meridiem === "am" ? "pm" : "am");
        startHour = same <= endHour ? same : other;
      } else {
        startHour = guessHour(a, evening);
        endHour = b.hour;
        while (endHour <= startHour && endHour + 12 < 24) endHour += 12;
      }
      mentions.push({
        index: a.index, length: b.index + b.length - a.index,
        start: { hour: startHour, minute: a.minute }, end: { hour: endHour, minute: b.minute },
        endOnly: false,
      });
      i++;
      continue;
    }
    const before = text.slice(Math.max(0, a.index - 30), a.index);
    const isEnd = END_CUE.test(before);
    mentions.push({
      index: a.index, length: a.length,
      start: isEnd ? null : { hour: guessHour(a, evening), minute: a.minute },
      end: isEnd ? { hour: guessHour(a, evening), minute: a.minute } : null,
      endOnly: isEnd,
    });
  }
  return mentions;
}

/**
 * "8:50, 9:25 & 10:00 am", "at either 9:00 or 10:00": start times to choose
 * from (a class offered at several hours), so the event itself has no one
 * time and is all-day. Two times joined by "and" stay a time range's business.
 */
export function isTimeChoice(text: string, times: TimeMention[]): boolean {
  const starts = times.filter((t) => t.start && !t.end);
  if (starts.length < 2 || starts.length !== times.length) return false;
  let saysOr = /\beither\s*$/i.test(text.slice(0, starts[0]!.index));
  for (let i = 0; i + 1 < starts.length; i++) {
    const between = text.slice(starts[i]!.index + starts[i]!.length, starts[i + 1]!.index);
    if (!/^\s*(?:,|&|and|or|\/)?\s*(?:or\s*)?$/i.test(between) || between.trim() === "") return false;
    saysOr ||= /\bor\b|\//i.test(between);
  }
  return saysOr || starts.length >= 3;
}

/** "TBD", "TBA", "time to be announced", "heure à confirmer". */
export const TO_BE_DECIDED = /(?<![\p{L}])(?:TBD|TBA|TBC|to be (?:determined|announced|confirmed)|à (?:déterminer|confirmer|venir))(?![\p{L}])/iu;

/** "(45 min each)", "for 90 minutes", "for 2 hours": minutes, or null. */
export function findDuration(text: string): number | null {
  const minutes = /\b(\d{2,3})\s*(?:min(?:ute)?s?)\b(?!\s*(?:early|before|prior|late|after|walk|drive))/i.exec(text);
  if (minutes) return +minutes[1]!;
  const hours = /\bfor\s+(\d(?:\.5)?|an?|one|two)\s*(?:-|\s)?(?:hours?|hrs?)\b/i.exec(text);
  if (hours) {
    const n = hours[1]!.toLowerCase();
    return 60 * (n === "a" || n === "an" || n === "one" ? 1 : n === "two" ? 2 : +n);
  }
  return null;
}

export function formatClock(time: ClockTime): string {
  return `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
}

export function addMinutes(time: ClockTime, minutes: number): ClockTime {
  const total = Math.min(time.hour * 60 + time.minute + minutes, 23 * 60 + 59);
  return { hour: Math.floor(total / 60), minute: total % 60 };
}
