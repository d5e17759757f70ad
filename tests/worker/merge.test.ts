import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "~/.server/db/schema";
import { events } from "~/.server/db/schema";
import type { ExtractedEvent } from "~/.server/extract/types";
import { dropStaleMentions, mergeEvents, type SourceRef } from "~/.server/ingest/merge";
import { listEvents } from "~/.server/events";
import { countingD1, D1Counter, type D1Like } from "../../scripts/lib/counting-d1";
import { db, signIn } from "./helpers";

const TZ = "America/Toronto";

function extracted(over: Partial<ExtractedEvent>): ExtractedEvent {
  return {
    eventName: "Soccer game vs. Eagles",
    description: null,
    start: "2026-12-05T10:00",
    end: null,
    dateTime: true,
    tags: ["sports"],
    location: null,
    range: false,
    startRange: null,
    endRange: null,
    recurrence: null,
    ...over,
  };
}

function source(id = crypto.randomUUID()): SourceRef {
  return { id, kind: "email", sender: "Coach Dana", address: "dana@club.example.org", date: new Date(), url: null };
}

async function eventsOf(userId: string) {
  return db().select().from(events).where(eq(events.userId, userId)).orderBy(events.start);
}

describe("mergeEvents", () => {
  it("attaches a cancellation to the event it cancels", async () => {
    const { userId } = await signIn();
    await mergeEvents(db(), userId, source(), [extracted({})], TZ);
    const result = await mergeEvents(
      db(), userId, source(),
      [extracted({ eventName: "Soccer game vs. Eagles cancelled", tags: ["sports", "cancel"] })], TZ,
    );
    expect(result.created).toBe(0);
    const all = await eventsOf(userId);
    expect(all).toHaveLength(1);
    expect(all[0]!.tags).toEqual(["sports", "cancel"]);
  });

  it("moves a rescheduled event to its new day, keeping the parent's flags", async () => {
    const { userId } = await signIn();
    const first = await mergeEvents(db(), userId, source(), [extracted({})], TZ);
    await db().update(events).set({ like: true }).where(eq(events.id, first.eventIds[0]!));
    await mergeEvents(
      db(), userId, source(),
      [extracted({ eventName: "Soccer game vs. Eagles (rescheduled)", start: "2026-12-12T09:00", tags: ["sports", "reschedule"] })],
      TZ,
    );
    const all = await eventsOf(userId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: first.eventIds[0], like: true, start: "2026-12-12T14:00:00.000Z" });
    expect(all[0]!.tags).toContain("reschedule");
  });

  it("applies a time change to the same event", async () => {
    const { userId } = await signIn();
    await mergeEvents(db(), userId, source(), [extracted({})], TZ);
    await mergeEvents(db(), userId, source(), [extracted({ start: "2026-12-05T13:30", tags: ["sports", "update"] })], TZ);
    const all = await eventsOf(userId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ start: "2026-12-05T18:30:00.000Z" });
    expect(all[0]!.tags).toContain("update");
  });

  it("finds an event whose UTC start falls on another day than its own", async () => {
    const { userId } = await signIn();
    // An evening in Toronto is the next day in UTC; a morning in Auckland the day before.
    for (const [timeZone, start] of [[TZ, "2026-12-05T21:30"], ["Pacific/Auckland", "2026-12-05T08:00"]] as const) {
      await mergeEvents(db(), userId, source(), [extracted({ eventName: `Concert ${timeZone}`, start })], timeZone);
      const again = await mergeEvents(db(), userId, source(), [extracted({ eventName: `Concert ${timeZone}`, start, location: "Hall" })], timeZone);
      expect(again.created).toBe(0);
    }
    expect((await eventsOf(userId)).map((e) => [e.start.slice(0, 10), e.location])).toEqual([
      ["2026-12-04", "Hall"],
      ["2026-12-06", "Hall"],
    ]);
  });

  it("keeps two sessions on one day apart (a doubleheader)", async () => {
    const { userId } = await signIn();
    const result = await mergeEvents(
      db(), userId, source(),
      [extracted({ eventName: "Game 1 vs. Eagles" }), extracted({ eventName: "Game 2 vs. Eagles", start: "2026-12-05T13:00" })],
      TZ,
    );
    expect(result.created).toBe(2);
  });

  it("lets a timed mention sharpen an all-day one and fills missing details", async () => {
    const { userId } = await signIn();
    await mergeEvents(db(), userId, source(), [extracted({ eventName: "Picture Day", start: "2026-12-04", dateTime: false, tags: [] })], TZ);
    await mergeEvents(
      db(), userId, source(),
      [extracted({ eventName: "School Picture Day", start: "2026-12-04T09:00", location: "Gym", tags: [] })],
      TZ,
    );
    const all = await eventsOf(userId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ dateTime: true, start: "2026-12-04T14:00:00.000Z", location: "Gym" });
  });

  it("is idempotent: the same source merged twice adds nothing", async () => {
    const { userId } = await signIn();
    const again = source();
    await mergeEvents(db(), userId, again, [extracted({}), extracted({ eventName: "Team photo", start: "2026-12-06" , dateTime: false })], TZ);
    const second = await mergeEvents(db(), userId, again, [extracted({}), extracted({ eventName: "Team photo", start: "2026-12-06", dateTime: false })], TZ);
    expect(second.created).toBe(0);
    expect(await eventsOf(userId)).toHaveLength(2);
    expect((await listEvents(db(), { key: userId, userId })).map((e) => e.mentions.length)).toEqual([1, 1]);
  });

  it("writes nothing when a source is read again unchanged (a school calendar's daily refresh)", async () => {
    const { userId } = await signIn();
    const calendar = source();
    const read = () => [
      extracted({ origin: "ics" }),
      extracted({
        eventName: "Band practice",
        start: "2026-12-07T18:00",
        range: true,
        startRange: "2026-12-07",
        endRange: "2026-12-21",
        recurrence: { frequency: "weekly", byDay: ["MO"] },
        occurrences: ["2026-12-07", "2026-12-14", "2026-12-21"].map((d) => ({ start: `${d}T18:00:00-05:00`, end: null })),
        origin: "ics",
      }),
    ];
    await mergeEvents(db(), userId, calendar, read(), TZ);
    const before = await eventsOf(userId);

    // D1 bills each row written, and a parent's calendars are read again every day.
    const counter = new D1Counter();
    const counted = drizzle(countingD1(env.DB as unknown as D1Like, counter) as unknown as D1Database, { schema });
    const again = await mergeEvents(counted, userId, calendar, read(), TZ);
    expect(again.created).toBe(0);
    expect(counter.rowsWritten).toBe(0);
    // Nor does a subscribed calendar see a new SEQUENCE for an unchanged event.
    expect(await eventsOf(userId)).toEqual(before);
  });

  it("keeps each event's list of mentions as its sources add and drop it", async () => {
    const { userId } = await signIn();
    const scope = { key: userId, userId };
    const coach = { ...source(), date: new Date("2026-11-20T12:00:00Z") };
    const club = { ...source(), sender: "Club Office", date: new Date("2026-11-22T12:00:00Z") };
    await mergeEvents(db(), userId, club, [extracted({})], TZ);
    await mergeEvents(db(), userId, coach, [extracted({}), extracted({ eventName: "Team photo", start: "2026-12-06", dateTime: false })], TZ);
    const both = await listEvents(db(), scope);
    // Oldest first, whatever order they came in.
    expect(both.find((e) => e.eventName.startsWith("Soccer"))!.mentions.map((m) => m.sourceSender)).toEqual(["Coach Dana", "Club Office"]);
    expect(both.find((e) => e.eventName === "Team photo")!.mentions.map((m) => m.sourceDate)).toEqual(["2026-11-20T12:00:00.000Z"]);

    // The coach's mail, read again, no longer mentions the game: the club's mention is what is left.
    const game = both.find((e) => e.eventName.startsWith("Soccer"))!;
    await dropStaleMentions(db(), userId, coach.id, both.filter((e) => e !== game).map((e) => e.id));
    const after = await listEvents(db(), scope);
    expect(after.find((e) => e.id === game.id)!.mentions.map((m) => m.sourceSender)).toEqual(["Club Office"]);
  });


  it("never touches another parent's events", async () => {
    const a = await signIn();
    const b = await signIn();
    await mergeEvents(db(), a.userId, source(), [extracted({})], TZ);
    const result = await mergeEvents(db(), b.userId, source(), [extracted({ tags: ["sports", "cancel"] })], TZ);
    expect(result.created).toBe(1);
    expect((await eventsOf(a.userId))[0]!.tags).toEqual(["sports"]);
  });

  it("keeps two same-day events that share words as two (open and close)", async () => {
    const { userId } = await signIn();
    const day = { dateTime: false, start: "2026-12-12", tags: [] };
    await mergeEvents(db(), userId, source(), [extracted({ ...day, eventName: "Loading doors open" })], TZ);
    const second = await mergeEvents(db(), userId, source(), [extracted({ ...day, eventName: "Loading doors close" })], TZ);
    expect(second.created).toBe(1);
    expect((await eventsOf(userId)).map((e) => e.eventName).toSorted()).toEqual(["Loading doors close", "Loading doors open"]);
  });

  it("finds a calendar series read again a day later, its occurrences moved on, and keeps the parent's flags", async () => {
    const { userId } = await signIn();
    const series = (days: string[]) =>
      extracted({
        eventName: "Band practice",
        start: `${days[0]}T18:00`,
        range: true,
        startRange: days[0]!,
        endRange: days.at(-1)!,
        recurrence: { frequency: "weekly", byDay: ["MO"] },
        occurrences: days.map((d) => ({ start: `${d}T18:00:00-05:00`, end: null })),
        origin: "ics",
      });
    const calendar = source();
    const first = await mergeEvents(db(), userId, calendar, [series(["2026-12-07", "2026-12-14", "2026-12-21"])], TZ);
    await db().update(events).set({ like: true }).where(eq(events.id, first.eventIds[0]!));
    const again = await mergeEvents(db(), userId, calendar, [series(["2026-12-14", "2026-12-21", "2026-12-28"])], TZ);
    expect(again).toEqual({ created: 0, eventIds: first.eventIds });
    const [row] = await eventsOf(userId);
    expect(row!.like).toBe(true);
    expect(row!.start).toBe("2026-12-14T23:00:00.000Z");
    expect(row!.occurrences!.map((o) => o.start)).toEqual(["2026-12-14T23:00:00.000Z", "2026-12-21T23:00:00.000Z", "2026-12-28T23:00:00.000Z"]);
  });
});
