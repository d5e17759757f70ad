import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { events, schools, urlSources } from "~/.server/db/schema";
import { checkSchoolCalendars, refreshSchoolCalendars, SCHOOL_CALENDAR_REFRESH_MS } from "~/.server/school-calendars";
import { call, db, send, signIn } from "./helpers";

async function childAt(cookie: string, firstName: string, schoolId: string) {
  const created = await send("POST", "/api/child", cookie, { firstName, grade: "grade 2", avatarId: "kitten" });
  const { child } = (await created.json()) as { child: { _id: string } };
  expect((await send("PUT", `/api/child/${child._id}`, cookie, { schoolId })).status).toBe(200);
  return child._id;
}

async function checkCalendars(cookie: string) {
  const response = await call("/api/checkcalendars", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { success: boolean; totalEventsCreated: number };
}

async function eventNames(cookie: string): Promise<string[]> {
  const body = (await (await call("/api/events", { cookie })).json()) as { events: { eventName: string }[] };
  return body.events.map((event) => event.eventName);
}

describe("GET /api/checkcalendars", () => {
  it("has nothing to do without schools", async () => {
    const { cookie } = await signIn();
    expect(await checkCalendars(cookie)).toEqual({ success: true, totalEventsCreated: 0 });
  });

  it("imports the children's school calendars (the local fake serves the bundled feeds) once", async () => {
    const { cookie } = await signIn();
    await childAt(cookie, "Maya", "sample-us-001");
    await childAt(cookie, "Leo", "sample-us-002"); // no calendar feed
    const first = await checkCalendars(cookie);
    expect(first.success).toBe(true);
    expect(first.totalEventsCreated).toBeGreaterThanOrEqual(6);
    const names = await eventNames(cookie);
    expect(names.some((name) => /winter concert/i.test(name))).toBe(true);
    // Read again: the same events are mentioned again, none is added.
    expect(await checkCalendars(cookie)).toEqual({ success: true, totalEventsCreated: 0 });
    expect((await eventNames(cookie)).length).toBe(names.length);
  });

  it("tags each school's events with the children at that school", async () => {
    const { cookie } = await signIn();
    const maya = await childAt(cookie, "Maya", "sample-us-001"); // Maple Grove Elementary School
    const ben = await childAt(cookie, "Ben", "sample-ca-001"); // Riverdale Public School
    await checkCalendars(cookie);
    const body = (await (await call("/api/events", { cookie })).json()) as {
      events: { eventName: string; taggedPeople: string[]; mentions: { sourceSender: string }[] }[];
    };
    expect(body.events.length).toBeGreaterThan(0);
    for (const event of body.events) {
      // An event both calendars hold (the same day off) is both children's.
      const senders = event.mentions.map((m) => m.sourceSender);
      const expected = [
        ...(senders.includes("Maple Grove Elementary School") ? [maya] : []),
        ...(senders.includes("Riverdale Public School") ? [ben] : []),
      ];
      expect([event.eventName, event.taggedPeople.toSorted()]).toEqual([event.eventName, expected.toSorted()]);
    }
  });

  it("tags the school's children even when the feed's own name does not name the school", async () => {
    await db()
      .insert(schools)
      .values({ id: "test-oak-hill", name: "Oak Hill Elementary School", calendarUrl: "https://oakhill.example.org/events.ics" })
      .onConflictDoNothing();
    const { cookie, userId } = await signIn();
    const ada = await childAt(cookie, "Ada", "test-oak-hill");
    const feed = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "X-WR-CALNAME:Events 2026-27",
      "BEGIN:VEVENT",
      "UID:oak-1@example.org",
      "DTSTART;VALUE=DATE:20261211",
      "DTEND;VALUE=DATE:20261212",
      "SUMMARY:Holiday Concert",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const check = await checkSchoolCalendars(db(), env, userId, { fetchFeed: async () => feed });
    expect(check).toEqual({ success: true, totalEventsCreated: 1 });
    const [concert] = await db().select().from(events).where(and(eq(events.userId, userId), eq(events.eventName, "Holiday Concert")));
    expect(concert!.taggedPeople).toEqual([ada]);
  });

  it("keeps going past a broken feed, and says so when every feed failed", async () => {
    await db()
      .insert(schools)
      .values({ id: "test-broken-feed", name: "Broken Feed School", calendarUrl: "https://broken.example.org/missing.ics" })
      .onConflictDoNothing();
    const { cookie } = await signIn();
    await childAt(cookie, "Ada", "test-broken-feed");
    expect(await checkCalendars(cookie)).toEqual({ success: false, totalEventsCreated: 0 });
    await childAt(cookie, "Ben", "sample-ca-001");
    const both = await checkCalendars(cookie);
    expect(both.success).toBe(true);
    expect(both.totalEventsCreated).toBeGreaterThan(0);
  });

  it("only reads the signed-in parent's schools, into their own feed", async () => {
    const owner = await signIn();
    await childAt(owner.cookie, "Maya", "sample-us-003");
    const other = await signIn();
    expect(await checkCalendars(other.cookie)).toEqual({ success: true, totalEventsCreated: 0 });
    expect(await eventNames(other.cookie)).toEqual([]);
  });

  it("needs a session", async () => {
    expect((await call("/api/checkcalendars")).status).toBe(401);
  });
});

describe("the cron's school-calendar refresh", () => {
  it("reads a day-old calendar again, bringing back what the feed holds", async () => {
    const { cookie, userId } = await signIn();
    await childAt(cookie, "Maya", "sample-us-001");
    await checkCalendars(cookie);
    const imported = await eventNames(cookie);
    expect(imported.length).toBeGreaterThan(0);
    // A day later, and the events are gone from the parent's copy (as if never merged).
    const dayAgo = new Date(Date.now() - SCHOOL_CALENDAR_REFRESH_MS - 60_000);
    await db().update(urlSources).set({ parsedAt: dayAgo }).where(eq(urlSources.userId, userId));
    await db().delete(events).where(eq(events.userId, userId));

    const run = await refreshSchoolCalendars(db(), env, new Date());
    expect(run.parents).toBeGreaterThanOrEqual(1);
    expect((await eventNames(cookie)).toSorted()).toEqual(imported.toSorted());
    const [source] = await db().select().from(urlSources).where(eq(urlSources.userId, userId));
    expect(source!.parsedAt.getTime()).toBeGreaterThan(dayAgo.getTime());
  });

  it("leaves calendars read within the day alone", async () => {
    const { cookie, userId } = await signIn();
    await childAt(cookie, "Maya", "sample-us-001");
    await checkCalendars(cookie);
    await db().delete(events).where(eq(events.userId, userId));
    await refreshSchoolCalendars(db(), env, new Date());
    expect(await eventNames(cookie)).toEqual([]);
  });
});
