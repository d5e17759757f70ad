import { describe, expect, it } from "vitest";
import { eventDay, upcomingDays } from "./event";
import { feedEvent } from "./event.fixture";

const event = feedEvent;

const ZONE = "America/Toronto";

describe("eventDay", () => {
  it("reads timed events in the parent's zone and all-day events as written", () => {
    expect(eventDay(event({ start: "2025-11-23T02:00:00.000Z", dateTime: true }), ZONE)).toBe("2025-11-22");
    expect(eventDay(event({ start: "2025-11-23" }), ZONE)).toBe("2025-11-23");
  });
});

describe("upcomingDays", () => {
  it("always has today, even with no events", () => {
    expect(upcomingDays([], "2025-11-22", ZONE)).toEqual([{ day: "2025-11-22", events: [] }]);
  });

  it("leaves out past and hidden events and sorts days ascending", () => {
    const days = upcomingDays(
      [
        event({ _id: "later", start: "2025-11-30" }),
        event({ _id: "past", start: "2025-11-01" }),
        event({ _id: "hidden", start: "2025-11-25", dislike: true }),
        event({ _id: "soon", start: "2025-11-24" }),
      ],
      "2025-11-22",
      ZONE,
    );
    expect(days.map((d) => [d.day, d.events.map((e) => e._id)])).toEqual([
      ["2025-11-22", []],
      ["2025-11-24", ["soon"]],
      ["2025-11-30", ["later"]],
    ]);
  });

  it("shows an event already under way on today", () => {
    const days = upcomingDays([event({ _id: "camp", start: "2025-11-20", end: "2025-11-24" })], "2025-11-22", ZONE);
    expect(days).toEqual([{ day: "2025-11-22", events: [expect.objectContaining({ _id: "camp" })] }]);
  });

  it("puts timed events before all-day ones, each by start", () => {
    const [today] = upcomingDays(
      [
        event({ _id: "all-day", start: "2025-11-22" }),
        event({ _id: "four", start: "2025-11-22T21:00:00.000Z", dateTime: true }),
        event({ _id: "nine", start: "2025-11-22T14:00:00.000Z", dateTime: true }),
      ],
      "2025-11-22",
      ZONE,
    );
    expect(today!.events.map((e) => e._id)).toEqual(["nine", "four", "all-day"]);
  });
});
