import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { wallClock } from "~/lib/time-zone";
import { offsetChanges, zoneComponent } from "./zone";

describe("offsetChanges", () => {
  it("finds Toronto's two daylight-saving changes of 2026 to the quarter-hour", () => {
    expect(offsetChanges("America/Toronto", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1))).toEqual([
      { at: Date.parse("2026-03-08T07:00:00Z"), from: -300, to: -240 },
      { at: Date.parse("2026-11-01T06:00:00Z"), from: -240, to: -300 },
    ]);
  });

  it("finds none in a zone without daylight saving", () => {
    expect(offsetChanges("Asia/Kolkata", Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1))).toEqual([]);
  });
});

describe("zoneComponent", () => {
  // ical.js reads a TZID time (local → instant) exactly; its instant → local is an hour off next to a change, whatever the VTIMEZONE.
  it.each(["America/Toronto", "Europe/Berlin", "Australia/Sydney", "Australia/Lord_Howe", "Asia/Kolkata", "UTC"])(
    "makes ical.js read each local time of %s as the instant Intl gives, either side of each change",
    (timeZone) => {
      const zone = new ICAL.Timezone(zoneComponent(timeZone, 2026, 2027));
      const instants = offsetChanges(timeZone, Date.UTC(2026, 0, 1), Date.UTC(2028, 0, 1))
        .flatMap(({ at }) => [at - 7_200_000, at + 7_200_000])
        .concat([Date.UTC(2026, 0, 1, 3), Date.UTC(2026, 6, 1, 12), Date.UTC(2027, 11, 31, 20)]);
      for (const instant of instants) {
        const local = ICAL.Time.fromDateTimeString(wallClock(new Date(instant), timeZone));
        local.zone = zone;
        expect(`${timeZone} ${local.toString()} ${local.toUnixTime() * 1000}`).toBe(`${timeZone} ${local.toString()} ${instant}`);
      }
    },
  );
});
