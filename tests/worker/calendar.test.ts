import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { decrypt } from "~/.server/auth/crypto";
import { events, googleTokens, likes, users } from "~/.server/db/schema";
import { fakeCalendarStore } from "~/.server/integrations/calendar/fake-calendar";
import { fakeGoogle } from "~/.server/integrations/google/fake-google";
import { grantGoogle } from "./google-grant";
import { call, db, send, signIn } from "./helpers";

const TOKEN_KEY = env.TOKEN_KEY!;
const NOT_ADDED = "Oops, this event wasn't added to Google Calendar";

afterEach(() => fakeGoogle.reset());

/** The parent consents to Calendar access as Google's token endpoint would answer it. */
async function connectCalendar(userId: string, expiresAt?: Date) {
  const grant = await grantGoogle(userId, "gcal", expiresAt);
  await db().update(users).set({ timezone: "America/Toronto" }).where(eq(users.id, userId));
  return grant;
}

type NewEvent = Partial<typeof events.$inferInsert>;

/** Winter camp: an all-day range over three days. */
const CAMP: NewEvent = {
  eventName: "Winter camp",
  start: "2026-12-21",
  end: "2026-12-23",
  dateTime: false,
  range: true,
  startRange: "2026-12-21",
  endRange: "2026-12-23",
};

/** Swimming Mondays and Wednesdays, 5-6 pm in Toronto, Dec 7 to 23. */
const SWIMMING: NewEvent = {
  eventName: "Swimming",
  start: "2026-12-07T22:00:00.000Z",
  end: "2026-12-07T23:00:00.000Z",
  range: true,
  startRange: "2026-12-07",
  endRange: "2026-12-23",
  recurrence: { frequency: "weekly", byDay: ["MO", "WE"] },
};

async function addEvent(userId: string, values: NewEvent = {}) {
  const [row] = await db()
    .insert(events)
    .values({
      userId,
      eventName: "Winter concert",
      start: "2026-12-04T23:00:00.000Z",
      end: "2026-12-05T00:30:00.000Z",
      dateTime: true,
      fingerprint: crypto.randomUUID(),
      ...values,
    })
    .returning();
  return row!;
}

/** The event with the parent's own like (ADR 026: a like is kept per parent, in `likes`). */
async function stored(eventId: string) {
  const event = (await db().query.events.findFirst({ where: eq(events.id, eventId) }))!;
  const saved = await db().query.likes.findFirst({ where: eq(likes.eventId, eventId) });
  return { ...event, like: Boolean(saved), externalCalendarId: saved?.externalCalendarId ?? null };
}

function like(cookie: string, id: string, toggle: boolean) {
  return send("POST", `/api/events/${id}/like`, cookie, { toggle });
}

