/**
 * A parent's own school and club calendar links (issue 15): checked and read
 * through safeFetch before anything is saved, events with their recurrence in
 * the feed, listed, refreshed by the daily cron, removed with their events;
 * and "My school isn't listed" with its optional link.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { calendarLinks, events, schools, urlSources } from "~/.server/db/schema";
import type { HostResolver } from "~/.server/ingest/safe-fetch";
import { feedFetcherOverride, refreshSchoolCalendars, safeFeedFetcher, SCHOOL_CALENDAR_REFRESH_MS } from "~/.server/school-calendars";
import { call, db, send, signIn } from "./helpers";

/** The public web as these tests see it: names resolve from a table, feeds from a map. */
const dns: Record<string, string[]> = {
  "club.example.org": ["93.184.216.34"],
  "calendar.google.com": ["142.250.80.46"],
  "intranet.example.org": ["10.0.0.7"],
};
const resolver: HostResolver = {
  async resolve(hostname) {
    if (!(hostname in dns)) throw new Error("NXDOMAIN");
    return dns[hostname]!;
  },
};

function calendar(name: string, ...vevents: string[][]): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", `X-WR-CALNAME:${name}`, ...vevents.flat(), "END:VCALENDAR"].join("\r\n");
}
const PRACTICE = [
  "BEGIN:VEVENT",
  "UID:practice@club.example.org",
  "DTSTART;TZID=America/Toronto:20260901T173000",
  "DTEND;TZID=America/Toronto:20260901T183000",
  "RRULE:FREQ=WEEKLY;BYDAY=TU,TH",
  "SUMMARY:U10 Soccer Practice",
  "END:VEVENT",
];
const TOURNAMENT = [
  "BEGIN:VEVENT",
  "UID:tournament@club.example.org",
  "DTSTART;VALUE=DATE:20261212",
  "DTEND;VALUE=DATE:20261213",
  "SUMMARY:Winter Indoor Tournament",
  "END:VEVENT",
];

let feeds: Record<string, () => Response>;
beforeEach(() => {
  feeds = {
    "https://club.example.org/team.ics": () =>
      new Response(calendar("Riverside Soccer Club", PRACTICE, TOURNAMENT), { headers: { "Content-Type": "text/calendar; charset=utf-8" } }),
    // An older platform's export: a download type, but an iCalendar body.
    "https://club.example.org/export.ashx?id=7": () =>
      new Response(calendar("Club Export", TOURNAMENT), { headers: { "Content-Type": "application/octet-stream" } }),
    "https://calendar.google.com/calendar/ical/club%40group.calendar.google.com/public/basic.ics": () =>
      new Response(calendar("Club on Google", TOURNAMENT), { headers: { "Content-Type": "text/calendar" } }),
    "https://club.example.org/page": () => new Response("<html><body>Schedule</body></html>", { headers: { "Content-Type": "text/html" } }),
    "https://club.example.org/moved.ics": () =>
      new Response(null, { status: 302, headers: { Location: "http://192.168.1.10/feed.ics" } }),
  };
  feedFetcherOverride.current = safeFeedFetcher(resolver);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : String(input);
    const feed = feeds[url];
    if (!feed) throw new Error(`The test web has no ${url}`);
    return feed();
  });
});
afterEach(() => {
  feedFetcherOverride.current = null;
});

const parent = signIn;

const addLink = (cookie: string, body: unknown) => send("POST", "/api/calendars", cookie, body);

async function feedEvents(cookie: string) {
  const body = (await (await call("/api/events", { cookie })).json()) as {
    events: { eventName: string; recurrence: { frequency: string; byDay: string[] } | null; occurrences: unknown[] | null; mentions: { sourceURL: string | null }[] }[];
  };
  return body.events;
}

