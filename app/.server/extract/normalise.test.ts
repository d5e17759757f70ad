import { describe, expect, it, vi } from "vitest";
import { MAX_EVENTS_PER_SOURCE, normaliseEvents, toLocalValue } from "./normalise";

const context = { now: new Date("2026-10-05T12:00:00Z"), timeZone: "America/Toronto" };
const base = { description: null, end: null, dateTime: false, tags: [], location: null, range: false, startRange: null, endRange: null, recurrence: null };

describe("normaliseEvents", () => {
  it("keeps an event's source as plain lines of at most 300 characters, and its confidence within 0–1", () => {
    const long = `${"Bring your library book back. ".repeat(12)}`;
    const [a, b] = normaliseEvents(
      [
        { eventName: "Library day", start: "2026-10-20", dateTime: false, tags: [], source: "  Tue 10/20 –   Day B \n\n- Library <b>day</b>  ", confidence: 1.7 },
        { eventName: "Book return", start: "2026-10-21", dateTime: false, tags: [], source: long, confidence: -2 },
      ],
      { now: new Date("2026-10-01T12:00:00Z"), timeZone: "America/Toronto" },
    );
    expect(a).toMatchObject({ source: "Tue 10/20 – Day B\n- Library <b>day</b>", confidence: 1 });
    expect(b!.source).toHaveLength(300);
    expect(b!.source!.endsWith("…")).toBe(true);
    expect(b!.confidence).toBe(0);
  });

  it("puts offset and UTC times on the parent's clock", () => {
    expect(toLocalValue("2026-10-15T23:30:00Z", "America/Toronto")).toBe("2026-10-15T19:30");
    expect(toLocalValue("2026-10-15T18:00:00-05:00", "America/Toronto")).toBe("2026-10-15T19:00");
    expect(toLocalValue("2026-02-30", "America/Toronto")).toBeNull();
    expect(toLocalValue("next Tuesday", "America/Toronto")).toBeNull();
  });

  it("drops invalid shapes, past events and unknown tags", () => {
    const events = normaliseEvents([
      null, "text", { eventName: "", start: "2026-10-10" }, { eventName: "No date" },
      { ...base, eventName: "Past", start: "2026-10-04" },
      { ...base, eventName: "Today", start: "2026-10-05", tags: ["holiday", "Birthday", "SPORTS"] },
    ], context);
    expect(events.map((e) => [e.eventName, e.tags])).toEqual([["Today", ["holiday", "sports"]]]);
  });

  it("keeps a series or span that is still running", () => {
    const events = normaliseEvents([
      { ...base, eventName: "Giving tree", start: "2026-09-28", end: "2026-10-09", range: true },
      { ...base, eventName: "Practice", start: "2026-09-14T18:00", dateTime: true, range: true, recurrence: { frequency: "weekly", byDay: ["mo", "XX"] } },
    ], context);
    expect(events).toHaveLength(2);
    expect(events.find((e) => e.eventName === "Practice")!.recurrence).toEqual({ frequency: "weekly", byDay: ["MO"] });
    expect(events.find((e) => e.eventName === "Giving tree")).toMatchObject({ range: true, startRange: "2026-09-28", endRange: "2026-10-09" });
  });

  it("merges the same event found twice, keeping the richer one and both tags", () => {
    const events = normaliseEvents([
      { ...base, eventName: "PA day on", start: "2026-10-23", tags: ["no school"] },
      { ...base, eventName: "PA Day (no classes)", start: "2026-10-23", dateTime: false, tags: ["notice"], origin: "pdf" },
      { ...base, eventName: "Game 1 vs Herons", start: "2026-10-24T11:00", dateTime: true },
      { ...base, eventName: "Game 2 vs Herons", start: "2026-10-24T13:30", dateTime: true },
    ], context);
    expect(events).toHaveLength(3);
    // oxlint-disable-next-line unicorn/no-array-sort -- a fresh array; toSorted() needs a newer lib than the Worker build uses
    expect(events[0]!.tags.sort()).toEqual(["no school", "notice"]);
  });

  it("clamps long names and fixes ends that precede the start", () => {
    const [e] = normaliseEvents([
      { ...base, eventName: "A".repeat(30) + " " + "very long sentence that somebody pasted as a title ".repeat(3), start: "2026-10-10T18:00", end: "2026-10-10T17:00", dateTime: true },
    ], context);
    expect(e!.eventName.length).toBeLessThanOrEqual(81);
    expect(e!.end).toBeNull();
  });
});

describe("twins and bounds", () => {
  it("keeps different same-day events that share words as two", () => {
    const events = normaliseEvents(
      [
        { ...base, eventName: "Loading doors open", start: "2026-10-10" },
        { ...base, eventName: "Loading doors close", start: "2026-10-10" },
        { ...base, eventName: "Picture Day", start: "2026-10-12" },
        { ...base, eventName: "School Picture Day", start: "2026-10-12" },
      ],
      context,
    );
    expect(events.map((e) => e.eventName)).toEqual(["Loading doors open", "Loading doors close", "Picture Day"]);
  });

  it("makes an invitation's .ics and its body one event, at the calendar's time", () => {
    const events = normaliseEvents(
      [
        // The body says "6pm (Eastern Time)", read as the parent's Pacific clock.
        { ...base, eventName: "Parent-teacher conference", start: "2026-10-14T18:00", dateTime: true, origin: "body" },
        { ...base, eventName: "Parent-teacher conference with Ms. Lee", start: "2026-10-14T15:00", dateTime: true, origin: "ics" },
      ],
      { ...context, timeZone: "America/Los_Angeles" },
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.start).toBe("2026-10-14T15:00");
  });

  it("refuses events before 1970, after 2100 or spanning more than a year, and says why", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const events = normaliseEvents(
      [
        { ...base, eventName: "Forever", start: "2026-10-10", end: "9999-12-31", range: true },
        { ...base, eventName: "Long ago", start: "1969-12-31" },
        { ...base, eventName: "Two years", start: "2026-10-10", end: "2028-10-10", range: true },
        { ...base, eventName: "School year", start: "2026-09-02", end: "2027-06-20", range: true },
      ],
      context,
    );
    expect(events.map((e) => e.eventName)).toEqual(["School year"]);
    expect(warn.mock.calls.map((call) => call[1])).toEqual(expect.arrayContaining(["spans more than a year", "a date outside 1970–2100"]));
    warn.mockRestore();
  });

  it("keeps at most 200 events from one message, and says so", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const flood = Array.from({ length: 1500 }, (_, i) => ({ ...base, eventName: `Event number ${i}`, start: `2026-11-${String(1 + Math.floor(i / 96)).padStart(2, "0")}T${String(Math.floor(i / 4) % 24).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`, dateTime: true }));
    expect(normaliseEvents(flood, context)).toHaveLength(MAX_EVENTS_PER_SOURCE);
    expect(warn).toHaveBeenCalledWith("Source clamped", expect.stringContaining("200"));
    warn.mockRestore();
  });
});
