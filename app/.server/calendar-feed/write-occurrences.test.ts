/**
 * A calendar file's series whose copies are its stored occurrences, one of
 * them cancelled, one moved and one renamed, written and read back against
 * the feed's own copies of it (expandRange, ADR 013).
 */
import ICAL from "ical.js";
import { afterEach, describe, expect, it } from "vitest";
import { feedEvent } from "~/lib/event.fixture";
import type { FeedClock } from "~/lib/feed/item";
import { copyOccurrences, readOccurrences } from "./round-trip.fixture";
import { feedCopies, horizonEnd, writeCalendar, type FeedOutEvent } from "./write";

const TZ = "America/Toronto";
const clock: FeedClock = { timeZone: TZ, today: "2026-03-01", now: Date.parse("2026-03-01T17:00:00Z") };

const library: FeedOutEvent = {
  ...feedEvent({
    id: "library",
    eventName: "Library club",
    start: "2026-03-03T23:00:00.000Z",
    end: "2026-03-04T00:00:00.000Z",
    dateTime: true,
    range: true,
    startRange: "2026-03-03",
    // The first Tuesday of every month at 6 pm, with no end.
    recurrence: { frequency: "monthly", byDay: [], rule: "FREQ=MONTHLY;BYDAY=1TU" },
    occurrences: [
      { start: "2026-03-03T23:00:00.000Z", end: "2026-03-04T00:00:00.000Z" },
      { start: "2026-04-07T22:00:00.000Z", end: "2026-04-07T23:00:00.000Z", eventName: "Library club: author visit" },
      // May's moved to Wednesday; June's cancelled; July's left out (an EXDATE in the file).
      { start: "2026-05-06T22:00:00.000Z", end: "2026-05-06T23:00:00.000Z" },
      { start: "2026-06-02T22:00:00.000Z", end: "2026-06-02T23:00:00.000Z", cancelled: true },
      { start: "2026-08-04T22:00:00.000Z", end: "2026-08-04T23:00:00.000Z" },
    ],
  }),
  sequence: 2,
  updatedAt: "2026-02-10T12:00:00.000Z",
};

afterEach(() => ICAL.TimezoneService.remove(TZ));

describe("a calendar file's series in the feed out", () => {
  it("reads back as exactly its occurrences, the cancelled one cancelled", () => {
    const ics = writeCalendar({ events: [library], children: [], clock });
    const read = readOccurrences(ics, TZ, horizonEnd(clock));
    expect(read).toEqual(copyOccurrences(feedCopies(library, clock), TZ));
    expect(read).toContain("library 2026-06-02 18:00 cancelled");
    expect(read).toContain("library 2026-05-06 18:00");
    expect(read).not.toContain("library 2026-07-07 18:00");
  });

  it("writes the rule with EXDATE and RDATE for the differences, and overrides for the cancelled and renamed instances", () => {
    const calendar = new ICAL.Component(ICAL.parse(writeCalendar({ events: [library], children: [], clock })) as unknown[]);
    const [master, ...overrides] = calendar.getAllSubcomponents("vevent");
    const lines = master!.toString().split("\r\n");
    expect(lines).toContain("RRULE:FREQ=MONTHLY;BYDAY=1TU");
    expect(lines).toContain(`RDATE;TZID=${TZ}:20260506T180000`);
    expect(lines).toContain(`EXDATE;TZID=${TZ}:20260505T180000`);
    expect(lines).toContain(`EXDATE;TZID=${TZ}:20260707T180000`);
    expect(lines).toContain("SEQUENCE:2");
    expect(
      overrides.map((o) => [o.getFirstProperty("recurrence-id")!.toICALString(), o.getFirstPropertyValue("status"), o.getFirstPropertyValue("summary")]),
    ).toEqual([
      [`RECURRENCE-ID;TZID=${TZ}:20260407T180000`, "CONFIRMED", "Library club: author visit"],
      [`RECURRENCE-ID;TZID=${TZ}:20260602T180000`, "CANCELLED", "Library club"],
    ]);
  });
});
