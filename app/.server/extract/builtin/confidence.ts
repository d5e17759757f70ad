/**
 * How sure the built-in extractor is that an event is one the parent wants (issue 30):
 * a logistic model over signals of how it was read. The weights are fitted on the
 * corpus by `npm run fit:confidence` (read from part of it, checked on the rest);
 * below 0.5 the app asks the parent instead of putting the event in the feed.
 */
import type { Candidate } from "./candidate";
import { CONFIDENCE_WEIGHTS } from "./confidence-weights";
import { hasEventNoun } from "./titles";

/** What the sentence reader knew when it made the event, beyond the event's own fields. */
export interface Evidence {
  /** The layout named it (an item under a date line, a labelled item, a heading over dates). */
  named?: boolean;
  /** Its title came from a heading, the line below or the subject, not its own words. */
  borrowedTitle?: boolean;
  /** Its date is a relative word ("tomorrow", "this Friday"). */
  relativeDate?: boolean;
  /** Its date is a weekday alone ("Sat", "by Monday"). */
  bareWeekday?: boolean;
  /** A table row or a list item, not prose. */
  listed?: boolean;
  /** How many dates its sentence holds. */
  datesInSentence?: number;
  /** Its sentence, for the words around the date. */
  sentence?: string;
}

/** Words that make a date less than certain: conditions, plans, hopes. */
const CONDITIONAL = /\b(?:if|unless|may|might|could|possibly|perhaps|hope|hoping|planning|plan to|tentative(?:ly)?|tbd|tba|to be confirmed|weather permitting|subject to|depending|pending|provisional|proposed|si|peut-être|sous réserve)\b/i;
/** Words of a past event told again. */
const PAST = /\b(?:was|were|had|last (?:week|month|year)|thank(?:s| you)|we enjoyed|what a|went|took place)\b/i;
/** A title that is a piece of a sentence: who acts, a linking word, a pointer. */
const FRAGMENT_START = /^(?:if|when|however|but|and|so|as|for|from|through|until|both|each|every|all|some|these|those|this|that|it|we|you|they|our|your|their|students?|pupils?|children|parents?|families|please|can|could|would|will|do|does)\b/i;
const CAPITALISED_NAME = /\b\p{Lu}[\p{L}'’-]+(?:\s+(?:of|the|and|&|de|du|la)?\s*\p{Lu}[\p{L}'’-]+)+/u;

/** The model's inputs, in the order of the weights. */
export const SIGNALS = [
  "bias",
  "timed",
  "eventNoun",
  "shortTitle",
  "longTitle",
  "capitalisedName",
  "fragmentTitle",
  "named",
  "borrowedTitle",
  "relativeDate",
  "bareWeekday",
  "conditional",
  "past",
  "longSentence",
  "listed",
  "manyDates",
  "deadline",
  "tentative",
  "spanOrSeries",
  "quoted",
  "pdf",
] as const;

export function signalsOf(c: Candidate): number[] {
  const evidence = c.evidence ?? {};
  const sentence = evidence.sentence ?? "";
  const words = c.title.split(/\s+/).filter(Boolean).length;
  const values: Record<(typeof SIGNALS)[number], boolean> = {
    bias: true,
    timed: c.startTime !== null,
    eventNoun: hasEventNoun(c.title),
    shortTitle: words <= 1,
    longTitle: words >= 7,
    capitalisedName: CAPITALISED_NAME.test(c.title),
    fragmentTitle: FRAGMENT_START.test(c.title),
    named: Boolean(evidence.named),
    borrowedTitle: Boolean(evidence.borrowedTitle),
    relativeDate: Boolean(evidence.relativeDate),
    bareWeekday: Boolean(evidence.bareWeekday),
    conditional: CONDITIONAL.test(sentence),
    past: PAST.test(sentence),
    longSentence: sentence.split(/\s+/).length > 30,
    listed: Boolean(evidence.listed),
    manyDates: (evidence.datesInSentence ?? 1) >= 3,
    deadline: c.tags.has("deadline"),
    tentative: c.tags.has("tentative"),
    spanOrSeries: Boolean(c.lastDay || c.series),
    quoted: c.segment > 0,
    pdf: c.origin === "pdf",
  };
  return SIGNALS.map((name) => (values[name] ? 1 : 0));
}

/** The model's estimate, 0–1, rounded to two places. */
export function confidenceOf(c: Candidate): number {
  const x = signalsOf(c);
  const z = x.reduce((sum, v, i) => sum + v * (CONFIDENCE_WEIGHTS[i] ?? 0), 0);
  return Math.round(100 / (1 + Math.exp(-z))) / 100;
}
