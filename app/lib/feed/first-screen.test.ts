import { describe, expect, it } from "vitest";
import { addDays } from "../calendar-day";
import type { FeedEvent } from "../event";
import { feedEvent } from "../event.fixture";
import { buildFeed } from "./build";
import { FIRST_DRAW_DAYS, firstScreen } from "./first-screen";
import type { FeedClock } from "./item";

/** What the feed draws first (FocusFeed: today's month and the next, days up to today + 21, before anything else is drawn). */
function firstDraw(events: readonly FeedEvent[], clock: FeedClock) {
  const feed = buildFeed(events, clock);
  const index = feed.months.findIndex((month) => month.month === clock.today.slice(0, 7));
  const drawUntil = addDays(clock.today, FIRST_DRAW_DAYS);
  return {
    earlierMonths: index > 0,
    months: feed.months.slice(index, index + 2).map((month) => ({
      month: month.month,
      monthEvents: month.monthEvents.map((event) => event._id),
      blocks: month.blocks
        .filter((block) => (block.kind === "gap" ? block.from : block.day) <= drawUntil)
        .map((block) => (block.kind === "gap" ? `${block.from}…${block.to}` : `${block.day}: ${block.events.map((event) => event._id).join(" ")}`)),
    })),
  };
}

/** A made-up year around `now`: all-day and timed events, ranges, month-wide events, some hidden (as tests/e2e/feed-sample.ts). */
function year(now: number): FeedEvent[] {
  let seed = 7;
  const next = () => (seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647;
  return Array.from({ length: 300 }, (_, i) => {
    const start = new Date(now + Math.floor(next() * 300 - 60) * 86_400_000);
    const day = start.toISOString().slice(0, 10);
    const timed = next() < 0.6;
    const range = i < 40;
    return feedEvent({
      _id: `ev${i}`,
      start: timed ? start.toISOString() : day,
      end: range ? new Date(start.getTime() + Math.floor(next() * 10) * 86_400_000).toISOString().slice(0, 10) : null,
      dateTime: timed && !range,
      range,
      monthEvent: i % 37 === 5,
      dislike: i % 41 === 3,
      firstView: next() < 0.5,
    });
  });
}

describe("firstScreen", () => {
  const now = Date.parse("2026-03-18T15:00:00Z");
  const sample = year(now);

  it.each(["America/Los_Angeles", "Europe/Berlin", "Pacific/Auckland"])("draws the same first screen as the whole year (%s)", (timeZone) => {
    const clock: FeedClock = { timeZone, today: "2026-03-18", now };
    const first = firstScreen(sample, clock);
    expect(firstDraw(first.events, clock)).toEqual(firstDraw(sample, clock));
    expect(first.newCount).toBe(buildFeed(sample, clock).newCount);
    // A small part of the year travels with the page.
    expect(first.events.length).toBeLessThan(sample.length / 3);
    expect(first.complete).toBe(false);
  });

  it("keeps the neighbours that shape the first draw: the gap at the month's top, earlier months, the gap at the end", () => {
    const clock: FeedClock = { timeZone: "UTC", today: "2026-03-18", now };
    const few = ["2026-01-02", "2026-02-10", "2026-03-05", "2026-05-01", "2026-05-02"].map((start) => feedEvent({ _id: start, start }));
    const first = firstScreen(few, clock);
    expect(first.events.map((event) => event._id)).toEqual(["2026-02-10", "2026-03-05", "2026-05-01"]);
    expect(firstDraw(first.events, clock)).toEqual(firstDraw(few, clock));
  });

  it("is the whole list when there is nothing else", () => {
    const clock: FeedClock = { timeZone: "UTC", today: "2026-03-18", now };
    const few = [feedEvent({ _id: "a", start: "2026-03-20" }), feedEvent({ _id: "b", start: "2026-04-20" })];
    expect(firstScreen(few, clock)).toMatchObject({ events: few, complete: true });
    expect(firstScreen([], clock)).toEqual({ events: [], newCount: 0, complete: true });
  });
});
