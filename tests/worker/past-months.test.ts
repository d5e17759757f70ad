/**
 * Past months packed (issue 32, ADR 038): events that ended before last month leave
 * `events` for one compressed row per family and month, and nothing a parent sees changes:
 * the feed, the calendar feed out and a message's events read them as before; a like, a
 * hide, a child, a mail about one of them, a rescan, a removed calendar and Delete Data
 * all still reach them.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import * as schema from "~/.server/db/schema";
import { eventMonths, events } from "~/.server/db/schema";
import { eventsOfSource, listEvents, listRevisedEvents } from "~/.server/events";
import type { ExtractedEvent } from "~/.server/extract/types";
import { dropStaleMentions, mergeEvents, type SourceRef } from "~/.server/ingest/merge";
import { packedMonths, packPastMonths, unpackStatements } from "~/.server/past-months";
import { countingD1, D1Counter, type D1Like } from "../../scripts/lib/counting-d1";
import { db, send, signIn } from "./helpers";

const TZ = "America/Toronto";
/** Today, for packing: August, September and October are past months. */
const NOW = new Date("2026-11-29T12:00:00Z");
/** When the past events were found. */
const SUMMER = new Date("2026-08-01T12:00:00Z");

function extracted(eventName: string, start: string, over: Partial<ExtractedEvent> = {}): ExtractedEvent {
  return {
    eventName, description: `About ${eventName}`, start, end: null, dateTime: start.includes("T"), tags: [], location: null,
    range: false, startRange: null, endRange: null, recurrence: null, ...over,
  };
}

function source(id = crypto.randomUUID()): SourceRef {
  return { id, kind: "email", sender: "Maple Grove Office", address: "office@maplegrove.example.edu", date: SUMMER, url: null };
}

const NEWSLETTER = [
  extracted("Science fair", "2026-08-20"),
  extracted("Soccer game vs. Eagles", "2026-09-12T10:00", { tags: ["sports"], location: "North field" }),
  // Ends this month: still live.
  extracted("Art camp", "2026-09-21", { range: true, startRange: "2026-09-21", endRange: "2026-11-20" }),
  // An open-ended series: still live.
  extracted("Band practice", "2026-08-03T18:00", { recurrence: { frequency: "weekly", byDay: ["MO"] } }),
  extracted("Winter concert", "2026-12-10T18:30"),
];

/** A parent whose newsletter of the summer found the events above, and a second mail that also names the fair. */
async function familyWithSummer() {
  const parent = await signIn();
  const scope = { key: parent.userId, userId: parent.userId };
  const newsletter = source();
  const reminder = source();
  await mergeEvents(db(), parent.userId, newsletter, NEWSLETTER, TZ);
  await mergeEvents(db(), parent.userId, reminder, [extracted("Science fair", "2026-08-20")], TZ);
  // An unsure date of a past month is no longer asked: it is packed like the others.
  await mergeEvents(db(), parent.userId, source(), [extracted("Picnic, maybe", "2026-08-07", { confidence: 0.3 })], TZ);
  await db().update(events).set({ createdAt: SUMMER }).where(eq(events.userId, parent.userId));
  return { ...parent, scope, newsletter, reminder };
}

const liveNames = async (userId: string) =>
  (await db().select({ name: events.eventName }).from(events).where(eq(events.userId, userId))).map((r) => r.name).toSorted();
const packedNames = async (userId: string) =>
  (await packedMonths(db(), userId)).flatMap((m) => m.rows.map((r) => r.eventName)).toSorted();
const idOf = async (userId: string, name: string) => (await listEvents(db(), { key: userId, userId })).find((e) => e.eventName === name)!._id;

