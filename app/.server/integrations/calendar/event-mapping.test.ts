import { describe, expect, it } from "vitest";
import type { events } from "../../db/schema";
import { calendarEventFor } from "./event-mapping";

type EventRow = typeof events.$inferSelect;

function row(values: Partial<EventRow>): EventRow {
  return {
    id: "evt-1",
    userId: "user-1",
    eventName: "Swim lessons",
    description: null,
    start: "2026-12-07",
    end: null,
    dateTime: false,
    tags: [],
    range: false,
    startRange: null,
    endRange: null,
    recurrence: null,
    occurrences: null,
    monthEvent: false,
    weekEvent: false,
    firstView: false,
    like: false,
    dislike: false,
    dislikeReason: null,
    taggedPeople: [],
    taggedPeopleFixed: false,
    location: null,
    locationObject: null,
    hyperlink: null,
    externalCalendarId: null,
    remindedAt: null,
    source: null,
    confidence: null,
    needsReview: false,
    mentionList: [],
    fingerprint: "f",
    sequence: 0,
    updatedAt: null,
    createdAt: new Date(0),
    ...values,
  };
}

describe("calendarEventFor", () => {
  it("gives a timed event without an end one hour, in the parent's zone", () => {
    const entry = calendarEventFor(row({ start: "2026-12-07T23:00:00.000Z", dateTime: true }), "America/Toronto");
    expect(entry.start).toEqual({ dateTime: "2026-12-07T23:00:00.000Z", timeZone: "America/Toronto" });
    expect(entry.end).toEqual({ dateTime: "2026-12-08T00:00:00.000Z", timeZone: "America/Toronto" });
    expect(entry.recurrence).toBeUndefined();
    expect(entry.extendedProperties).toEqual({ private: { cubbyEventId: "evt-1" } });
  });

  it("ends an all-day event on the next day (Google's end date is exclusive)", () => {
    const entry = calendarEventFor(row({ start: "2026-12-31" }), "UTC");
    expect([entry.start, entry.end]).toEqual([{ date: "2026-12-31" }, { date: "2027-01-01" }]);
  });

  it("repeats a weekly series on its days until the range ends", () => {
    const entry = calendarEventFor(
      row({
        start: "2026-12-07",
        range: true,
        startRange: "2026-12-07",
        endRange: "2027-03-01",
        recurrence: { frequency: "weekly", byDay: ["MO", "WE"] },
      }),
      "UTC",
    );
    expect(entry.start).toEqual({ date: "2026-12-07" });
    expect(entry.end).toEqual({ date: "2026-12-08" });
    expect(entry.recurrence).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270301"]);
  });

  it("repeats a timed range daily ('camp 9 to 3, Monday to Friday'), a long timed span stays one entry", () => {
    const camp = calendarEventFor(
      row({
        start: "2026-12-21T14:00:00.000Z",
        end: "2026-12-21T20:00:00.000Z",
        dateTime: true,
        range: true,
        startRange: "2026-12-21",
        endRange: "2026-12-25",
      }),
      "America/Toronto",
    );
    // The end of Dec 25 in Toronto, in UTC.
    expect(camp.recurrence).toEqual(["RRULE:FREQ=DAILY;UNTIL=20261226T045959Z"]);
    const sleepover = calendarEventFor(
      row({ start: "2026-12-18T23:00:00.000Z", end: "2026-12-19T15:00:00.000Z", dateTime: true, range: true, endRange: "2026-12-19" }),
      "America/Toronto",
    );
    expect(sleepover.recurrence).toBeUndefined();
    expect(sleepover.end).toEqual({ dateTime: "2026-12-19T15:00:00.000Z", timeZone: "America/Toronto" });
  });

  it("keeps a timed series' last evening west of UTC (UNTIL is the end of the last local day)", () => {
    // Choir Thursdays 7-8 pm in Los Angeles (03:00-04:00 UTC the next day), until Thursday Dec 17.
    const choir = calendarEventFor(
      row({
        start: "2026-12-04T03:00:00.000Z",
        end: "2026-12-04T04:00:00.000Z",
        dateTime: true,
        range: true,
        startRange: "2026-12-03",
        endRange: "2026-12-17",
        recurrence: { frequency: "weekly", byDay: ["TH"] },
      }),
      "America/Los_Angeles",
    );
    // The last occurrence starts at 2026-12-18T03:00Z, before the end of Dec 17 in Los Angeles (08:00Z).
    expect(choir.recurrence).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20261218T075959Z"]);
  });

  it("lists a calendar file's occurrences as RDATEs in the parent's zone, cancelled ones left out", () => {
    const entry = calendarEventFor(
      row({
        start: "2026-11-03T23:00:00.000Z",
        end: "2026-11-04T00:00:00.000Z",
        dateTime: true,
        range: true,
        startRange: "2026-11-03",
        endRange: "2027-01-05",
        recurrence: { frequency: "monthly", byDay: ["TU"], rule: "FREQ=MONTHLY;BYDAY=1TU" },
        occurrences: [
          { start: "2026-11-03T23:00:00.000Z", end: "2026-11-04T00:00:00.000Z" },
          { start: "2026-12-01T23:00:00.000Z", end: null, cancelled: true },
          { start: "2027-01-05T22:00:00.000Z", end: null },
        ],
      }),
      "America/Toronto",
    );
    expect(entry.recurrence).toEqual(["RDATE;TZID=America/Toronto:20270105T170000"]);
  });

  it("keeps every other week of a series read as 'every other Monday'", () => {
    const entry = calendarEventFor(
      row({ start: "2026-12-07", range: true, startRange: "2026-12-07", endRange: "2027-03-01", recurrence: { frequency: "weekly", byDay: ["MO"], interval: 2 } }),
      "UTC",
    );
    expect(entry.recurrence).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=MO;INTERVAL=2;UNTIL=20270301"]);
  });
});