describe("POST /api/calendars", () => {
  it("reads a webcal:// link as https, and its events appear with their recurrence", async () => {
    const { cookie } = await parent();
    const response = await addLink(cookie, { url: "webcal://club.example.org/team.ics" });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { calendar: { _id: string; url: string; name: string; eventsCount: number }; totalEventsCreated: number };
    expect(body.calendar).toMatchObject({ url: "https://club.example.org/team.ics", name: "Riverside Soccer Club", eventsCount: 2 });
    expect(body.totalEventsCreated).toBe(2);
    expect(fetch).toHaveBeenCalledWith("https://club.example.org/team.ics", expect.anything());

    const found = await feedEvents(cookie);
    const practice = found.find((event) => event.eventName === "U10 Soccer Practice");
    expect(practice?.recurrence).toMatchObject({ frequency: "weekly", byDay: ["TU", "TH"] });
    expect(practice?.occurrences?.length).toBeGreaterThan(10);
    expect(found.map((event) => event.eventName)).toContain("Winter Indoor Tournament");
  });

  it("reads Google Calendar's embed link as its public feed, and an .ics served as a download", async () => {
    const { cookie } = await parent();
    const google = await addLink(cookie, { url: "https://calendar.google.com/calendar/embed?src=club%40group.calendar.google.com&ctz=America%2FToronto" });
    expect(google.status).toBe(201);
    expect(((await google.json()) as { calendar: { url: string } }).calendar.url).toBe(
      "https://calendar.google.com/calendar/ical/club%40group.calendar.google.com/public/basic.ics",
    );
    expect((await addLink(cookie, { url: "https://club.example.org/export.ashx?id=7", name: "Club export" })).status).toBe(201);
    const list = (await (await call("/api/calendars", { cookie })).json()) as { calendars: { name: string }[] };
    expect(list.calendars.map((link) => link.name)).toEqual(["Club on Google", "Club export"]);
  });

  it.each([
    ["a private address", "https://10.0.0.7/feed.ics", "That address is not on the public internet."],
    ["a name that points inside", "https://intranet.example.org/feed.ics", "That address is not on the public internet."],
    ["a redirect inside", "https://club.example.org/moved.ics", "That address is not on the public internet."],
    ["localhost", "webcal://localhost/feed.ics", "That address is not on the public internet."],
    ["a web page", "https://club.example.org/page", "That link is not a calendar. Look for an iCal, ICS or webcal link."],
    ["no domain", "calendar", "URL is missing a domain name (e.g., .com, .org, .me)"],
  ])("refuses %s and saves nothing", async (_label, url, message) => {
    const { cookie, userId } = await parent();
    const response = await addLink(cookie, { url });
    expect([400, 422]).toContain(response.status);
    expect(await response.json()).toEqual({ error: message });
    expect(await db().select().from(calendarLinks).where(eq(calendarLinks.userId, userId))).toEqual([]);
    expect(await db().select().from(urlSources).where(eq(urlSources.userId, userId))).toEqual([]);
    // A refused address is never asked for.
    expect(fetch).not.toHaveBeenCalledWith(expect.stringMatching(/10\.0\.0\.7|192\.168|localhost/), expect.anything());
  });

  it("says when the link is already there", async () => {
    const { cookie } = await parent();
    await addLink(cookie, { url: "https://club.example.org/team.ics" });
    const again = await addLink(cookie, { url: "webcal://club.example.org/team.ics" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: "You already added this calendar." });
  });

  it("needs a session", async () => {
    expect((await call("/api/calendars")).status).toBe(401);
  });

  it("refuses another site's form posting a link for the parent", async () => {
    const { cookie, userId } = await parent();
    const response = await call("/api/calendars", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
      body: JSON.stringify({ url: "https://club.example.org/team.ics" }),
    });
    expect(response.status).toBe(403);
    expect(await db().select().from(calendarLinks).where(eq(calendarLinks.userId, userId))).toEqual([]);
  });
});

describe("GET /api/checkcalendars with the parent's own links", () => {
  it("reads them with the school calendars, and keeps another parent out", async () => {
    const owner = await parent();
    await addLink(owner.cookie, { url: "https://club.example.org/team.ics" });
    await db().delete(events).where(eq(events.userId, owner.userId));
    const check = (await (await call("/api/checkcalendars", { cookie: owner.cookie })).json()) as { totalEventsCreated: number };
    expect(check).toEqual({ success: true, totalEventsCreated: 2 });

    const other = await parent();
    expect(await (await call("/api/calendars", { cookie: other.cookie })).json()).toEqual({ calendars: [] });
    expect(await feedEvents(other.cookie)).toEqual([]);
  });
});

describe("DELETE /api/calendars/:id", () => {
  it("removes the link and its events, keeping an event another source also mentions", async () => {
    const { cookie, userId } = await parent();
    const added = (await (await addLink(cookie, { url: "https://club.example.org/team.ics" })).json()) as { calendar: { _id: string } };
    await addLink(cookie, { url: "https://club.example.org/export.ashx?id=7" }); // also holds the tournament
    const response = await send("DELETE", `/api/calendars/${added.calendar._id}`, cookie);
    expect(response.status).toBe(200);
    const kept = await feedEvents(cookie);
    expect(kept.map((event) => event.eventName)).toEqual(["Winter Indoor Tournament"]);
    // It says where it still comes from, and no longer the link that went.
    expect(kept[0]!.mentions.map((m) => m.sourceURL)).toEqual(["https://club.example.org/export.ashx?id=7"]);
    const left = await db().select().from(urlSources).where(eq(urlSources.userId, userId));
    expect(left.map((source) => source.url)).toEqual(["https://club.example.org/export.ashx?id=7"]);
  });

  it("answers 404 for another parent's link and leaves it", async () => {
    const owner = await parent();
    const added = (await (await addLink(owner.cookie, { url: "https://club.example.org/team.ics" })).json()) as { calendar: { _id: string } };
    const other = await parent();
    expect((await send("DELETE", `/api/calendars/${added.calendar._id}`, other.cookie)).status).toBe(404);
    expect((await feedEvents(owner.cookie)).length).toBe(2);
  });
});

