import { describe, expect, it } from "vitest";
import { extractEvents } from "../pipeline";
import { readText } from "../read/text";
import { dayKey as isoDate } from "../../../lib/calendar-day";
import { findDates } from "./dates";
import { readSeries, spanWeekdays, weeklyDays } from "./recurrence";

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

describe("a span qualified by the days it meets on", () => {
  it("reads short, long and compact day sets, never a written date's weekday", () => {
    expect(spanWeekdays("(M-TH)")).toEqual([1, 2, 3, 4]);
    expect(spanWeekdays("Mon–Fri only")).toEqual([1, 2, 3, 4, 5]);
    expect(spanWeekdays("meets Monday through Wednesday")).toEqual([1, 2, 3]);
    expect(spanWeekdays("Tu/Th mornings")).toEqual([2, 4]);
    expect(spanWeekdays("Mon, Wed & Fri")).toEqual([1, 3, 5]);
    expect(spanWeekdays("MWF")).toEqual([1, 3, 5]);
    expect(spanWeekdays("weekdays, 9 to noon")).toEqual([1, 2, 3, 4, 5]);
    expect(spanWeekdays("Grades 5th & 6th")).toBeNull();
    expect(spanWeekdays("Register at the front desk")).toBeNull();
  });

  it("makes a weekly series of a span whose days are qualified, ending on its last meeting day", () => {
    expect(series("Ballet camp Nov 2 – Nov 13 (Mon/Wed/Fri), 9 am")).toEqual({
      byDay: ["MO", "WE", "FR"], first: "2026-11-02", last: "2026-11-13", exceptions: [],
    });
    expect(series("Junior swim: Oct 5 - Oct 16 (M-TH)", false)).toEqual({
      byDay: ["MO", "TU", "WE", "TH"], first: "2026-10-05", last: "2026-10-15", exceptions: [],
    });
  });

  it("leaves a span alone when the days it names are every day of it", () => {
    // Oct 12–15, 2026 is Monday to Thursday.
    expect(series("Private lessons Oct 12 – Oct 15 (M-TH)", false)).toBeNull();
  });
});

describe("a dated start that runs for a number of weeks", () => {
  it("is a weekly series on the start's weekday, to the day it finishes", async () => {
    const events = await extractEvents(readText("Junior tennis begins Wednesday 3 March and continues for 6 weeks, ending Wednesday 7 April."), {
      now: new Date("2027-02-20T09:00:00Z"),
      timeZone: "Europe/London",
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ start: "2027-03-03", recurrence: { frequency: "weekly", byDay: ["WE"] }, endRange: "2027-04-07" });
  });
});