describe("past months packed", () => {
  it("packs what ended before last month into a row a month, and every reader sees the same events", async () => {
    const { userId, scope, cookie, newsletter } = await familyWithSummer();
    const before = { feed: await listEvents(db(), scope), out: await listRevisedEvents(db(), scope), mail: await eventsOfSource(db(), scope, newsletter.id) };
    const answered = await (await send("GET", "/api/events", cookie)).json();

    expect(await packPastMonths(db(), userId, NOW)).toBe(3);
    const months = await db().select({ month: eventMonths.month }).from(eventMonths).where(eq(eventMonths.userId, userId));
    expect(months.map((m) => m.month).toSorted()).toEqual(["2026-08", "2026-09"]);
    expect(await packedNames(userId)).toEqual(["Picnic, maybe", "Science fair", "Soccer game vs. Eagles"]);
    expect(await liveNames(userId)).toEqual(["Art camp", "Band practice", "Winter concert"]);

    expect(await listEvents(db(), scope)).toEqual(before.feed);
    expect(await listRevisedEvents(db(), scope)).toEqual(before.out);
    expect(await eventsOfSource(db(), scope, newsletter.id)).toEqual(before.mail);
    expect(await (await send("GET", "/api/events", cookie)).json()).toEqual(answered);
    // Nothing more to pack: a second packing changes nothing.
    expect(await packPastMonths(db(), userId, NOW)).toBe(0);
  });

  it("leaves this month's finds live: the profile counts them", async () => {
    const { userId } = await familyWithSummer();
    await db().update(events).set({ createdAt: new Date() }).where(and(eq(events.userId, userId), eq(events.eventName, "Science fair")));
    expect(await packPastMonths(db(), userId, NOW)).toBe(2);
    expect(await liveNames(userId)).toContain("Science fair");
  });

  it("puts a month back for a like, a hide or a child, keeps the change, and packs it again once unsaved", async () => {
    const { userId, scope, cookie } = await familyWithSummer();
    const fair = await idOf(userId, "Science fair");
    const game = await idOf(userId, "Soccer game vs. Eagles");
    await packPastMonths(db(), userId, NOW);

    const liked = await send("POST", `/api/events/${fair}/like`, cookie, { toggle: true });
    expect(liked.status).toBe(200);
    expect(((await liked.json()) as { event: { like: boolean } }).event.like).toBe(true);
    expect(await liveNames(userId)).toContain("Science fair");
    expect(await packedNames(userId)).toEqual(["Soccer game vs. Eagles"]);

    expect((await send("POST", `/api/events/${game}/dislike`, cookie, { toggle: true, dislikeReason: "Irrelevant info" })).status).toBe(200);
    const child = await send("POST", "/api/child", cookie, { firstName: "Maya", grade: "grade 3", avatarId: "dolphin" });
    const maya = ((await child.json()) as { child: { _id: string } }).child._id;
    await packPastMonths(db(), userId, NOW);
    expect((await send("PUT", `/api/events/${fair}/children`, cookie, { taggedPeople: [maya] })).status).toBe(200);

    // Saved to a calendar, the fair stays live (its like is a row of its own); the hidden game is packed again.
    await packPastMonths(db(), userId, NOW);
    expect(await packedNames(userId)).toEqual(["Picnic, maybe", "Soccer game vs. Eagles"]);
    let feed = await listEvents(db(), scope);
    expect(feed.find((e) => e._id === fair)).toMatchObject({ like: true, taggedPeople: [maya] });
    expect(feed.find((e) => e._id === game)).toMatchObject({ dislike: true, dislikeReason: "Irrelevant info" });

    expect((await send("POST", `/api/events/${fair}/like`, cookie, { toggle: false })).status).toBe(200);
    await packPastMonths(db(), userId, NOW);
    expect(await packedNames(userId)).toEqual(["Picnic, maybe", "Science fair", "Soccer game vs. Eagles"]);
    feed = await listEvents(db(), scope);
    expect(feed.find((e) => e._id === fair)).toMatchObject({ like: false, taggedPeople: [maya] });
    expect(feed).toHaveLength(6);
  });

  it("finds a packed event when a mail names it again: no copy, and its month is put back only for a change", async () => {
    const { userId, scope, newsletter } = await familyWithSummer();
    await packPastMonths(db(), userId, NOW);

    // The same newsletter read again: nothing written, nothing put back.
    const counter = new D1Counter();
    const counted = drizzle(countingD1(env.DB as unknown as D1Like, counter) as unknown as D1Database, { schema });
    expect((await mergeEvents(counted, userId, newsletter, NEWSLETTER, TZ)).created).toBe(0);
    expect(counter.rowsWritten).toBe(0);
    expect(await packedNames(userId)).toEqual(["Picnic, maybe", "Science fair", "Soccer game vs. Eagles"]);

    // A new mail about the game adds its mention to the packed event, put back.
    const recap = source();
    const merged = await mergeEvents(db(), userId, recap, [extracted("Soccer game vs. Eagles", "2026-09-12T10:00", { tags: ["sports"] })], TZ);
    expect(merged.created).toBe(0);
    expect(await packedNames(userId)).toEqual(["Picnic, maybe", "Science fair"]);
    const game = (await listEvents(db(), scope)).filter((e) => e.eventName === "Soccer game vs. Eagles");
    expect(game).toHaveLength(1);
    expect(game[0]!.mentions.map((m) => m.sourceContentId).toSorted()).toEqual([newsletter.id, recap.id].toSorted());
  });

  it("lets a rescan drop a packed event its mail no longer names, and keeps one another mail names", async () => {
    const { userId, scope, newsletter, reminder } = await familyWithSummer();
    await packPastMonths(db(), userId, NOW);
    await dropStaleMentions(db(), userId, newsletter.id, []);
    const names = (await listEvents(db(), scope)).map((e) => e.eventName);
    expect(names).not.toContain("Soccer game vs. Eagles");
    const fair = (await listEvents(db(), scope)).find((e) => e.eventName === "Science fair")!;
    expect(fair.mentions.map((m) => m.sourceContentId)).toEqual([reminder.id]);
  });

  it("is gone with Delete Data", async () => {
    const { userId, cookie } = await familyWithSummer();
    await packPastMonths(db(), userId, NOW);
    expect((await send("DELETE", "/api/data/delete", cookie)).status).toBe(200);
    expect(await db().select().from(eventMonths).where(eq(eventMonths.userId, userId))).toEqual([]);
  });

  it("shows a live row over an older packed copy of it, and puts nothing back over it", async () => {
    const { userId, scope } = await familyWithSummer();
    await packPastMonths(db(), userId, NOW);
    const [august] = await packedMonths(db(), userId, ["2026-08"]);
    // A live copy written meanwhile (a packing cut short by a change): the live one is the newer.
    const copy = { ...august!.rows.find((row) => row.eventName === "Science fair")!, eventName: "Science fair (moved indoors)" };
    await db().insert(events).values(copy);
    expect((await listEvents(db(), scope)).filter((e) => e._id === copy.id).map((e) => e.eventName)).toEqual(["Science fair (moved indoors)"]);
    await db().batch(unpackStatements(db(), userId, august!) as never);
    expect(await liveNames(userId)).toContain("Science fair (moved indoors)");
    expect(await liveNames(userId)).not.toContain("Science fair");
  });
});
