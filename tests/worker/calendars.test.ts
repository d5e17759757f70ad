import { describe, expect, it } from "vitest";
import { schools } from "~/.server/db/schema";
import { call, db, send, signIn } from "./helpers";

async function childAt(cookie: string, firstName: string, schoolId: string) {
  const created = await send("POST", "/api/child", cookie, { firstName, grade: "grade 2", avatarId: "kitten" });
  const { child } = (await created.json()) as { child: { _id: string } };
  expect((await send("PUT", `/api/child/${child._id}`, cookie, { schoolId })).status).toBe(200);
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
