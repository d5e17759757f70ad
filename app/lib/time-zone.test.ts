import { describe, expect, it } from "vitest";
import { instantAt, isTimeZone, localDate, offsetMinutes, wallAt, wallClock, wallClockWithOffset, zonedInstant } from "./time-zone";

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

const QUARTER_HOUR_MS = 900_000;
const ZONES = ["America/Toronto", "Australia/Sydney", "Europe/London", "Asia/Kathmandu"];

/** The zone's offset in ms at an instant straight from Intl, no cache. */
function intlOffsetMs(ms: number, timeZone: string): number {
  return Date.parse(`${wallClock(new Date(ms), timeZone)}Z`) - Math.floor(ms / 1000) * 1000;
}

/** How zonedInstant read a local time before the cache, from Intl alone: the answer the one implementation must keep. */
function intlInstant(wallMs: number, timeZone: string): number {
  const first = wallMs - intlOffsetMs(wallMs, timeZone);
  const second = wallMs - intlOffsetMs(first, timeZone);
  const wanted = new Date(wallMs).toISOString().slice(0, 19);
  for (const candidate of [first, second]) {
    if (wallClock(new Date(candidate), timeZone) === wanted) return candidate;
  }
  return Math.max(first, second);
}

const iso = (ms: number) => new Date(ms).toISOString();

describe("instantAt and zonedInstant", () => {
  it.each(ZONES)("match Intl at every quarter hour of 2026 in %s", (timeZone) => {
    const wrong: string[] = [];
    for (let wallMs = Date.UTC(2026, 0, 1); wallMs < Date.UTC(2027, 0, 1); wallMs += QUARTER_HOUR_MS) {
      const expected = intlInstant(wallMs, timeZone);
      const local = iso(wallMs).slice(0, 16);
      if (instantAt(wallMs, timeZone) !== expected) wrong.push(`instantAt ${local}`);
      if (zonedInstant(local, timeZone).getTime() !== expected) wrong.push(`zonedInstant ${local}`);
    }
    expect(wrong).toEqual([]);
  });

  it("jump past a spring-forward gap: 02:30 that never happens is the instant that reads 03:30", () => {
    expect(zonedInstant("2026-03-08T02:30", "America/Toronto").toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-10-04T02:30", "Australia/Sydney").toISOString()).toBe("2026-10-03T16:30:00.000Z");
    expect(zonedInstant("2026-03-29T01:30", "Europe/London").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallClock(zonedInstant("2026-10-04T02:30", "Australia/Sydney"), "Australia/Sydney")).toBe("2026-10-04T03:30:00");
  });

  it("take the first reading of a fall-back overlap west of Greenwich and the second from Greenwich eastwards", () => {
    // 01:30 EDT, not 01:30 EST.
    expect(zonedInstant("2026-11-01T01:30", "America/Toronto").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // 02:30 AEST, not 02:30 AEDT; 01:30 GMT, not 01:30 BST.
    expect(zonedInstant("2026-04-05T02:30", "Australia/Sydney").toISOString()).toBe("2026-04-04T16:30:00.000Z");
    expect(zonedInstant("2026-10-25T01:30", "Europe/London").toISOString()).toBe("2026-10-25T01:30:00.000Z");
  });

  it("turn wallAt's reading back into the instant outside gaps and overlaps", () => {
    const instant = Date.parse("2026-07-14T23:50:00Z");
    expect(wallAt(instant, "Asia/Kathmandu")).toBe(Date.parse("2026-07-15T05:35:00Z"));
    expect(instantAt(wallAt(instant, "Asia/Kathmandu"), "Asia/Kathmandu")).toBe(instant);
  });
});

describe("offsetMinutes and localDate", () => {
  it("know the offset at a few known instants", () => {
    expect(offsetMinutes(new Date("2026-01-15T12:00:00Z"), "America/Toronto")).toBe(-300);
    expect(offsetMinutes(new Date("2026-07-15T12:00:00Z"), "America/Toronto")).toBe(-240);
    expect(offsetMinutes(Date.parse("2026-01-15T12:00:00Z"), "Australia/Sydney")).toBe(660);
    expect(offsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "Australia/Sydney")).toBe(600);
    expect(offsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "Europe/London")).toBe(60);
    expect(offsetMinutes(Date.parse("2026-07-15T12:00:00Z"), "Asia/Kathmandu")).toBe(345);
    // The change happens at the instant itself, not at its quarter hour.
    expect(offsetMinutes(Date.parse("2026-03-08T06:59:59Z"), "America/Toronto")).toBe(-300);
    expect(offsetMinutes(Date.parse("2026-03-08T07:00:00Z"), "America/Toronto")).toBe(-240);
    expect(wallClockWithOffset(new Date("2026-07-15T12:00:00Z"), "Asia/Kathmandu")).toBe("2026-07-15T17:45:00+05:45");
  });

  it("read a change that falls inside a quarter hour at the instant (St. John's changed at 00:01 until 2011)", () => {
    // 2010-11-07 00:01 NDT became 23:01 NST the day before: 02:31 UTC.
    expect(offsetMinutes(Date.parse("2010-11-07T02:30:59Z"), "America/St_Johns")).toBe(-150);
    expect(offsetMinutes(Date.parse("2010-11-07T02:31:00Z"), "America/St_Johns")).toBe(-210);
    expect(localDate(Date.parse("2010-11-07T02:30:59Z"), "America/St_Johns")).toBe("2010-11-07");
    expect(localDate(Date.parse("2010-11-07T02:31:00Z"), "America/St_Johns")).toBe("2010-11-06");
  });

  it.each(ZONES)("match Intl through 2026 in %s", (timeZone) => {
    const wrong: string[] = [];
    for (let quarter = Date.UTC(2026, 0, 1); quarter < Date.UTC(2027, 0, 1); quarter += QUARTER_HOUR_MS) {
      for (const ms of [quarter, quarter + 449_999, quarter + QUARTER_HOUR_MS - 1]) {
        if (offsetMinutes(ms, timeZone) !== Math.round(intlOffsetMs(ms, timeZone) / 60_000)) wrong.push(`offset ${iso(ms)}`);
        if (localDate(ms, timeZone) !== wallClock(new Date(ms), timeZone).slice(0, 10)) wrong.push(`date ${iso(ms)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
