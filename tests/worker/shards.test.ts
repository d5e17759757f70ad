/**
 * Issue 32: families on two shards (ADR 027). The directory places a new family on the
 * newest open shard; mail, the queue job, the family routes, the calendar feed out and the
 * crons each reach the family's own shard, and no shard holds another family's rows. A
 * family moved to another shard keeps everything it had.
 */
import { createExecutionContext, createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shardBinding } from "~/.server/db/client";
import { families, users } from "~/.server/db/schema";
import type { EventView } from "~/.server/events";
import { familyDb } from "~/.server/family/data";
import { moveFamily } from "~/.server/family/move";
import { packPastMonths } from "~/.server/past-months";
import worker from "./entry";
import { call, db, send } from "./helpers";
import { eventsOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

type Parent = Awaited<ReturnType<typeof parentWithInbox>>;

const FAMILY_TABLES = ["children", "watchlist", "sender_addresses", "messages", "attachments", "url_sources", "events", "calendar_links", "event_months"];

const shard = (n: number) => shardBinding(env, n);

/** How many rows of each family table a shard holds under this key. */
async function rowsIn(n: number, key: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of FAMILY_TABLES) {
    const row = await shard(n).prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE user_id = ?`).bind(key).first<{ n: number }>();
    counts[table] = row!.n;
  }
  return counts;
}

const none = Object.fromEntries(FAMILY_TABLES.map((t) => [t, 0]));

async function shardOf(key: string): Promise<number> {
  const [row] = await db().select({ shard: families.shard }).from(families).where(eq(families.ownerId, key));
  return row!.shard;
}

/** A Premium family with a child, a followed sender, mail read into events, and a calendar feed out. */
async function familyWithMail(label: string, text: string): Promise<{ parent: Parent; events: EventView[] }> {
  const parent = await parentWithInbox();
  await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, parent.userId));
  expect((await send("POST", "/api/child", parent.cookie, { firstName: label, grade: "grade 2", avatarId: "dolphin" })).status).toBeLessThan(300);
  expect((await send("POST", "/api/watchlist", parent.cookie, { address: `office@${label.toLowerCase()}.example.org` })).status).toBeLessThan(300);
  expect((await deliver(parent.address, rawMail({ to: parent.address, subject: `${label} news`, text }))).rejected).toEqual([]);
  return { parent, events: await waitForEvents(parent.cookie) };
}

describe("families on two shards", () => {
  let first: Awaited<ReturnType<typeof familyWithMail>>;
  let second: Awaited<ReturnType<typeof familyWithMail>>;

  beforeAll(async () => {
    first = await familyWithMail("Maple", "Picture Day is Friday, December 4, 2026 at 9:00 a.m. in the gym.");
    // Shard 2 opens: the next family is placed there.
    await env.DB.prepare("INSERT OR IGNORE INTO shards (number, created_at) VALUES (2, ?)").bind(Date.now()).run();
    try {
      second = await familyWithMail("Cedar", "The Book Fair is Wednesday, December 9, 2026 from 3:00 p.m. in the library.");
    } finally {
      await env.DB.prepare("DELETE FROM shards WHERE number = 2").run();
    }
  });
  afterAll(async () => {
    await env.DB.prepare("DELETE FROM shards WHERE number = 2").run();
  });

  it("places each family on the newest shard open when it began, and keeps each family's rows on its own shard", async () => {
    expect(await shardOf(first.parent.userId)).toBe(1);
    expect(await shardOf(second.parent.userId)).toBe(2);
    // Mail, the queue job, tagging and the routes above wrote each family's rows where it lives, and only there.
    expect((await rowsIn(2, second.parent.userId)).events).toBeGreaterThan(0);
    expect((await rowsIn(2, second.parent.userId)).children).toBe(1);
    expect(await rowsIn(1, second.parent.userId)).toEqual(none);
    expect(await rowsIn(2, first.parent.userId)).toEqual(none);
  });

  it("answers each family's routes from its own shard", async () => {
    const [fair] = second.events;
    expect(fair!.eventName.toLowerCase()).toContain("book fair");
    expect((await eventsOf(first.parent.cookie)).map((e) => e.id)).not.toContain(fair!.id);
    const profile = (await (await call("/api/user/profile", { cookie: second.parent.cookie })).json()) as { user: { children: { firstName: string }[] } };
    expect(profile.user.children.map((c) => c.firstName)).toEqual(["Cedar"]);
    expect(((await (await call("/api/watchlist", { cookie: second.parent.cookie })).json()) as { watchlist: unknown[] }).watchlist).toHaveLength(1);
    // One row's routes: a like, a hide, the children of an event, the message card and its rescan.
    expect((await send("POST", `/api/events/${fair!.id}/like`, second.parent.cookie, { toggle: true })).status).toBe(200);
    expect((await send("POST", `/api/events/${fair!.id}/like`, first.parent.cookie, { toggle: true })).status).toBe(404);
    expect((await send("PUT", `/api/events/${fair!.id}/children`, second.parent.cookie, { taggedPeople: [] })).status).toBe(200);
    const messageId = fair!.mentions[0]!.sourceContentId;
    const card = (await (await call(`/api/messages/${messageId}`, { cookie: second.parent.cookie })).json()) as { events: EventView[] };
    expect(card.events.map((e) => e.id)).toEqual([fair!.id]);
    expect((await call(`/api/messages/${messageId}`, { cookie: first.parent.cookie })).status).toBe(404);
    expect((await send("POST", `/api/messages/${messageId}/reset`, second.parent.cookie)).status).toBe(200);
    await expect.poll(async () => (await eventsOf(second.parent.cookie)).map((e) => e.id)).toContain(fair!.id);
  });

  it("serves each family's calendar feed out from its shard, and the crons walk both shards", async () => {
    const link = ((await (await call("/api/ics-link", { cookie: second.parent.cookie })).json()) as { url: string }).url;
    const feed = await call(new URL(link).pathname);
    expect(feed.status).toBe(200);
    expect((await feed.text()).toLowerCase()).toContain("book fair");
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env, createExecutionContext());
    expect(await rowsIn(1, second.parent.userId)).toEqual(none);
    expect(await rowsIn(2, first.parent.userId)).toEqual(none);
  });

  it("moves a family to another shard with every row, and the family sees no difference", async () => {
    const before = await rowsIn(2, second.parent.userId);
    const feedBefore = (await eventsOf(second.parent.cookie)).map((e) => [e.id, e.eventName]);
    const report = await moveFamily(env, { key: second.parent.userId, shard: 2 }, 1);
    expect(report.rows.events).toBe(before.events);
    expect(await shardOf(second.parent.userId)).toBe(1);
    expect(await rowsIn(1, second.parent.userId)).toEqual(before);
    expect(await rowsIn(2, second.parent.userId)).toEqual(none);
    expect((await eventsOf(second.parent.cookie)).map((e) => [e.id, e.eventName])).toEqual(feedBefore);
    // Its like went along; its mail is where it always was (R2).
    const [fair] = await eventsOf(second.parent.cookie);
    expect(fair!.like).toBe(true);
    const card = (await (await call(`/api/messages/${fair!.mentions[0]!.sourceContentId}`, { cookie: second.parent.cookie })).json()) as { text: string };
    expect(card.text).toContain("Book Fair");
  });

  it("moves a family whose past months are packed, and the family sees no difference", async () => {
    const key = first.parent.userId;
    // A year on, Picture Day is a packed month of history (ADR 038).
    expect(await packPastMonths(familyDb(env, { key, shard: 1 }), key, new Date("2027-12-15T12:00:00Z"))).toBe(1);
    expect(await rowsIn(1, key)).toMatchObject({ events: 0, event_months: 1 });
    const feedBefore = await eventsOf(first.parent.cookie);
    await moveFamily(env, { key, shard: 1 }, 2);
    expect(await shardOf(key)).toBe(2);
    expect(await rowsIn(1, key)).toEqual(none);
    expect(await eventsOf(first.parent.cookie)).toEqual(feedBefore);
  });
});