describe("the daily refresh of calendar links", () => {
  it("reads a day-old link again, bringing in what the club added", async () => {
    const { cookie, userId } = await parent();
    await addLink(cookie, { url: "https://club.example.org/export.ashx?id=7" });
    const dayAgo = new Date(Date.now() - SCHOOL_CALENDAR_REFRESH_MS - 60_000);
    await db().update(urlSources).set({ parsedAt: dayAgo }).where(eq(urlSources.userId, userId));
    feeds["https://club.example.org/export.ashx?id=7"] = () =>
      new Response(calendar("Club Export", TOURNAMENT, PRACTICE), { headers: { "Content-Type": "text/calendar" } });
    // Other parents' due calendars may take the run's places: run until this one is read.
    for (let run = 0; run < 20; run++) {
      await refreshSchoolCalendars(db(), env, new Date());
      const [source] = await db().select().from(urlSources).where(eq(urlSources.userId, userId));
      if (source!.parsedAt.getTime() > dayAgo.getTime()) break;
    }
    expect((await feedEvents(cookie)).map((event) => event.eventName).toSorted()).toEqual(["U10 Soccer Practice", "Winter Indoor Tournament"]);
  });
});

describe("POST /api/schools (My school isn't listed)", () => {
  it("adds the parent's own school, which only they find and pick", async () => {
    const owner = await parent();
    const response = await send("POST", "/api/schools", owner.cookie, { name: "Little Acorns Montessori" });
    expect(response.status).toBe(201);
    const { school } = (await response.json()) as { school: { _id: string; name: string } };
    expect(school.name).toBe("Little Acorns Montessori");
    const mine = (await (await send("POST", "/api/schools/search", owner.cookie, { q: "acorns" })).json()) as { results: { _id: string }[] };
    expect(mine.results.map((result) => result._id)).toEqual([school._id]);

    const other = await parent();
    const theirs = (await (await send("POST", "/api/schools/search", other.cookie, { q: "acorns" })).json()) as { results: unknown[] };
    expect(theirs.results).toEqual([]);
    const created = (await (await send("POST", "/api/child", other.cookie, { firstName: "Ada", grade: "grade 1", avatarId: "kitten" })).json()) as { child: { _id: string } };
    expect((await send("PUT", `/api/child/${created.child._id}`, other.cookie, { schoolId: school._id })).status).toBe(400);
  });

  it("reads its calendar link, and the school's events go to the child there", async () => {
    const { cookie, userId } = await parent();
    const added = await send("POST", "/api/schools", cookie, { name: "Riverside Soccer Club", calendarUrl: "webcal://club.example.org/team.ics" });
    expect(added.status).toBe(201);
    const { school, totalEventsCreated } = (await added.json()) as { school: { _id: string }; totalEventsCreated: number };
    expect(totalEventsCreated).toBe(2);
    const [link] = await db().select().from(calendarLinks).where(eq(calendarLinks.userId, userId));
    expect(link).toMatchObject({ url: "https://club.example.org/team.ics", name: "Riverside Soccer Club" });
    const [row] = await db().select().from(schools).where(and(eq(schools.id, school._id), eq(schools.ownerId, userId)));
    expect(row).toBeDefined();
  });

  it("refuses a link that is not a calendar and adds no school", async () => {
    const { cookie, userId } = await parent();
    const response = await send("POST", "/api/schools", cookie, { name: "Oak School", calendarUrl: "https://club.example.org/page" });
    expect(response.status).toBe(422);
    expect(await db().select().from(schools).where(eq(schools.ownerId, userId))).toEqual([]);
  });

  it.each([
    [{ name: " " }, "Please enter a school name"],
    [{ name: "A" }, "School name is too short"],
  ])("refuses %j with spec §5's words", async (body, message) => {
    const { cookie } = await parent();
    const response = await send("POST", "/api/schools", cookie, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
  });
});
