import { describe, expect, it } from "vitest";
import { dayKey as isoDate } from "../../../lib/calendar-day";
import { findDates } from "./dates";
import { readSeries, weeklyDays } from "./recurrence";

const ref = { year: 2026, month: 9, day: 10 };

function series(sentence: string, hasTime = true) {
  const s = readSeries(sentence, findDates(sentence, { reference: ref }), ref, hasTime);
  return s && { byDay: s.byDay, first: isoDate(s.first), last: s.last && isoDate(s.last), exceptions: s.exceptions.map((e) => isoDate(e.start)) };
}

describe("weekly series", () => {
  it("reads plural weekdays and 'every'", () => {
    expect(weeklyDays("Mondays and Fridays 3:30–4:30 pm")).toEqual([1, 5]);
    expect(weeklyDays("every Tuesday and Saturday from 9")).toEqual([2, 6]);
    expect(weeklyDays("les mardis et jeudis de 17 h 30")).toEqual([2, 4]);
    expect(weeklyDays("See you Monday!")).toBeNull();
  });

  it("bounds the series by its first and last occurrence", () => {
    expect(series("Rehearsals run every Monday and Wednesday, beginning Monday, September 21 and ending Wednesday, December 2.")).toEqual({
      byDay: ["MO", "WE"], first: "2026-09-21", last: "2026-12-02", exceptions: [],
    });
    // "until Oct 21" (a Wednesday) ends on the last Tuesday or Thursday on or before it.
    expect(series("Tuesdays and Thursdays 4:15-5:45pm until Oct 21")?.last).toBe("2026-10-20");
  });

  it("keeps stated exceptions apart", () => {
    expect(series("Swim lessons are Thursdays from September 17 to November 19, no lesson October 8.")?.exceptions).toEqual(["2026-10-08"]);
  });

  it("ignores an undated weekly habit", () => {
    expect(series("Chess club keeps meeting on Fridays at lunch.", false)).toBeNull();
  });
});
