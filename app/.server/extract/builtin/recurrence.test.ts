import { describe, expect, it } from "vitest";
import { isoDate } from "./calendar-date";
import { findDates } from "./dates";
import { readSeries, weeklyDays } from "./recurrence";

const ref = { year: 2026, month: 9, day: 10 };

function series(sentence: string, hasTime = true) {
  const s = readSeries(sentence, findDates(sentence, { reference: ref }), ref, hasTime);
  return s && { byDay: s.byDay, first: isoDate(s.first), last: s.last && isoDate(s.last), exceptions: s.exceptions.map((e) => isoDate(e.start)) };
}

describe("weekly series", () => {
  it("reads plural weekdays and 'every'", () => {
    expect(weeklyDays("Tuesdays and Thursdays 5–6:30 pm")).toEqual([2, 4]);
    expect(weeklyDays("every Monday and Wednesday from 6")).toEqual([1, 3]);
    expect(weeklyDays("les mardis et jeudis de 17 h 30")).toEqual([2, 4]);
    expect(weeklyDays("See you Monday!")).toBeNull();
  });

  it("bounds the series by its first and last occurrence", () => {
    expect(series("We'll practice every Monday and Wednesday, starting Monday, September 14 and wrapping up Wednesday, November 25.")).toEqual({
      byDay: ["MO", "WE"], first: "2026-09-14", last: "2026-11-25", exceptions: [],
    });
    // "through Oct 29" ends on the last Tuesday or Thursday on or before it.
    expect(series("Tuesdays and Thursdays 5-6:30pm through Oct 28")?.last).toBe("2026-10-27");
  });

  it("keeps stated exceptions apart", () => {
    expect(series("Practices are Tuesdays from September 15 to October 27, no practice October 13.")?.exceptions).toEqual(["2026-10-13"]);
  });

  it("ignores an undated weekly habit", () => {
    expect(series("Club still meets as usual on Thursdays after school.", false)).toBeNull();
  });
});
