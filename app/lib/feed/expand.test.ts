import { describe, expect, it } from "vitest";
import type { FeedEvent } from "../event";
import { wallClock, zonedInstant } from "../time-zone";
import { buildFeed, buildItems, buildItemsInSlices, feedBuilder, feedOf, keepUnchanged } from "./build";
import { addDays, DAY_CODES, weekdayOf } from "../calendar-day";
import { EXPANSION_HORIZON_DAYS, MAX_COPIES, mergeUpdate } from "./expand";
import { feedEvent } from "../event.fixture";

function event(overrides: Partial<FeedEvent>): FeedEvent {
  return feedEvent({ eventName: "Practice", start: "2026-10-26", ...overrides });
}

function clockAt(today: string, timeZone: string) {
  return { timeZone, today, now: Date.parse(`${today}T12:00:00Z`) };
}

/** A weekly series at a local wall-clock time, stored as the API answers it (UTC instants). */
function weeklySeries(zone: string, firstDay: string, time: string, byDay: string[], lastDay: string | null, interval?: number): FeedEvent {
  const start = zonedInstant(`${firstDay}T${time}`, zone);
  return event({
    range: true,
    dateTime: true,
    start: start.toISOString(),
    end: new Date(start.getTime() + 90 * 60_000).toISOString(),
    startRange: firstDay,
    endRange: lastDay,
    recurrence: { frequency: "weekly", byDay, ...(interval ? { interval } : {}) },
  });
}

