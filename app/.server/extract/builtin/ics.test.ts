import { describe, expect, it } from "vitest";
import { eventsFromIcs, SERIES_HORIZON_DAYS } from "./ics";

const at = (timeZone: string) => ({ now: new Date("2026-09-01T12:00:00Z"), timeZone });
const calendar = (events: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n${events}END:VCALENDAR\r\n`;

describe("eventsFromIcs", () => {
  it("turns an exclusive all-day DTEND into the last day", () => {
    const [e] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261221\r\nDTEND;VALUE=DATE:20270102\r\nSUMMARY:Winter Break\r\nEND:VEVENT\r\n"), at("America/Toronto"));
    expect(e).toMatchObject({ start: "2026-12-21", end: "2027-01-01", dateTime: false, range: true, startRange: "2026-12-21", endRange: "2027-01-01" });
    expect(e!.tags).toEqual(expect.arrayContaining(["no school", "vacation"]));
  });

  it("gives each event its source as the calendar app shows it: the calendar's name and the summary", () => {
    const named = "X-WR-CALNAME:Lakeside Swim Club\r\nBEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261010\r\nSUMMARY:Time trials\r\nEND:VEVENT\r\n";
    expect(eventsFromIcs(calendar(named), at("America/Toronto"))[0]!.source).toBe("Lakeside Swim Club: Time trials");
    const unnamed = "BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261010\r\nSUMMARY:Time trials\r\nEND:VEVENT\r\n";
    expect(eventsFromIcs(calendar(unnamed), at("America/Toronto"))[0]!.source).toBe("Time trials");
  });

  it("converts UTC and other-zone times to the parent's wall clock", () => {
    const events = eventsFromIcs(calendar(
      "BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20261014T010000Z\r\nDTEND:20261014T023000Z\r\nSUMMARY:Board Meeting\r\nEND:VEVENT\r\n" +
      "BEGIN:VEVENT\r\nUID:2\r\nDTSTART;TZID=America/Chicago:20261107T090000\r\nDURATION:PT90M\r\nSUMMARY:Semifinal\r\nEND:VEVENT\r\n",
    ), at("America/Los_Angeles"));
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ["2026-10-13T18:00", "2026-10-13T19:30"],
      ["2026-11-07T07:00", "2026-11-07T08:30"],
    ]);
  });

  it("reads a weekly RRULE as one series ending on its last occurrence", () => {
    const [until] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID=America/Los_Angeles:20260921T150000\r\nDTEND;TZID=America/Los_Angeles:20260921T160000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261217T075959Z\r\nSUMMARY:Homework Club\r\nEND:VEVENT\r\n"), at("America/Los_Angeles"));
    expect(until).toMatchObject({ range: true, startRange: "2026-09-21", endRange: "2026-12-16", recurrence: { frequency: "weekly", byDay: ["MO", "WE"] } });
    const [count] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART:20261006T073000\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=6\r\nEXDATE:20261027T073000\r\nSUMMARY:Running Club\r\nEND:VEVENT\r\n"), at("America/Los_Angeles"));
    expect(count!.endRange).toBe("2026-11-10");
  });

  it("tags cancelled entries and survives garbage", () => {
    const [e] = eventsFromIcs(calendar("BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261030\r\nSTATUS:CANCELLED\r\nSUMMARY:Fall Festival\r\nEND:VEVENT\r\n"), at("America/Toronto"));
    expect(e!.tags).toContain("cancel");
    expect(eventsFromIcs("not a calendar", at("America/Toronto"))).toEqual([]);
  });
});

describe("series as ical.js reads them (ADR 013)", () => {
  const starts = (e: { occurrences?: { start: string }[] | null; start: string }) => (e.occurrences ?? [{ start: e.start }]).map((o) => o.start);
  const vevent = (lines: string) => calendar(`BEGIN:VEVENT\r\nUID:s\r\n${lines}END:VEVENT\r\n`);

  it("keeps INTERVAL=2 and leaves out EXDATEs", () => {
    const [e] = eventsFromIcs(vevent("DTSTART;TZID=America/Chicago:20260914T170000\r\nRRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;COUNT=4\r\nEXDATE;TZID=America/Chicago:20260928T170000\r\nSUMMARY:Swim\r\n"), at("America/Chicago"));
    expect(starts(e!)).toEqual(["2026-09-14T17:00:00-05:00", "2026-10-12T17:00:00-05:00", "2026-10-26T17:00:00-05:00"]);
    expect(e!.recurrence).toMatchObject({ frequency: "weekly", byDay: ["MO"], interval: 2 });
  });

  it("reads monthly rules with an ordinal weekday (second Tuesday), across a DST change at the same local time", () => {
    const [e] = eventsFromIcs(vevent("DTSTART;TZID=America/Toronto:20260908T190000\r\nRRULE:FREQ=MONTHLY;BYDAY=2TU;COUNT=4\r\nSUMMARY:PTA meeting\r\n"), at("America/Toronto"));
    expect(starts(e!)).toEqual(["2026-09-08T19:00:00-04:00", "2026-10-13T19:00:00-04:00", "2026-11-10T19:00:00-05:00", "2026-12-08T19:00:00-05:00"]);
  });

  it("moves an overridden occurrence and marks a cancelled one instead of adding events", () => {
    const text = calendar(
      "BEGIN:VEVENT\r\nUID:s\r\nDTSTART;VALUE=DATE:20260907\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nSUMMARY:Library day\r\nEND:VEVENT\r\n" +
      "BEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID;VALUE=DATE:20260914\r\nDTSTART;VALUE=DATE:20260915\r\nSUMMARY:Library day\r\nEND:VEVENT\r\n" +
      "BEGIN:VEVENT\r\nUID:s\r\nRECURRENCE-ID;VALUE=DATE:20260921\r\nDTSTART;VALUE=DATE:20260921\r\nSTATUS:CANCELLED\r\nSUMMARY:Library day\r\nEND:VEVENT\r\n",
    );
    const events = eventsFromIcs(text, at("America/Toronto"));
    expect(events).toHaveLength(1);
    expect(events[0]!.occurrences).toEqual([
      { start: "2026-09-07", end: null },
      { start: "2026-09-15", end: null },
      { start: "2026-09-21", end: null, cancelled: true },
    ]);
  });

  it("reads an open-ended daily series through the horizon, not as one event", () => {
    const [e] = eventsFromIcs(vevent("DTSTART:20260901T130000Z\r\nRRULE:FREQ=DAILY\r\nSUMMARY:Bus\r\n"), at("UTC"));
    expect(e!.occurrences!.length).toBe(SERIES_HORIZON_DAYS + 1);
  });

  it("reads Windows and Outlook zone names as the zones they are, not as the parent's clock", () => {
    const events = eventsFromIcs(calendar(
      'BEGIN:VEVENT\r\nUID:1\r\nDTSTART;TZID="W. Europe Standard Time":20261005T090000\r\nSUMMARY:Berlin call\r\nEND:VEVENT\r\n' +
      'BEGIN:VEVENT\r\nUID:2\r\nDTSTART;TZID="(UTC-08:00) Pacific Time (US & Canada)":20261005T090000\r\nSUMMARY:Coast call\r\nEND:VEVENT\r\n',
    ), at("America/New_York"));
    expect(events.map((e) => e.start)).toEqual(["2026-10-05T03:00", "2026-10-05T12:00"]);
  });

  it("names an event without SUMMARY by its description and reads the rest of a file with a broken line", () => {
    const events = eventsFromIcs(calendar(
      "BEGIN:VEVENT\r\nUID:1\r\nDTSTART;VALUE=DATE:20261005\r\nDESCRIPTION:Picture retakes in the gym\r\nEND:VEVENT\r\n" +
      'BEGIN:VEVENT\r\nUID:2\r\nDTSTART;TZID="W. Europe Standard Time:20261006T090000"\r\nSUMMARY:Quoted zone\r\nEND:VEVENT\r\n' +
      "BEGIN:VEVENT\r\nUID:3\r\nDTSTART;VALUE=DATE:20261007\r\nRRULE:FREQ=WEEKLY;BYDAY=MO, TU\r\n ;COUNT=2\r\nSUMMARY:Spaces in BYDAY\r\nEND:VEVENT\r\n",
    ), at("Europe/Berlin"));
    expect(events.map((e) => [e.eventName, e.start])).toEqual([
      ["Picture retakes in the gym", "2026-10-05"],
      ["Quoted zone", "2026-10-06T09:00"],
      ["Spaces in BYDAY", "2026-10-12"],
    ]);
  });

  it("names an invitation without SUMMARY by its mail's subject, its prefix and date dropped", () => {
    const text = vevent("DTSTART:20261020T220000Z\r\n");
    expect(eventsFromIcs(text, at("America/Toronto"), "Invitation: Swim meet @ Tue Oct 20, 2026 6pm - 7pm (EDT)")[0]!.eventName).toBe("Swim meet");
    expect(eventsFromIcs(text, at("America/Toronto"), "Updated invitation: Fwd: Parent night")[0]!.eventName).toBe("Parent night");
    expect(eventsFromIcs(text, at("America/Toronto"))[0]!.eventName).toBe("(No title)");
  });
});