describe("POST /api/events/{id}/like with Google Calendar", () => {
  it("only toggles the flag when no calendar is connected", async () => {
    const { cookie, userId } = await signIn();
    const event = await addEvent(userId);
    const response = await like(cookie, event.id, true);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { event: { like: boolean } }).event.like).toBe(true);
    expect((await stored(event.id)).externalCalendarId).toBeNull();
    expect(fakeCalendarStore.entries(userId)).toEqual([]);
  });

  it("adds a timed event with its zone, and unliking removes it", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    const event = await addEvent(userId, { location: "Gym", description: "Bring a snack" });
    const response = await like(cookie, event.id, true);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { event: { like: boolean; externalCalendarId: string } };
    expect(body.event.like).toBe(true);
    const [entry] = fakeCalendarStore.entries(userId);
    expect(entry).toMatchObject({
      id: body.event.externalCalendarId,
      summary: "Winter concert",
      location: "Gym",
      start: { dateTime: "2026-12-04T23:00:00.000Z", timeZone: "America/Toronto" },
      end: { dateTime: "2026-12-05T00:30:00.000Z", timeZone: "America/Toronto" },
    });

    const unliked = await like(cookie, event.id, false);
    expect(unliked.status).toBe(200);
    expect(fakeCalendarStore.entries(userId)).toEqual([]);
    const after = await stored(event.id);
    expect([after.like, after.externalCalendarId]).toEqual([false, null]);
  });

  it("gives all-day events an exclusive end date, and ranges their whole span", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    const day = await addEvent(userId, { eventName: "PD day", start: "2026-12-04", end: null, dateTime: false });
    const camp = await addEvent(userId, CAMP);
    expect((await like(cookie, day.id, true)).status).toBe(200);
    expect((await like(cookie, camp.id, true)).status).toBe(200);
    const entries = fakeCalendarStore.entries(userId);
    expect(entries.find((e) => e.summary === "PD day")).toMatchObject({
      start: { date: "2026-12-04" },
      end: { date: "2026-12-05" },
    });
    expect(entries.find((e) => e.summary === "Winter camp")).toMatchObject({
      start: { date: "2026-12-21" },
      end: { date: "2026-12-24" },
    });
  });

  it("takes an expanded copy's id ({eventId}-{YYYY-MM-DD}) as its event's", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    const camp = await addEvent(userId, CAMP);
    expect((await like(cookie, `${camp.id}-2026-12-22`, true)).status).toBe(200);
    expect((await stored(camp.id)).like).toBe(true);
    expect(fakeCalendarStore.entries(userId)).toHaveLength(1);
  });

  it("refreshes an expired access token first and keeps the new one, encrypted", async () => {
    const { cookie, userId } = await signIn();
    const grant = await connectCalendar(userId, new Date(Date.now() - 60_000));
    const event = await addEvent(userId);
    expect((await like(cookie, event.id, true)).status).toBe(200);
    const tokens = (await db().query.googleTokens.findFirst({ where: eq(googleTokens.userId, userId) }))!;
    const now = await decrypt(tokens.accessToken, TOKEN_KEY);
    expect(now).not.toBe(grant.accessToken);
    expect(now).toMatch(/^fake-refreshed-/);
    expect(tokens.accessToken).not.toContain(now);
    expect(tokens.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("refreshes once when Google refuses a token that had not expired yet", async () => {
    const { cookie, userId } = await signIn();
    const grant = await connectCalendar(userId);
    fakeGoogle.expire(grant.accessToken);
    const event = await addEvent(userId);
    expect((await like(cookie, event.id, true)).status).toBe(200);
    expect(fakeCalendarStore.entries(userId)).toHaveLength(1);
  });

  it("clears the connection when the parent revoked access, and keeps the event unliked", async () => {
    const { cookie, userId } = await signIn();
    const grant = await connectCalendar(userId, new Date(Date.now() - 60_000));
    fakeGoogle.revoke(grant);
    const event = await addEvent(userId);
    const response = await like(cookie, event.id, true);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: NOT_ADDED, calendarProvider: null });
    expect((await stored(event.id)).like).toBe(false);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.calendarProvider).toBeNull();
    // Now without a connection, the like is the flag alone (the app offers to connect).
    expect((await like(cookie, event.id, true)).status).toBe(200);
  });

  it("answers the spec's error and loses nothing while Google is down", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    const event = await addEvent(userId);
    fakeGoogle.outage = true;
    const response = await like(cookie, event.id, true);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: NOT_ADDED });
    const after = await stored(event.id);
    expect([after.like, after.externalCalendarId]).toEqual([false, null]);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.calendarProvider).toBe("gcal");

    fakeGoogle.outage = false;
    expect((await like(cookie, event.id, true)).status).toBe(200);
    fakeGoogle.outage = true;
    const unlike = await like(cookie, event.id, false);
    expect(unlike.status).toBe(502);
    expect((await stored(event.id)).like).toBe(true);
  });

  it("works with local sign-in's Calendar connection (no tokens)", async () => {
    const { cookie, userId } = await signIn();
    expect((await call("/api/auth/google/gcal", { cookie })).status).toBe(302);
    const event = await addEvent(userId);
    expect((await like(cookie, event.id, true)).status).toBe(200);
    expect(fakeCalendarStore.entries(userId)).toHaveLength(1);
  });

  it("never reaches another parent's event", async () => {
    const owner = await signIn();
    const other = await signIn();
    await connectCalendar(other.userId);
    const event = await addEvent(owner.userId);
    expect((await like(other.cookie, event.id, true)).status).toBe(404);
    expect((await stored(event.id)).like).toBe(false);
    expect(fakeCalendarStore.entries(other.userId)).toEqual([]);
  });
});

