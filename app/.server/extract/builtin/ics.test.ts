import { describe, expect, it } from "vitest";
import { eventsFromIcs } from "./ics";

const calendar = (events: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events}END:VCALENDAR\r\n`;

describe("eventsFromIcs", () => {
  it("turns an exclusive all-day DTEND into the last day", () => {
    const [e] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261221\r\nDTEND;VALUE=DATE:20270102\r\nSUMMARY:Winter Break\r\nEND:VEVENT\r\n"), "America/Toronto");
    expect(e).toMatchObject({ start: "2026-12-21", end: "2027-01-01", dateTime: false, range: true, startRange: "2026-12-21", endRange: "2027-01-01" });
    expect(e!.tags).toEqual(expect.arrayContaining(["no school", "vacation"]));
  });

  it("converts UTC and other-zone times to the parent's wall clock", () => {
    const events = eventsFromIcs(calendar(
      "BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20261014T010000Z\r\nDTEND:20261014T023000Z\r\nSUMMARY:Board Meeting\r\nEND:VEVENT\r\n" +
      "BEGIN:VEVENT\r\nUID:2\r\nDTSTART;TZID=America/Chicago:20261107T090000\r\nDURATION:PT90M\r\nSUMMARY:Semifinal\r\nEND:VEVENT\r\n",
    ), "America/Los_Angeles");
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-10-13T18:00", "2026-10-13T19:30"],
      ["2026-11-07T07:00", "2026-11-07T08:30"],
    ]);
  });

  it("reads a weekly RRULE as one series ending on its last occurrence", () => {
    const [until] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID=America/Los_Angeles:20260921T150000\r\nDTEND;TZID=America/Los_Angeles:20260921T160000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261217T075959Z\r\nSUMMARY:Homework Club\r\nEND:VEVENT\r\n"), "America/Los_Angeles");
    expect(until).toMatchObject({ range: true, startRange: "2026-09-21", endRange: "2026-12-16", recurrence: { frequency: "weekly", byDay: ["MO", "WE"] } });
    const [count] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20261006T073000\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6\r\nEXDATE:20261027T073000\r\nSUMMARY:Running Club\r\nEND:VEVENT\r\n"), "America/Los_Angeles");
    expect(count!.endRange).toBe("2026-11-10");
  });

  it("tags cancelled entries and survives garbage", () => {
    const [e] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261030\r\nSTATUS:CANCELLED\r\nSUMMARY:Fall Festival\r\nEND:VEVENT\r\n"), "America/Toronto");
    expect(e!.tags).toContain("cancel");
    expect(eventsFromIcs("not a calendar", "America/Toronto")).toEqual([]);
  });
});
