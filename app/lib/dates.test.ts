import { describe, expect, it } from "vitest";
import { calendarDay, dayKey, formatDay, formatTime, formatTimeRange, monthLabel, weekdayShort } from "./dates";

describe("calendarDay", () => {
  it("reads the day in the parent's zone, not the server's", () => {
    const instant = new Date("2025-11-22T03:30:00Z");
    expect(calendarDay(instant, "UTC")).toEqual({ year: 2025, month: 11, day: 22 });
    expect(calendarDay(instant, "America/Toronto")).toEqual({ year: 2025, month: 11, day: 21 });
  });
});

describe("day labels", () => {
  const day = { year: 2025, month: 11, day: 22 };

  it("names the weekday and the key", () => {
    expect(weekdayShort(day)).toBe("Sat");
    expect(dayKey({ year: 2026, month: 1, day: 5 })).toBe("2026-01-05");
    expect(formatDay(day)).toBe("Sat, Nov 22");
  });

  it("adds the year to January, December, or a month in another year than the other date", () => {
    expect(monthLabel(day)).toBe("November");
    expect(monthLabel({ year: 2025, month: 12, day: 1 })).toBe("December 2025");
    expect(monthLabel({ year: 2026, month: 1, day: 1 })).toBe("January 2026");
    expect(monthLabel(day, { year: 2026, month: 3, day: 1 })).toBe("November 2025");
    expect(monthLabel(day, { year: 2025, month: 3, day: 1 })).toBe("November");
  });
});

describe("formatTime", () => {
  const zone = "America/Toronto";

  it("drops the minutes on the hour", () => {
    expect(formatTime(new Date("2025-11-22T20:00:00Z"), zone)).toBe("3PM");
    expect(formatTime(new Date("2025-11-22T14:30:00Z"), zone)).toBe("9:30AM");
  });

  it("writes ranges as start - end", () => {
    expect(
      formatTimeRange(new Date("2025-11-22T20:00:00Z"), new Date("2025-11-22T21:15:00Z"), zone),
    ).toBe("3PM - 4:15PM");
    expect(formatTimeRange(new Date("2025-11-22T20:00:00Z"), null, zone)).toBe("3PM");
  });
});
