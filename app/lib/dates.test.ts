import { describe, expect, it } from "vitest";
import { calendarDay, dayKey } from "./calendar-day";
import { formatDay, formatTime, formatTimeRange, monthLabel, monthName, weekdayLong, weekdayShort } from "./dates";

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
    expect(`${weekdayLong(day)}, ${monthName(day)} ${day.day}`).toBe("Saturday, November 22");
    // A year's first and last day name themselves, not a neighbour (formatted at noon UTC).
    expect(weekdayLong({ year: 2026, month: 1, day: 1 })).toBe("Thursday");
    expect(monthName({ year: 2026, month: 12, day: 31 })).toBe("December");
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
    expect(formatTime(new Date("2025-11-22T20:00:00Z"), zone)).toBe("3pm");
    expect(formatTime(new Date("2025-11-22T14:30:00Z"), zone)).toBe("9:30am");
  });

  it("agrees with Intl at midnight, noon, across daylight saving and in half-hour zones", () => {
    const intl = (instant: Date, timeZone: string) => {
      const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).formatToParts(instant);
      const get = (type: string) => parts.find((part) => part.type === type)?.value ?? "";
      return get("minute") === "00" ? `${get("hour")}${get("dayPeriod").toLowerCase()}` : `${get("hour")}:${get("minute")}${get("dayPeriod").toLowerCase()}`;
    };
    const zones = ["America/Toronto", "Asia/Kolkata", "Australia/Adelaide", "Asia/Kathmandu", "UTC", "Pacific/Auckland"];
    // Every 37 minutes through March 2026, which holds the North American and New Zealand clock changes.
    for (let ms = Date.UTC(2026, 2, 1); ms < Date.UTC(2026, 3, 10); ms += 37 * 60_000) {
      for (const timeZone of zones) expect(formatTime(new Date(ms), timeZone), `${new Date(ms).toISOString()} ${timeZone}`).toBe(intl(new Date(ms), timeZone));
    }
    expect(formatTime(new Date("2025-11-22T05:00:00Z"), zone)).toBe("12am");
    expect(formatTime(new Date("2025-11-22T17:00:00Z"), zone)).toBe("12pm");
  });

  it("writes ranges as start - end", () => {
    expect(
      formatTimeRange(new Date("2025-11-22T20:00:00Z"), new Date("2025-11-22T21:15:00Z"), zone),
    ).toBe("3pm - 4:15pm");
    expect(formatTimeRange(new Date("2025-11-22T20:00:00Z"), null, zone)).toBe("3pm");
  });
});
