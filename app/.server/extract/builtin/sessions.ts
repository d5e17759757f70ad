/**
 * Several sessions of one dated event: "Dress rehearsal: Saturday June 7" over
 * "Act 1: Arrive 10:00 | Rehearsal 10:30–11:45" and "Act 2: …", or "Open practices
 * are Dec 2 and 9. Grades K-3 practice from 6 to 7. Grades 4-6 practice from 7 to 8."
 * A parent goes to one of them, at its own time, so each is its own event.
 */
import type { Candidate } from "./candidate";
import { findTimes, type ClockTime } from "./times";

/** A group or a part of a programme leading its line: "Act 1:", "Grades K-3 practice…", "U10s at…". */
const SESSION_LABEL =
  /^\s*(?:[•*·▪–-]\s*)?((?:act|session|group|show|team|grades?|years?|level|class|heat|flight|wave|round|part|section|squad|ages?|u\d{1,2}s?|under[- ]?\d{1,2}s?|juniors?|seniors?|boys|girls|beginners?|intermediates?|advanced|k|pre-?k)\b[^:|.;]{0,16}?)\s*(?::|\s+(?=(?:practices?|meets?|plays?|trains?|rehearses?|runs?|performs?|starts?|begins?|from|at)\b))/i;

/** A time that says when to arrive, not when it happens ("Arrive at 10:00 | Rehearsal 10:30"). */
const ARRIVAL_BEFORE = /\b(?:arrive|arrival|doors?(?: open)?|check[- ]?in|meet|drop[- ]?off|be there)\b[^|;]{0,12}$/i;

export interface Session {
  label: string;
  /** The line or sentence that lists it. */
  line: string;
  start: ClockTime;
  end: ClockTime | null;
}

/** The sessions the units (sentences or lines, in order) list, when there are at least two. */
export function sessionsIn(units: string[]): Session[] {
  const sessions: Session[] = [];
  for (const unit of units) {
    const label = SESSION_LABEL.exec(unit)?.[1]?.trim();
    if (!label) {
      if (sessions.length) break;
      continue;
    }
    const time = findTimes(unit).find((t) => t.start && !ARRIVAL_BEFORE.test(unit.slice(0, t.index)));
    if (!time?.start) break;
    sessions.push({ label, line: unit.trim(), start: time.start, end: time.end });
  }
  const labels = new Set(sessions.map((s) => s.label.toLowerCase()));
  return sessions.length >= 2 && labels.size === sessions.length ? sessions : [];
}

/** One event for each session, named "<event> – <session>", at the session's own time. */
export function splitIntoSessions(candidate: Candidate, sessions: Session[]): Candidate[] {
  return sessions.map((s) => ({
    ...candidate,
    title: `${candidate.title} – ${s.label}`,
    startTime: s.start,
    endTime: s.end,
    tags: new Set(candidate.tags),
    source: candidate.source ? `${candidate.source}\n${s.line}` : s.line,
  }));
}
