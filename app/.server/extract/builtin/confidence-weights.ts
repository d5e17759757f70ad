/**
 * Written by `npm run fit:confidence` (2026-11-28); the order is `SIGNALS` in confidence.ts.
 * fitted on dev and real without b: events 401, right 359 | sure 348, of them right 332 (sure-P 0.954, sure-R 0.925) | asked 53 (13 %)
 * checked on real b: events 161, right 93 | sure 135, of them right 82 (sure-P 0.607, sure-R 0.882) | asked 26 (16 %)
 */
export const CONFIDENCE_WEIGHTS: readonly number[] = [
  0.255, // bias
  1.024, // timed
  1.005, // eventNoun
  -0.19, // shortTitle
  0.55, // longTitle
  -0.471, // capitalisedName
  -1.091, // fragmentTitle
  1.53, // named
  -0.062, // borrowedTitle
  -0.745, // relativeDate
  -1.005, // bareWeekday
  0.152, // conditional
  -0.165, // past
  -1.373, // longSentence
  0.403, // listed
  -0.82, // manyDates
  0.852, // deadline
  0.484, // tentative
  0.497, // spanOrSeries
  -0.652, // quoted
  -0.614, // pdf
];