describe("series across daylight-saving changes", () => {
  it("shows a Toronto series 'Mondays 6 pm, Oct 26 – Mar 22' at 6 pm every winter Monday (147 days, both ends in daylight time)", () => {
    const zone = "America/Toronto";
    const items = buildItems([weeklySeries(zone, "2026-10-26", "18:00", ["MO"], "2027-03-22")], clockAt("2026-10-20", zone));
    expect(items).toHaveLength(22);
    for (const item of items) {
      expect(wallClock(new Date(item.start), zone).slice(11, 16)).toBe("18:00");
      expect(wallClock(new Date(item.end!), zone).slice(11, 16)).toBe("19:30");
      expect(weekdayOf(item.day)).toBe(1);
    }
  });

  // A property test: seeded, so a failure names its case and repeats.
  const ZONES = ["America/Toronto", "America/Los_Angeles", "America/Phoenix", "Europe/London", "Australia/Sydney", "Asia/Taipei"];
  function random(seed: number): () => number {
    let state = seed;
    return () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state / 2 ** 31;
    };
  }

  it("keeps every occurrence of any series crossing DST at its wall-clock time, on its days, in six zones", () => {
    const next = random(20261123);
    const broken: string[] = [];
    for (let run = 0; run < 300; run++) {
      const zone = ZONES[run % ZONES.length]!;
      const firstDay = addDays("2026-01-01", Math.floor(next() * 700));
      // Hours from 4 am: no wall-clock time in these zones is skipped by a change then.
      const time = `${String(4 + Math.floor(next() * 20)).padStart(2, "0")}:${["00", "15", "30", "45"][Math.floor(next() * 4)]}`;
      const byDay = DAY_CODES.filter(() => next() < 0.4);
      const days: string[] = byDay.length ? byDay : ["WE"];
      const lastDay = next() < 0.3 ? null : addDays(firstDay, 60 + Math.floor(next() * 300));
      const interval = next() < 0.3 ? 2 : undefined;
      const today = addDays(firstDay, -Math.floor(next() * 30));
      const items = buildItems([weeklySeries(zone, firstDay, time, days, lastDay, interval)], clockAt(today, zone));
      const label = JSON.stringify({ zone, firstDay, time, days, lastDay, interval });
      if (items.length < 2) broken.push(`${label}: no copies`);
      for (const item of items.slice(1)) {
        const wall = wallClock(new Date(item.start), zone);
        const wrong =
          wall.slice(11, 16) !== time ||
          wall.slice(0, 10) !== item.day ||
          !days.includes(DAY_CODES[weekdayOf(item.day)]!) ||
          (lastDay !== null && item.day > lastDay);
        if (wrong) broken.push(`${label}: ${item.day} shows at ${wall}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("series that never end, and every N weeks", () => {
  it("expands an open-ended weekly series through the horizon instead of its first day only", () => {
    const zone = "America/Los_Angeles";
    const items = buildItems([weeklySeries(zone, "2026-09-08", "15:30", ["TU", "TH"], null)], clockAt("2026-09-08", zone));
    expect(items.length).toBeGreaterThan(100);
    expect(items.at(-1)!.day <= addDays("2026-09-08", EXPANSION_HORIZON_DAYS)).toBe(true);
  });

  it("keeps every other week of an INTERVAL=2 series", () => {
    const zone = "America/Chicago";
    const items = buildItems([weeklySeries(zone, "2026-11-02", "17:00", ["MO"], "2026-12-28", 2)], clockAt("2026-11-01", zone));
    expect(items.map((i) => i.day)).toEqual(["2026-11-02", "2026-11-16", "2026-11-30", "2026-12-14", "2026-12-28"]);
  });
});

describe("stored occurrences (a calendar file's series)", () => {
  it("shows exactly the stored occurrences, each at its own time, a cancelled one marked cancelled", () => {
    const items = buildItems(
      [
        event({
          _id: "s",
          range: true,
          dateTime: true,
          start: "2026-11-03T23:00:00.000Z",
          end: null,
          recurrence: { frequency: "monthly", byDay: ["TU"], rule: "FREQ=MONTHLY;BYDAY=1TU" },
          occurrences: [
            { start: "2026-11-03T23:00:00.000Z", end: null },
            { start: "2026-12-01T23:00:00.000Z", end: null, cancelled: true },
            { start: "2027-01-05T22:00:00.000Z", end: null, eventName: "Board meeting (moved)" },
          ],
        }),
      ],
      clockAt("2026-11-01", "America/Toronto"),
    );
    expect(items.map((i) => [i._id, i.day, i.cancel, i.eventName])).toEqual([
      ["s", "2026-11-03", false, "Practice"],
      ["s-2026-12-01", "2026-12-01", true, "Practice"],
      ["s-2027-01-05", "2027-01-05", false, "Board meeting (moved)"],
    ]);
  });
});

describe("bounds: one event never breaks a feed", () => {
  it("builds a feed with an all-day event ending 9999-12-31, within the horizon and the copy limit", () => {
    const today = "2026-11-23";
    const feed = buildFeed(
      [event({ _id: "forever", range: true, start: "2026-11-20", end: "9999-12-31", endRange: "9999-12-31" }), event({ _id: "ok", start: today })],
      clockAt(today, "America/Toronto"),
    );
    const copies = feed.items.filter((i) => i._id.startsWith("forever"));
    expect(copies.length).toBeLessThanOrEqual(MAX_COPIES);
    expect(copies.at(-1)!.day <= addDays(today, EXPANSION_HORIZON_DAYS)).toBe(true);
    expect(feed.items.some((i) => i._id === "ok")).toBe(true);
  });

  it("leaves out an event it cannot read and shows the rest", () => {
    const feed = buildFeed(
      [event({ _id: "bad", dateTime: true, start: "not a date", range: true, endRange: "2026-12-01" }), event({ _id: "ok", start: "2026-11-23" })],
      clockAt("2026-11-23", "America/Toronto"),
    );
    expect(feed.items.map((i) => i._id)).toContain("ok");
  });
});

describe("building in slices", () => {
  it("gives the same items as building at once, handing the page the main thread back between slices", async () => {
    const zone = "America/Toronto";
    const clock = clockAt("2026-11-02", zone);
    const events = [
      weeklySeries(zone, "2026-10-26", "18:00", ["MO", "WE"], "2027-03-22"),
      event({ _id: "field-trip", start: "2026-11-13" }),
      // Unreadable: left out in both, never stopping the build.
      event({ _id: "broken", dateTime: true, start: "not a date" }),
      weeklySeries(zone, "2026-09-08", "15:30", ["TU", "TH"], null),
    ];
    let pauses = 0;
    const sliced = await buildItemsInSlices(events, clock, { sliceMs: 0, pause: async () => void pauses++ });
    expect(sliced).toEqual(buildItems(events, clock));
    expect(sliced.length).toBeGreaterThan(events.length);
    // A pause after every event when every slice is over its time.
    expect(pauses).toBe(events.length);
  });
});

describe("a feed built against the last one", () => {
  const clock = clockAt("2026-11-02", "America/Toronto");
  const items = buildItems(
    [event({ _id: "nov", start: "2026-11-10" }), event({ _id: "dec", start: "2026-12-08" }), event({ _id: "jan", start: "2027-01-12" })],
    clock,
  );

  it("keeps the group of every month whose tiles did not change, and draws the changed month anew", () => {
    const before = feedOf(items, clock);
    const liked = feedOf(mergeUpdate(items, "dec", { like: true }), clock, before);
    expect(liked).toEqual(feedOf(mergeUpdate(items, "dec", { like: true }), clock));
    const [nov, dec, jan] = liked.months;
    expect(nov).toBe(before.months[0]);
    expect(dec).not.toBe(before.months[1]);
    expect(dec!.days.flatMap((d) => d.events).map((e) => e.like)).toEqual([true]);
    expect(jan).toBe(before.months[2]);
  });

  it("draws a month anew when a day moves in it, even with the same tiles", () => {
    const before = feedOf(items, clock);
    const moved = buildItems([event({ _id: "nov", start: "2026-11-11" }), event({ _id: "dec", start: "2026-12-08" }), event({ _id: "jan", start: "2027-01-12" })], clock);
    const after = feedOf(keepUnchanged(items, moved), clock, before);
    expect(after.months[0]).not.toBe(before.months[0]);
    expect(after.months[0]!.days.filter((d) => d.events.length).map((d) => d.day)).toEqual(["2026-11-11"]);
    expect(after.months[1]).toBe(before.months[1]);
  });

  it("is what feedBuilder does, one build after another", () => {
    const build = feedBuilder();
    const first = build(items, clock);
    const second = build(mergeUpdate(items, "jan", { firstView: true }), clock);
    expect(second.months[0]).toBe(first.months[0]);
    expect(second.months[2]).not.toBe(first.months[2]);
  });
});

describe("keepUnchanged", () => {
  it("keeps the previous item for an event that did not change and takes the new one for any change", () => {
    const clock = clockAt("2026-11-02", "America/Toronto");
    const before = buildItems([event({ _id: "a", start: "2026-11-03" }), event({ _id: "b", start: "2026-11-04" })], clock);
    const after = buildItems(
      [event({ _id: "a", start: "2026-11-03" }), event({ _id: "b", start: "2026-11-04", eventName: "Practice moved" }), event({ _id: "c", start: "2026-11-05" })],
      clock,
    );
    const kept = keepUnchanged(before, after);
    expect(kept).toEqual(after);
    expect(kept[0]).toBe(before[0]);
    expect(kept[1]).toBe(after[1]);
    expect(kept[2]).toBe(after[2]);
    expect(keepUnchanged(null, after)).toBe(after);
  });

  it("is what the sliced build does with the items it is given, slice by slice", async () => {
    const clock = clockAt("2026-11-02", "America/Toronto");
    const zone = clock.timeZone;
    const before = buildItems([weeklySeries(zone, "2026-10-26", "18:00", ["MO"], "2026-12-21"), event({ _id: "b", start: "2026-11-04" })], clock);
    const events = [weeklySeries(zone, "2026-10-26", "18:00", ["MO"], "2026-12-21"), event({ _id: "b", start: "2026-11-04", eventName: "Moved" })];
    const sliced = await buildItemsInSlices(events, clock, { sliceMs: 0, pause: async () => {}, previous: before });
    expect(sliced).toEqual(keepUnchanged(before, buildItems(events, clock)));
    expect(sliced.filter((item) => before.includes(item))).toHaveLength(before.length - 1);
  });
});
