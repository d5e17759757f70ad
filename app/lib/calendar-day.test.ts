import { describe, expect, it } from "vitest";
import { addDays, calendarDay, compareDays, dayKey, dayParts, daysBetween, existingDay, weekdayOf } from "./calendar-day";

describe("day arithmetic", () => {
  it("counts days the same on keys and on numbers, across months, leap days and years", () => {
    for (const [key, days, expected] of [
      ["2026-03-07", 1, "2026-03-08"],
      ["2028-02-28", 1, "2028-02-29"],
      ["2026-12-31", 1, "2027-01-01"],
      ["2026-03-01", -1, "2026-02-28"],
      ["2026-10-05", 400, "2027-11-09"],
    ] as const) {
      expect(addDays(key, days)).toBe(expected);
      expect(addDays(dayParts(key), days)).toEqual(dayParts(expected));
      expect(daysBetween(key, expected)).toBe(days);
      expect(daysBetween(dayParts(key), dayParts(expected))).toBe(days);
    }
  });

  it("names weekdays and orders days", () => {
    expect(weekdayOf("2026-10-05")).toBe(1);
    expect(weekdayOf({ year: 2026, month: 10, day: 4 })).toBe(0);
    expect(Math.sign(compareDays(dayParts("2026-10-05"), dayParts("2026-10-06")))).toBe(-1);
    expect(compareDays(dayParts("2026-10-05"), { year: 2026, month: 10, day: 5 })).toBe(0);
  });

  it("keeps only days the calendar has", () => {
    expect(existingDay(2028, 2, 29)).toEqual({ year: 2028, month: 2, day: 29 });
    expect(existingDay(2026, 2, 29)).toBeNull();
    expect(existingDay(2026, 4, 31)).toBeNull();
    expect(existingDay(2026, 13, 1)).toBeNull();
  });

  it("turns keys into numbers and back", () => {
    expect(dayParts("2026-01-05")).toEqual({ year: 2026, month: 1, day: 5 });
    expect(dayKey(dayParts("2026-01-05"))).toBe("2026-01-05");
  });

  it("reads the day of an instant on the zone's clock", () => {
    expect(calendarDay("2026-11-22T03:30:00Z", "America/Los_Angeles")).toEqual({ year: 2026, month: 11, day: 21 });
    expect(calendarDay(new Date("2026-11-22T03:30:00Z"), "Europe/Paris")).toEqual({ year: 2026, month: 11, day: 22 });
  });
});
