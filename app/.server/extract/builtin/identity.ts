/**
 * Event identity within one message: the same thing told twice is one event.
 */
import { addDays, compareDays, DAY_CODES, daysBetween, weekdayOf, type CalendarDay } from "../../../lib/calendar-day";
import type { Candidate } from "./candidate";
import { hasEventNoun } from "./titles";

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

/** "Round 7", "Week 3", "Lesson #4": one numbered occurrence of something that repeats. */
const NUMBERED = /^(.*?\p{L})\s*(?:#|no\.?\s*)?(\d{1,2})$/iu;

/**
 * A fixture list or a course plan names each week's occurrence by its number ("Round 5",
 * "Round 6", … each a Friday a week apart), or a list gives the same name week after
 * week: one weekly series, told row by row. Weeks
 * left out (a bye, a holiday) are gaps in it, and the rows that say so stay their own
 * events. Only occurrences from the reference day on count, so the series starts at
 * the next one.
 */
export function numberedSeries(candidates: Candidate[], reference: CalendarDay): Candidate[] {
  const runs = new Map<string, { candidate: Candidate; number: number | null }[]>();
  for (const c of candidates) {
    if (c.series || c.lastDay || c.bye || compareDays(c.date, reference) < 0) continue;
    const m = NUMBERED.exec(c.title.trim());
    const key = [(m ? m[1]! : c.title).toLowerCase(), weekdayOf(c.date), c.startTime ? `${c.startTime.hour}:${c.startTime.minute}` : ""].join("|");
    runs.set(key, [...(runs.get(key) ?? []), { candidate: c, number: m ? +m[2]! : null }]);
  }
  const folded = new Set<Candidate>();
  const series = new Map<Candidate, Candidate>();
  for (const run of runs.values()) {
    if (run.length < 3) continue;
    const numbered = run.every((r) => r.number !== null);
    // Numbered rounds may skip a week or two (the byes); the same name listed week after week may not.
    const weekly = run.every((r, i) => {
      if (i === 0) return true;
      const gap = daysBetween(run[i - 1]!.candidate.date, r.candidate.date);
      // Round 6 is the next one after Round 5, whatever weeks the byes take between them.
      return numbered ? gap > 0 && gap % 7 === 0 && gap <= 21 && r.number === (run[i - 1]!.number ?? 0) + 1 : gap === 7;
    });
    if (!weekly) continue;
    const first = run[0]!;
    const last = run[run.length - 1]!;
    const stem = NUMBERED.exec(first.candidate.title.trim())?.[1];
    series.set(first.candidate, {
      ...first.candidate,
      title: numbered ? `${stem} ${first.number}–${last.number}` : first.candidate.title,
      series: { byDay: [DAY_CODES[weekdayOf(first.candidate.date)]!], last: last.candidate.date },
      source: [first.candidate.source, last.candidate.source].filter(Boolean).join("\n…\n") || first.candidate.source,
    });
    for (const r of run) folded.add(r.candidate);
  }
  // A bye is news only as a week the series skips.
  const skipped = (bye: Candidate) =>
    [...series.values()].some((s) => s.series!.byDay[0] === DAY_CODES[weekdayOf(bye.date)] && compareDays(s.date, bye.date) < 0 && compareDays(bye.date, s.series!.last!) < 0);
  return candidates.flatMap((c) => (series.has(c) ? [series.get(c)!] : folded.has(c) || (c.bye && !skipped(c)) ? [] : [c]));
}

/**
 * "Tuesday 8th June – juniors" in a list, then "we start at 6pm sharp, especially on
 * 8th June" in the prose under it: the prose names nothing of its own
 * (its title is a piece of its sentence: "To fit every heat in we start"), so it tells more about the listed event that day. Its
 * time and tags go to that event; it is not a second one.
 */
/** A title that starts like a clause, not a name: a linking word, a pronoun, an infinitive, the people a sentence is about. */
const SENTENCE_PIECE = /^(?:to|if|when|however|but|and|so|as|for|because|since|except|unless|including|we|you|they|it|this|that|these|those|there|please|have a|on|everyone|all|students?|pupils?|learners?|children|kids)\b/i;

export function foldUnnamedMentions(candidates: Candidate[]): Candidate[] {
  const folded = new Set<Candidate>();
  for (const c of candidates) {
    if (c.series || c.lastDay || c.monthEvent || c.bye || c.evidence?.named || !SENTENCE_PIECE.test(c.title) || hasEventNoun(c.title)) continue;
    const named = candidates.find(
      (p) =>
        p !== c && !folded.has(p) && !p.series && !p.lastDay && compareDays(p.date, c.date) === 0 && p.segment === c.segment &&
        (p.evidence?.named || p.evidence?.listed || p.evidence?.borrowedTitle || (hasEventNoun(p.title) && !SENTENCE_PIECE.test(p.title))) &&
        (!p.startTime || !c.startTime),
    );
    if (!named) continue;
    if (!named.startTime && c.startTime) {
      named.startTime = c.startTime;
      named.endTime = c.endTime;
    }
    for (const t of c.tags) named.tags.add(t);
    folded.add(c);
  }
  return candidates.filter((c) => !folded.has(c));
}

/**
 * "Sat 5th June – County gymnastics meet" / "Sun 6th June – County gymnastics meet",
 * or "Lunar New Year – 6 February, 7 – 10 February": the same name
 * on days that follow one another is one span, as the parent reads it.
 */
const PART_OF_DAY = /\b(?:am|pm|a\.m\.|p\.m\.|half[- ]days?|demi-journées?|matin|après-midi|morning only|afternoon only)(?!\p{L})|½/iu;
const FILING_TITLE = /^(?:schedule|timetable|programme|program|dates?|calendar|horaire|calendrier)$/i;

/** A name repeated day after day for longer than a fortnight is a daily programme, not one span. */
const LONGEST_JOINED_SPAN = 14;

/** A half day each ("Tue 8 June (PM, half day)") is its own; a filing word ("Schedule") names no one event. */
function joinable(c: Candidate): boolean {
  return !c.series && !c.startTime && !c.monthEvent && !c.bye && !PART_OF_DAY.test(c.source ?? c.description) && !FILING_TITLE.test(c.title.trim());
}

export function joinConsecutiveDays(candidates: Candidate[]): Candidate[] {
  const out: Candidate[] = [];
  for (const c of candidates) {
    const before = joinable(c)
      ? out.find(
          (p) =>
            joinable(p) && p.segment === c.segment && p.origin === c.origin && p.title.toLowerCase() === c.title.toLowerCase() &&
            compareDays(addDays(p.lastDay ?? p.date, 1), c.date) === 0 && daysBetween(p.date, c.date) < LONGEST_JOINED_SPAN,
        )
      : undefined;
    if (!before) {
      out.push(c);
      continue;
    }
    before.lastDay = c.lastDay ?? c.date;
    for (const t of c.tags) before.tags.add(t);
    if (c.source && before.source && !before.source.includes(c.source)) before.source = `${before.source}\n${c.source}`;
  }
  return out;
}

/**
 * "Beginner lessons are held each Thursday: 4, 11 and 18 March" above
 * "Session 1 Thursday 4 March" … "Session 3 Thursday 18 March": one series told
 * twice. The one named by words (not by a session number) stays, with the other's hours.
 */
export function joinSameSeries(candidates: Candidate[]): Candidate[] {
  const dropped = new Set<Candidate>();
  for (const c of candidates) {
    if (!c.series || dropped.has(c)) continue;
    for (const other of candidates) {
      if (other === c || !other.series || dropped.has(other) || other.segment !== c.segment) continue;
      if (compareDays(other.date, c.date) !== 0 || other.series.byDay.join() !== c.series.byDay.join()) continue;
      // Two groups at two hours are two series ("Grades K-3 from 6:00", "Grades 4-6 from 7:00").
      if (c.startTime && other.startTime && (c.startTime.hour !== other.startTime.hour || c.startTime.minute !== other.startTime.minute)) continue;
      const [keep, drop] = NUMBERED.test(c.title.trim()) && !NUMBERED.test(other.title.trim()) ? [other, c] : [c, other];
      if (!keep.startTime && drop.startTime) {
        keep.startTime = drop.startTime;
        keep.endTime = drop.endTime;
      }
      if (drop.series!.last && (!keep.series!.last || compareDays(drop.series!.last, keep.series!.last) > 0)) keep.series = { ...keep.series!, last: drop.series!.last };
      dropped.add(drop);
      if (drop === c) break;
    }
  }
  return candidates.filter((c) => !dropped.has(c));
}
