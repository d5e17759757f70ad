/**
 * Month-wide items (spec §3 `monthEvent`): "November is Book Fair Month",
 * "Black History Month (February)", "Reading Month runs throughout March".
 * They name a month, not a day, so the date scanner never sees them; the feed
 * shows them in the month's own section.
 */
import { addDays, type CalendarDay } from "../../../lib/calendar-day";
import type { Tag } from "../types";
import type { Candidate } from "./candidate";
import { monthOf, MONTH, resolveYear } from "./dates";
import { tagsFor } from "./tags";
import { shortTitle } from "./titles";

/** "<Month> is <name> Month". The month is checked with `monthOf`, so the name keeps its capitals. */
const MONTH_IS = new RegExp(`(?<![\\p{L}])(${MONTH})\\s+is\\s+(?:(?:national|our|also|officially)\\s+)?([\\p{L}'’&\\- ]{3,40}?)\\s+month(?![\\p{L}])`, "iu");
/** "<Name> Month (February)", "<Name> Month runs throughout March", "<Name> Month in April". */
const NAMED_MONTH = new RegExp(
  `(?<![\\p{L}])((?:[\\p{Lu}][\\p{L}'’&\\-]*\\s+){1,5}Month)\\s*(?:\\(\\s*|[–:-]\\s*|,\\s*|\\s+(?:is|runs|takes place|continues)\\s+(?:in|throughout|all of|during)\\s+|\\s+(?:in|throughout|during)\\s+)(?:the month of\\s+)?(\\p{L}+)`,
  "u",
);
/** "Le mois de la lecture en mars", "mars est le mois de la nutrition". */
const FRENCH_MONTH = new RegExp(`(?<![\\p{L}])(?:(${MONTH})\\s+est\\s+le\\s+(mois\\s+d[eu'’]\\s*[\\p{L}'’\\- ]{3,40}?)(?=[.,;!]|$)|(mois\\s+d[eu'’]\\s*[\\p{L}'’\\- ]{3,40}?)\\s+en\\s+(${MONTH}))`, "iu");

interface MonthName {
  name: string;
  month: number;
}

function readMonthName(sentence: string): MonthName | null {
  const is = MONTH_IS.exec(sentence);
  if (is) return { name: `${is[2]!.trim()} month`, month: monthOf(is[1]!)! };
  const named = NAMED_MONTH.exec(sentence);
  const namedMonth = named && monthOf(named[2]!);
  if (named && namedMonth) return { name: named[1]!.trim(), month: namedMonth };
  const french = FRENCH_MONTH.exec(sentence);
  if (french) return { name: (french[2] ?? french[3])!.trim(), month: monthOf((french[1] ?? french[4])!)! };
  return null;
}

function lastDayOf(first: CalendarDay): CalendarDay {
  const next = first.month === 12 ? { year: first.year + 1, month: 1, day: 1 } : { year: first.year, month: first.month + 1, day: 1 };
  return addDays(next, -1);
}

/** A month-wide candidate from a sentence, or null. */
export function monthCandidate(
  sentence: string,
  context: { reference: CalendarDay; schoolYear?: number | null; segment: number; origin: Candidate["origin"] },
): Candidate | null {
  const found = readMonthName(sentence);
  if (!found) return null;
  const first = resolveYear(found.month, 1, null, context.reference, context.schoolYear ?? null);
  if (!first) return null;
  return {
    title: shortTitle(found.name),
    description: sentence,
    date: first,
    lastDay: lastDayOf(first),
    startTime: null,
    endTime: null,
    tags: new Set<Tag>(tagsFor(sentence)),
    location: null,
    series: null,
    segment: context.segment,
    origin: context.origin,
    monthEvent: true,
  };
}