describe("GET /api/calendar/{YYYY-MM-DD}", () => {
  it("lists the day in the parent's zone with Cubby's own entries and conflicts marked", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    // 6-7:30 pm in Toronto on Dec 4, liked into the calendar.
    const concert = await addEvent(userId);
    expect((await like(cookie, concert.id, true)).status).toBe(200);
    // 5:30-6:30 pm: overlaps the recital below. 9 am: clashes with nothing.
    await addEvent(userId, { eventName: "Recital", start: "2026-12-04T22:30:00.000Z", end: "2026-12-04T23:30:00.000Z" });
    fakeCalendarStore.add(userId, {
      summary: "Dentist",
      start: { dateTime: "2026-12-04T17:45:00-05:00" },
      end: { dateTime: "2026-12-04T18:15:00-05:00" },
    });
    fakeCalendarStore.add(userId, {
      summary: "Work",
      start: { dateTime: "2026-12-04T09:00:00-05:00" },
      end: { dateTime: "2026-12-04T10:00:00-05:00" },
    });
    fakeCalendarStore.add(userId, { summary: "Book fair", start: { date: "2026-12-03" }, end: { date: "2026-12-06" } });
    // The next day in Toronto, though Dec 5 UTC overlaps: not listed.
    fakeCalendarStore.add(userId, {
      summary: "Brunch",
      start: { dateTime: "2026-12-05T11:00:00-05:00" },
      end: { dateTime: "2026-12-05T12:00:00-05:00" },
    });

    const response = await call("/api/calendar/2026-12-04", { cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { events: Record<string, unknown>[]; count: number };
    expect(body.count).toBe(4);
    const bySummary = Object.fromEntries(body.events.map((e) => [e.summary, e]));
    expect(Object.keys(bySummary).toSorted()).toEqual(["Book fair", "Dentist", "Winter concert", "Work"]);
    expect(bySummary["Winter concert"]).toMatchObject({ added: true, eventId: concert.id, dateTime: true, removed: false });
    // The concert's own entry does not clash with the concert; the recital overlaps it.
    expect(bySummary["Winter concert"]!.conflict).toBe(true);
    expect(bySummary.Dentist).toMatchObject({ added: false, eventId: null, conflict: true });
    expect(bySummary.Work).toMatchObject({ conflict: false });
    expect(bySummary["Book fair"]).toMatchObject({ dateTime: false, range: true, conflict: false, start: "2026-12-03", end: "2026-12-06" });
  });

  it("marks clashes on every day of a weekly series, not only its first", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    await addEvent(userId, SWIMMING);
    fakeCalendarStore.add(userId, {
      summary: "Dentist",
      start: { dateTime: "2026-12-09T17:30:00-05:00" },
      end: { dateTime: "2026-12-09T18:30:00-05:00" },
    });
    const body = (await (await call("/api/calendar/2026-12-09", { cookie })).json()) as { events: Record<string, unknown>[] };
    expect(body.events).toEqual([expect.objectContaining({ summary: "Dentist", conflict: true })]);
  });

  it("knows each day's occurrence of a saved weekly series as Cubby's own, not a clash with itself", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    const swimming = await addEvent(userId, SWIMMING);
    expect((await like(cookie, swimming.id, true)).status).toBe(200);
    const seriesId = (await stored(swimming.id)).externalCalendarId!;

    for (const day of ["2026-12-07", "2026-12-16"]) {
      const body = (await (await call(`/api/calendar/${day}`, { cookie })).json()) as { events: Record<string, unknown>[] };
      expect(body.events).toHaveLength(1);
      expect(body.events[0]).toMatchObject({ summary: "Swimming", added: true, eventId: swimming.id, conflict: false });
      expect(body.events[0]!.id).toMatch(new RegExp(`^${seriesId}_${day.replaceAll("-", "")}T`));
    }
    // Tuesdays are not swimming days.
    const tuesday = (await (await call("/api/calendar/2026-12-08", { cookie })).json()) as { count: number };
    expect(tuesday.count).toBe(0);
  });

  it("saves a calendar file's series as its exact occurrences, each known as Cubby's own, the cancelled one not saved", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    // Board meetings on the first Tuesday, 6-7 pm Toronto; December's is cancelled.
    const board = await addEvent(userId, {
      eventName: "Board meeting",
      start: "2026-11-03T23:00:00.000Z",
      end: "2026-11-04T00:00:00.000Z",
      range: true,
      startRange: "2026-11-03",
      endRange: "2027-01-05",
      recurrence: { frequency: "monthly", byDay: ["TU"], rule: "FREQ=MONTHLY;BYDAY=1TU" },
      occurrences: [
        { start: "2026-11-03T23:00:00.000Z", end: "2026-11-04T00:00:00.000Z" },
        { start: "2026-12-01T23:00:00.000Z", end: "2026-12-02T00:00:00.000Z", cancelled: true },
        { start: "2027-01-05T23:00:00.000Z", end: "2027-01-06T00:00:00.000Z" },
      ],
    });
    expect((await like(cookie, board.id, true)).status).toBe(200);
    const days = async (day: string) => ((await (await call(`/api/calendar/${day}`, { cookie })).json()) as { events: Record<string, unknown>[] }).events;
    for (const day of ["2026-11-03", "2027-01-05"]) {
      expect(await days(day)).toEqual([expect.objectContaining({ summary: "Board meeting", added: true, eventId: board.id, conflict: false })]);
    }
    expect(await days("2026-12-01")).toEqual([]);
    // The first Tuesday of February is past the series' last stored occurrence.
    expect(await days("2027-02-02")).toEqual([]);
  });

  it("clears the connection when access was revoked", async () => {
    const { cookie, userId } = await signIn();
    const grant = await connectCalendar(userId, new Date(Date.now() - 60_000));
    fakeGoogle.revoke(grant);
    const response = await call("/api/calendar/2026-12-04", { cookie });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { calendarProvider: null }).calendarProvider).toBeNull();
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.calendarProvider).toBeNull();
  });

  it("answers an error (the app shows 'No events found') while Google is down", async () => {
    const { cookie, userId } = await signIn();
    await connectCalendar(userId);
    fakeGoogle.outage = true;
    const response = await call("/api/calendar/2026-12-04", { cookie });
    expect(response.status).toBe(502);
    expect(await response.json()).toHaveProperty("error");
  });

  it("shows each parent only their own calendar", async () => {
    const owner = await signIn();
    const other = await signIn();
    await connectCalendar(owner.userId);
    await connectCalendar(other.userId);
    fakeCalendarStore.add(owner.userId, { summary: "Mine", start: { date: "2026-12-04" }, end: { date: "2026-12-05" } });
    const body = (await (await call("/api/calendar/2026-12-04", { cookie: other.cookie })).json()) as { count: number };
    expect(body.count).toBe(0);
  });

  it("needs a connected calendar, a real day and a session", async () => {
    const { cookie } = await signIn();
    expect((await call("/api/calendar/2026-12-04", { cookie })).status).toBe(409);
    expect((await call("/api/calendar/2026-13-45", { cookie })).status).toBe(400);
    expect((await call("/api/calendar/tomorrow", { cookie })).status).toBe(400);
    expect((await call("/api/calendar/2026-12-04")).status).toBe(401);
  });
});
