/**
 * Event identity within one message: the same thing told twice is one event.
 */
import { addDays, compareDays, daysBetween } from "../../../lib/calendar-day";
import type { Candidate } from "./candidate";

/** Words that file days rather than name what happens on them. */
const FILING_WORD = /^(?:day|days|date|dates|week|weeks|the|and|of|for|a|an|our|all|jour|jours|semaine|dates?)$/i;

function stems(title: string): Set<string> {
  const words = title.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? [];
  return new Set(words.filter((w) => !FILING_WORD.test(w) && w.length > 2).map((w) => w.replace(/(?:'s|’s|s)$/, "")));
}

/** Whether two titles share a word that names something ("Swim gala" and "Gala heats"). */
export function sharesName(a: string, b: string): boolean {
  const first = stems(a);
  return [...stems(b)].some((w) => first.has(w));
}

/**
 * "Recital show days: June 7 & 8" over "Show A – Saturday, June 7 at 4 pm" and "Show B –
 * Sunday, June 8 at 3 pm": a span of a few days whose every day holds an event of the
 * same kind is their heading, told again by them. The span goes; its days stay.
 */
export function withoutUmbrellaSpans(candidates: Candidate[]): Candidate[] {
  return candidates.filter((span) => {
    if (!span.lastDay || span.series || span.startTime || span.monthEvent || daysBetween(span.date, span.lastDay) > 6) return true;
    const kind = stems(span.title);
    if (kind.size === 0) return true;
    for (let day = span.date; compareDays(day, span.lastDay) <= 0; day = addDays(day, 1)) {
      const told = candidates.some((c) => c !== span && !c.lastDay && compareDays(c.date, day) === 0 && [...stems(c.title)].some((w) => kind.has(w)));
      if (!told) return true;
    }
    return false;
  });
}
