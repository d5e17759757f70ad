/**
 * The calendar feed out: GET /api/ics-link and its reset, and the feed at
 * /calendar/<token>.ics that calendar apps subscribe to.
 */
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { events, users } from "~/.server/db/schema";
import { call, db, send, signIn } from "./helpers";

const ORIGIN = "http://localhost:5173";

async function linkOf(cookie: string): Promise<string> {
  const response = await call("/api/ics-link", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

async function resetLink(cookie: string): Promise<string> {
  const response = await send("POST", "/api/ics-link/reset", cookie);
  expect(response.status).toBe(200);
  return ((await response.json()) as { url: string }).url;
}

/** The feed's path: the link is built on APP_URL, the tests call the Worker directly. */
function feedPath(url: string): string {
  return new URL(url).pathname;
}

async function feedOf(url: string, headers: HeadersInit = {}) {
  const response = await call(feedPath(url), { headers });
  return { response, text: response.status === 200 ? await response.text() : "" };
}

/** The feed's VEVENTs by UID. */
async function veventsOf(url: string): Promise<Map<string, ICAL.Component>> {
  const { response, text } = await feedOf(url);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return new Map(calendar.getAllSubcomponents("vevent").map((v) => [String(v.getFirstPropertyValue("uid")), v]));
}

async function addEvent(userId: string, over: Partial<typeof events.$inferInsert> = {}): Promise<string> {
  const [row] = await db()
    .insert(events)
    .values({
      userId,
      eventName: "Soccer practice",
      start: "2026-12-05T15:00:00.000Z",
      end: "2026-12-05T16:30:00.000Z",
      dateTime: true,
      fingerprint: crypto.randomUUID(),
      ...over,
    })
    .returning({ id: events.id });
  return row!.id;
}

async function addChild(cookie: string, firstName: string): Promise<string> {
  const response = await send("POST", "/api/child", cookie, { firstName, grade: "grade 3", avatarId: "dolphin" });
  expect(response.status).toBe(201);
  return ((await response.json()) as { child: { _id: string } }).child._id;
}

describe("GET /api/ics-link and POST /api/ics-link/reset", () => {
  it("makes the link on the first call and answers the same one after", async () => {
    const { cookie } = await signIn();
    const url = await linkOf(cookie);
    expect(url).toMatch(/^http:\/\/localhost:5173\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await linkOf(cookie)).toBe(url);
  });

  it("gives each parent their own link", async () => {
    const first = await signIn();
    const second = await signIn();
    expect(await linkOf(first.cookie)).not.toBe(await linkOf(second.cookie));
  });

  it("replaces the link on reset: the old one answers 404 at once, the new one the feed", async () => {
    const { cookie } = await signIn();
    const old = await linkOf(cookie);
    expect((await feedOf(old)).response.status).toBe(200);
    const fresh = await resetLink(cookie);
    expect(fresh).not.toBe(old);
    expect(await linkOf(cookie)).toBe(fresh);
    expect((await feedOf(old)).response.status).toBe(404);
    expect((await feedOf(fresh)).response.status).toBe(200);
  });

  it("needs a signed-in parent, and reset a same-origin request", async () => {
    expect((await call("/api/ics-link")).status).toBe(401);
    expect((await call("/api/ics-link/reset", { method: "POST", headers: { Origin: ORIGIN } })).status).toBe(401);
    const { cookie } = await signIn();
    const old = await linkOf(cookie);
    const forged = await call("/api/ics-link/reset", { method: "POST", cookie, headers: { Origin: "https://evil.example" } });
    expect(forged.status).toBe(403);
    expect(await linkOf(cookie)).toBe(old);
  });

  it("leaves no working link after Delete Account", async () => {
    const { cookie } = await signIn();
    const url = await linkOf(cookie);
    expect((await send("DELETE", "/api/user/delete", cookie)).status).toBe(200);
    expect((await feedOf(url)).response.status).toBe(404);
  });
});

describe("GET /calendar/<token>.ics", () => {
  it("answers an iCalendar named Cubby that refreshes hourly", async () => {
    const { cookie } = await signIn();
    const url = await linkOf(cookie);
    const { response, text } = await feedOf(url);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain("\r\nX-WR-CALNAME:Cubby\r\n");
    expect(text).toContain("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT1H\r\n");
    expect(text).toContain("\r\nX-PUBLISHED-TTL:PT1H\r\n");
    const head = await call(feedPath(url), { method: "HEAD" });
    expect([head.status, head.headers.get("ETag"), await head.text()]).toEqual([200, response.headers.get("ETag"), ""]);
  });

  it("answers 404 for a token nobody holds, and for anything else under /calendar/", async () => {
    expect((await call(`/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
    expect((await call("/calendar/")).status).toBe(404);
    expect((await call("/calendar/x.txt")).status).toBe(404);
  });

  it("holds the parent's visible events, with their children's names, and never another parent's", async () => {
    const parent = await signIn();
    const other = await signIn();
    const maya = await addChild(parent.cookie, "Maya");
    const leo = await addChild(parent.cookie, "Leo");
    // Chosen by hand: the retagging each new child starts in the background leaves them alone.
    const practice = await addEvent(parent.userId, { taggedPeople: [leo, maya], taggedPeopleFixed: true, location: "Field 3" });
    const hidden = await addEvent(parent.userId, { eventName: "Bake sale" });
    expect((await send("POST", `/api/events/${hidden}/dislike`, parent.cookie, { toggle: true })).status).toBe(200);
    const theirs = await addEvent(other.userId, { eventName: "Piano recital" });

    const mine = await veventsOf(await linkOf(parent.cookie));
    expect([...mine.keys()]).toEqual([`${practice}@cubby`]);
    expect(mine.get(`${practice}@cubby`)!.getFirstPropertyValue("summary")).toBe("Soccer practice (Maya, Leo)");
    expect(mine.get(`${practice}@cubby`)!.getFirstPropertyValue("location")).toBe("Field 3");
    expect([...(await veventsOf(await linkOf(other.cookie))).keys()]).toEqual([`${theirs}@cubby`]);
  });

  it("marks a cancelled event STATUS:CANCELLED", async () => {
    const { cookie, userId } = await signIn();
    const game = await addEvent(userId, { eventName: "Hockey game", tags: ["sports", "cancel"] });
    const feed = await veventsOf(await linkOf(cookie));
    expect(feed.get(`${game}@cubby`)!.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("raises an event's SEQUENCE with each like, hide and change of children", async () => {
    const { cookie, userId } = await signIn();
    const url = await linkOf(cookie);
    const id = await addEvent(userId);
    const sequence = async () => (await veventsOf(url)).get(`${id}@cubby`)?.getFirstPropertyValue("sequence");
    expect(await sequence()).toBe(0);
    await send("POST", `/api/events/${id}/like`, cookie, { toggle: true });
    expect(await sequence()).toBe(1);
    await send("POST", `/api/events/${id}/dislike`, cookie, { toggle: true });
    expect(await sequence()).toBeUndefined();
    await send("POST", `/api/events/${id}/dislike`, cookie, { toggle: false });
    expect(await sequence()).toBe(3);
    await send("PUT", `/api/events/${id}/children`, cookie, { taggedPeople: [await addChild(cookie, "Maya")] });
    expect(await sequence()).toBe(4);
  });

  it("answers 304 to the same ETag or a later If-Modified-Since, and the new feed after a change", async () => {
    const { cookie, userId } = await signIn();
    const url = await linkOf(cookie);
    const id = await addEvent(userId);
    const { response } = await feedOf(url);
    const etag = response.headers.get("ETag")!;
    const lastModified = response.headers.get("Last-Modified")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const again = await call(feedPath(url), { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("ETag")).toBe(etag);
    expect(await again.text()).toBe("");
    expect((await call(feedPath(url), { headers: { "If-Modified-Since": lastModified } })).status).toBe(304);

    await send("POST", `/api/events/${id}/like`, cookie, { toggle: true });
    const changed = await call(feedPath(url), { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("ETag")).not.toBe(etag);
    await changed.text();
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await call(feedPath(url), { headers: { "If-Modified-Since": earlier } })).status).toBe(200);
  });

  it.each([
    ["Basic", null],
    ["Premium", "active"],
  ])("is there for a %s parent", async (_plan, subscriptionStatus) => {
    const { cookie, userId } = await signIn();
    await db().update(users).set({ subscriptionStatus }).where(eq(users.id, userId));
    const id = await addEvent(userId);
    expect((await veventsOf(await linkOf(cookie))).has(`${id}@cubby`)).toBe(true);
  });
});
