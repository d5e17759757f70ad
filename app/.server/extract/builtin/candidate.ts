/**
 * An event as the built-in extractor first sees it: calendar dates and clock
 * times kept apart, plus where in the thread it came from (for replies that
 * supersede quoted text). Turned into the contract's ExtractedEvent at the end.
 */
import { dayKey, daysBetween, type CalendarDay } from "../../../lib/calendar-day";
import type { ExtractedEvent, Tag } from "../types";
import { confidenceOf, type Evidence } from "./confidence";
import { formatClock, type ClockTime } from "./times";

export interface Candidate {
  title: string;
  description: string;
  date: CalendarDay;
  /** Last day of a multi-day span (inclusive). */
  lastDay: CalendarDay | null;
  startTime: ClockTime | null;
  endTime: ClockTime | null;
  tags: Set<Tag>;
  location: string | null;
  series: { byDay: string[]; last: CalendarDay | null } | null;
  /** "…and return Sunday around 2 p.m.": an end time with no start, for a span's last day. */
  endOnly?: ClockTime | null;
  /** Thread segment: 0 = the newest text. */
  segment: number;
  origin: "body" | "pdf";
  /** The language of the passage it was read from, when one clearly dominates. */
  language?: "fr" | "en" | null;
  /** A page the parent may follow for it (sign-up, tickets, a form): https only. */
  link?: string | null;
  /** "November is book fair month": the whole month, shown in the feed's month section. */
  monthEvent?: boolean;
  /** The line or lines it was read from, as written (the date line above an item, the item). */
  source?: string;
  /** A week a fixture list skips ("BYE"): kept only inside the series it interrupts (`numberedSeries`). */
  bye?: boolean;
  /** How it was read, for its confidence (`confidence.ts`). */
  evidence?: Evidence;
}

/** A week-long span named as a week ("Spirit Week", "Semaine de la lecture"): the feed shows it as one. */
function isWeekEvent(c: Candidate): boolean {
  if (!c.lastDay || c.series) return false;
  const days = daysBetween(c.date, c.lastDay);
  return days >= 2 && days <= 6 && /\bweek\b|\bsemaine\b/i.test(c.title);
}

export function toExtractedEvent(c: Candidate): ExtractedEvent {
  const day = dayKey(c.date);
  const timed = c.startTime !== null;
  const start = timed ? `${day}T${formatClock(c.startTime!)}` : day;
  let end: string | null = null;
  if (timed && c.endTime) {
    end = `${dayKey(c.lastDay && !c.series ? c.lastDay : c.date)}T${formatClock(c.endTime)}`;
  } else if (c.lastDay && !c.series && !timed) {
    end = dayKey(c.lastDay);
  }
  const range = Boolean(c.series) || Boolean(c.lastDay);
  return {
    eventName: c.title,
    description: c.description || null,
    start,
    end: end === start ? null : end,
    dateTime: timed,
    tags: [...c.tags],
    location: c.location,
    range,
    startRange: range ? day : null,
    endRange: c.series ? (c.series.last ? dayKey(c.series.last) : null) : c.lastDay ? dayKey(c.lastDay) : null,
    recurrence: c.series ? { frequency: "weekly", byDay: c.series.byDay } : null,
    ...(c.link ? { hyperlink: c.link } : {}),
    ...(c.monthEvent ? { monthEvent: true } : {}),
    ...(isWeekEvent(c) ? { weekEvent: true } : {}),
    ...(c.source ? { source: c.source } : {}),
    confidence: confidenceOf(c),
    origin: c.origin,
  };
}

/**
 * A bilingual notice says everything twice. When every French-passage event
 * falls on a day an English-passage event also falls on, the French ones are
 * the same events again and are dropped.
 */
export function oneLanguage(candidates: Candidate[]): Candidate[] {
  const french = candidates.filter((c) => c.language === "fr");
  const englishDays = new Set(candidates.filter((c) => c.language === "en").map((c) => dayKey(c.date)));
  if (french.length === 0 || englishDays.size === 0 || !french.every((c) => englishDays.has(dayKey(c.date)))) return candidates;
  return candidates.filter((c) => c.language !== "fr");
}
