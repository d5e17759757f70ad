import { describe, expect, it } from "vitest";
import { isTimeZone, localDate, wallClock, zonedInstant } from "./zoned-time";

describe("zonedInstant", () => {
  it("reads a local time in the parent's zone", () => {
    expect(zonedInstant("2026-10-15T18:00", "America/Toronto").toISOString()).toBe("2026-10-15T22:00:00.000Z");
    expect(zonedInstant("2026-12-15T18:00", "America/Toronto").toISOString()).toBe("2026-12-15T23:00:00.000Z");
    expect(zonedInstant("2026-03-01T07:30", "America/Regina").toISOString()).toBe("2026-03-01T13:30:00.000Z");
  });

  it("survives the spring-forward gap and the fall-back overlap", () => {
    // 02:30 does not exist on 2026-03-08 in New York; the clock jumps 02:00 → 03:00.
    expect(zonedInstant("2026-03-08T02:30", "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    // 01:30 happens twice on 2026-11-01; the first (EDT) is taken.
    expect(zonedInstant("2026-11-01T01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("refuses what is not a local date-time", () => {
    expect(() => zonedInstant("next Tuesday", "UTC")).toThrow(RangeError);
  });
});

describe("wallClock and localDate", () => {
  it("give the zone's own clock and calendar day", () => {
    const instant = new Date("2026-11-22T03:30:00Z");
    expect(wallClock(instant, "America/Los_Angeles")).toBe("2026-11-21T19:30:00");
    expect(localDate(instant, "America/Los_Angeles")).toBe("2026-11-21");
    expect(localDate(instant, "Europe/Paris")).toBe("2026-11-22");
  });
});

describe("isTimeZone", () => {
  it("knows IANA zones from made-up ones", () => {
    expect(isTimeZone("America/Halifax")).toBe(true);
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
  });
});
