import { describe, expect, it } from "vitest";
import { buildFeed, buildItems } from "./build";
import { mergeUpdate } from "./expand";
import { itemTime, monthTitle } from "./format";
import { apiId, tagFlags } from "./item";
import { eventLabel, tagLabels } from "./labels";
import { latestGroups } from "./latest-groups";
import { conditionText, precipitationNote, regionOfLocale, temperature, unitsForRegion, uvNote, weatherSymbol, windSpeed } from "./weather";
import { feedEvent } from "../event.fixture";

const ZONE = "America/Toronto";
const TODAY = "2025-11-22";
const clock = { timeZone: ZONE, today: TODAY, now: Date.parse("2025-11-22T15:00:00Z") };

const event = feedEvent;

describe("range expansion", () => {
  it("adds one copy per day after the start through the end, with day ids", () => {
    const items = buildItems([event({ _id: "r", range: true, start: "2025-11-24", end: "2025-11-26" })], clock);
    expect(items.map((item) => [item._id, item.day, item.expandedDate, item.originalId])).toEqual([
      ["r", "2025-11-24", undefined, undefined],
      ["r-2025-11-25", "2025-11-25", "2025-11-25", "r"],
      ["r-2025-11-26", "2025-11-26", "2025-11-26", "r"],
    ]);
  });

  it("keeps only the byDay days of a weekly recurrence, at the same local time across DST", () => {
    const items = buildItems(
      [
        event({
          _id: "w",
          range: true,
          dateTime: true,
          start: "2025-10-28T19:00:00.000Z", // Tue 3PM EDT
          end: "2025-10-28T20:00:00.000Z",
          endRange: "2025-11-06",
          recurrence: { frequency: "weekly", byDay: ["TU", "TH"] },
        }),
      ],
      clock,
    );
    expect(items.map((item) => item.day)).toEqual(["2025-10-28", "2025-10-30", "2025-11-04", "2025-11-06"]);
    // After the switch to EST on Nov 2 the same 3PM is an hour later in UTC.
    expect(items[2]!.start).toBe("2025-11-04T20:00:00.000Z");
    expect(itemTime(items[2]!, ZONE)).toBe("3pm - 4pm");
  });

  it("merges an update into the range and all its copies", () => {
    const items = buildItems([event({ _id: "r", range: true, start: "2025-11-24", end: "2025-11-25" }), event({ _id: "x" })], clock);
    const merged = mergeUpdate(items, "r", { like: true });
    expect(merged.map((item) => [item._id, item.like])).toEqual([
      ["r", true],
      ["r-2025-11-25", true],
      ["x", false],
    ]);
    expect(apiId(merged[1]!)).toBe("r");
  });
});

describe("flags and upcoming", () => {
  it("reads the flags from tags", () => {
    expect(tagFlags(["Tentative", "cancel"])).toEqual({ tentative: true, cancel: true, update: false, reschedule: false });
  });

  it("keeps timed events upcoming until they end and all-day events through today", () => {
    const [past, running, allDay, yesterday] = buildItems(
      [
        event({ _id: "p", dateTime: true, start: "2025-11-22T13:00:00Z", end: "2025-11-22T14:00:00Z" }),
        event({ _id: "r", dateTime: true, start: "2025-11-22T14:00:00Z", end: "2025-11-22T16:00:00Z" }),
        event({ _id: "a" }),
        event({ _id: "y", start: "2025-11-21" }),
      ],
      clock,
    );
    expect([past!.upcoming, running!.upcoming, allDay!.upcoming, yesterday!.upcoming]).toEqual([false, true, true, false]);
  });
});

describe("day and month groups", () => {
  const feed = buildFeed(
    [
      event({ _id: "allday", start: "2025-11-25" }),
      event({ _id: "late", dateTime: true, start: "2025-11-25T22:00:00Z" }),
      event({ _id: "early", dateTime: true, start: "2025-11-25T14:00:00Z" }),
      event({ _id: "hidden", start: "2025-11-26", dislike: true }),
      event({ _id: "dec", start: "2025-12-03" }),
      event({ _id: "month", start: "2025-12-01", monthEvent: true }),
      // 9PM in Toronto on the 24th, already the 25th in UTC.
      event({ _id: "evening", dateTime: true, start: "2025-11-25T02:00:00Z" }),
    ],
    clock,
  );

  it("groups by local day, today always present, timed first, days ascending, hidden left out", () => {
    expect(feed.days.map((day) => [day.day, day.events.map((e) => e._id)])).toEqual([
      ["2025-11-22", []],
      ["2025-11-24", ["evening"]],
      ["2025-11-25", ["early", "late", "allday"]],
      ["2025-12-03", ["dec"]],
    ]);
  });

  it("puts gaps between event days and month events in their month", () => {
    const [november, december] = feed.months;
    expect(november!.blocks.map((b) => (b.kind === "gap" ? `${b.from}..${b.to}` : b.day))).toEqual([
      "2025-11-22",
      "2025-11-23..2025-11-23",
      "2025-11-24",
      "2025-11-25",
      "2025-11-26..2025-11-30",
    ]);
    expect(december!.blocks.map((b) => (b.kind === "gap" ? `${b.from}..${b.to}` : b.day))).toEqual([
      "2025-12-01..2025-12-02",
      "2025-12-03",
    ]);
    expect(december!.monthEvents.map((e) => e._id)).toEqual(["month"]);
  });
});

describe("gaps across months", () => {
  it("shows every empty day, a month with no events as one gap of its own", () => {
    const feed = buildFeed([event({ _id: "jan", start: "2026-01-30" })], clock);
    expect(feed.months.map((m) => [m.month, m.blocks.map((b) => (b.kind === "gap" ? `${b.from}..${b.to}` : b.day))])).toEqual([
      ["2025-11", ["2025-11-22", "2025-11-23..2025-11-30"]],
      ["2025-12", ["2025-12-01..2025-12-31"]],
      ["2026-01", ["2026-01-01..2026-01-29", "2026-01-30"]],
    ]);
  });
});

describe("latest events and the new-events count", () => {
  it("groups upcoming originals by when they were found, newest first, by start within", () => {
    const feed = buildFeed(
      [
        event({ _id: "old", start: "2025-11-30", createdAt: "2025-11-10T12:00:00Z" }),
        event({ _id: "b", start: "2025-11-28", createdAt: "2025-11-22T13:00:00Z" }),
        event({ _id: "a", start: "2025-11-23", createdAt: "2025-11-22T11:00:00Z", firstView: true }),
        event({ _id: "y", start: "2025-11-24", createdAt: "2025-11-21T12:00:00Z" }),
        event({ _id: "past", start: "2025-11-20", createdAt: "2025-11-22T12:00:00Z" }),
        event({ _id: "r", range: true, start: "2025-11-23", end: "2025-11-24", createdAt: "2025-11-22T12:00:00Z" }),
      ],
      clock,
    );
    expect(latestGroups(feed.items, clock).map((group) => [group.label, group.events.map((e) => e._id)])).toEqual([
      ["Today", ["a", "r", "b"]],
      ["Yesterday", ["y"]],
      ["This Month", ["old"]],
    ]);
    expect(feed.newCount).toBe(4);
  });
});

describe("labels", () => {
  it("labels by tag, refined by the event's words", () => {
    expect(eventLabel({ tags: ["fieldtrip", "sports"] })).toBe("Field Trip");
    expect(eventLabel({ tags: ["sports"], eventName: "U10 Soccer practice" })).toBe("Soccer");
    expect(eventLabel({ tags: ["dismissal"], eventName: "Early dismissal at noon" })).toBe("Early Dismissal");
    expect(eventLabel({ tags: ["holiday"], eventName: "Thanksgiving break" })).toBe("Thanksgiving");
    expect(tagLabels({ tags: ["cancel", "sports"], eventName: "Hockey" })).toEqual(["Cancelled", "Hockey"]);
  });

  it("falls back to keywords, then Event", () => {
    expect(eventLabel({ tags: [], eventName: "Class photos" })).toBe("Photos");
    expect(eventLabel({ tags: [], eventName: "Car pick-up changes" })).toBe("Pick Up");
    expect(eventLabel({ tags: [], eventName: "Lunch" })).toBe("Event");
  });
});

describe("formats", () => {
  it("writes times and month titles as spec §9 says", () => {
    expect(itemTime({ dateTime: true, start: "2025-11-22T20:00:00Z", end: "2025-11-22T21:30:00Z" }, ZONE)).toBe("3pm - 4:30pm");
    expect(itemTime({ dateTime: false, start: TODAY, end: null }, ZONE)).toBeNull();
    expect(monthTitle("2025-11")).toBe("November");
    expect(monthTitle("2025-12")).toBe("December 2025");
    expect(monthTitle("2026-01")).toBe("January 2026");
    expect(monthTitle("2026-03", "2025-11")).toBe("March 2026");
  });
});

describe("weather", () => {
  it("converts units and writes the notes", () => {
    expect(temperature(20, "f")).toBe(68);
    expect(temperature(20.6, "c")).toBe(21);
    expect(windSpeed(10, "m")).toBe(6.2);
    expect(windSpeed(10.4, "k")).toBe(10);
    expect(uvNote(8)).toBe("Very high to extreme UV");
    expect(uvNote(7)).toBeNull();
    expect(precipitationNote(0.4)).toBe("40%");
    expect(precipitationNote(0)).toBeNull();
    expect(weatherSymbol("MostlyCloudy")).toBe("cloudy");
    expect(weatherSymbol("Strange")).toBe("unavailable");
    expect(conditionText("MostlyCloudy")).toBe("Mostly Cloudy");
  });
});

describe("default weather units", () => {
  it("follows the device's region: Fahrenheit and mph in the US, metric in Canada, mph in the UK", () => {
    expect(unitsForRegion(regionOfLocale("en-US"))).toEqual({ tempUnits: "f", distUnits: "m" });
    expect(unitsForRegion(regionOfLocale("en"))).toEqual({ tempUnits: "f", distUnits: "m" });
    expect(unitsForRegion(regionOfLocale("fr-CA"))).toEqual({ tempUnits: "c", distUnits: "km" });
    expect(unitsForRegion(regionOfLocale("en-GB"))).toEqual({ tempUnits: "c", distUnits: "m" });
    expect(unitsForRegion(regionOfLocale("not a locale"))).toEqual({ tempUnits: "c", distUnits: "km" });
    expect(temperature(20, unitsForRegion("US").tempUnits)).toBe(68);
  });
});
