/** The real Google Calendar and token clients against scripted Google answers (documented shapes). */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { events, likes, users } from "~/.server/db/schema";
import { likeEvent } from "~/.server/integrations/calendar/save";
import { googleCalendar } from "~/.server/integrations/calendar/google-calendar";
import { googleClient } from "~/.server/auth/google";
import { googleTokenEndpoint, isInvalidGrant } from "~/.server/integrations/google/token-endpoint";
import { ServiceRefused, ServiceUnavailable } from "~/.server/integrations/http";
import { grantGoogle } from "./google-grant";
import { db, signIn } from "./helpers";
import { realEnv, stubFetch } from "./outbound";

const EVENTS = "https://www.googleapis.com/calendar/v3/calendars/primary/events";
const json = (body: unknown, status = 200) => Response.json(body, { status });

describe("googleCalendar (Calendar API v3)", () => {
  it("inserts into the primary calendar with the bearer token", async () => {
    const seen = stubFetch(() => json({ id: "abc123", status: "confirmed", summary: "Concert" }));
    const created = await googleCalendar.insertEvent("token-1", {
      summary: "Concert",
      start: { date: "2026-12-04" },
      end: { date: "2026-12-05" },
    });
    expect(created.id).toBe("abc123");
    expect(seen[0]).toMatchObject({ url: EVENTS, method: "POST" });
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer token-1");
    expect(JSON.parse(seen[0]!.body)).toEqual({ summary: "Concert", start: { date: "2026-12-04" }, end: { date: "2026-12-05" } });
  });

  it("treats an entry already deleted (410, 404) as removed, and reports other failures", async () => {
    stubFetch(() => json({ error: { code: 410, message: "Resource has been deleted" } }, 410));
    await expect(googleCalendar.deleteEvent("t", "abc")).resolves.toBeUndefined();
    stubFetch(() => json({ error: { code: 401, status: "UNAUTHENTICATED" } }, 401));
    await expect(googleCalendar.deleteEvent("t", "abc")).rejects.toBeInstanceOf(ServiceRefused);
    stubFetch(() => json({ error: { code: 503 } }, 503));
    await expect(googleCalendar.deleteEvent("t", "abc")).rejects.toBeInstanceOf(ServiceUnavailable);
    stubFetch(() => Promise.reject(new TypeError("network down")));
    await expect(googleCalendar.deleteEvent("t", "abc")).rejects.toBeInstanceOf(ServiceUnavailable);
  });

  it("lists one day as single events, following pages", async () => {
    const seen = stubFetch((request) =>
      new URL(request.url).searchParams.has("pageToken")
        ? json({ items: [{ id: "b", start: {}, end: {} }] })
        : json({ items: [{ id: "a", start: {}, end: {} }], nextPageToken: "next" }),
    );
    const window = {
      timeMin: new Date("2026-12-04T05:00:00Z"),
      timeMax: new Date("2026-12-05T05:00:00Z"),
      timeZone: "America/Toronto",
    };
    const items = await googleCalendar.listDay("t", window);
    expect(items.map((i) => i.id)).toEqual(["a", "b"]);
    const query = new URL(seen[0]!.url).searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      timeMin: "2026-12-04T05:00:00.000Z",
      timeMax: "2026-12-05T05:00:00.000Z",
      timeZone: "America/Toronto",
      singleEvents: "true",
      orderBy: "startTime",
    });
    expect(new URL(seen[1]!.url).searchParams.get("pageToken")).toBe("next");
  });
});

describe("Google's token endpoint (arctic's refresh)", () => {
  const endpoint = () => googleTokenEndpoint(googleClient("id", "secret", "https://cubby.example.com"));

  it("refreshes with the client credentials (HTTP Basic, which Google accepts), form-encoded", async () => {
    const seen = stubFetch(() => json({ access_token: "new", expires_in: 3599, token_type: "Bearer" }));
    expect(await endpoint().refresh("refresh-1")).toEqual({ accessToken: "new", expiresInSeconds: 3599 });
    expect(seen[0]).toMatchObject({ url: "https://oauth2.googleapis.com/token", method: "POST" });
    expect(seen[0]!.headers.get("Content-Type")).toBe("application/x-www-form-urlencoded");
    expect(seen[0]!.headers.get("Authorization")).toBe(`Basic ${btoa("id:secret")}`);
    expect(Object.fromEntries(new URLSearchParams(seen[0]!.body))).toEqual({
      refresh_token: "refresh-1",
      grant_type: "refresh_token",
    });
  });

  it("recognises a revoked grant", async () => {
    stubFetch(() => json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400));
    const failure = await endpoint().refresh("gone").catch((error: unknown) => error);
    expect(isInvalidGrant(failure)).toBe(true);
  });

  it("tells Cubby's own misconfiguration apart from a revoked grant", async () => {
    stubFetch(() => json({ error: "invalid_client", error_description: "The OAuth client was not found." }, 401));
    const failure = await endpoint().refresh("refresh-1").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceRefused);
    expect(isInvalidGrant(failure)).toBe(false);
  });

  it("reports an outage or an unreachable Google as unavailable", async () => {
    stubFetch(() => new Response("busy", { status: 503 }));
    await expect(endpoint().refresh("refresh-1")).rejects.toBeInstanceOf(ServiceUnavailable);
    stubFetch(() => Promise.reject(new TypeError("network down")));
    await expect(endpoint().refresh("refresh-1")).rejects.toBeInstanceOf(ServiceUnavailable);
  });
});

describe("liking with the real services", () => {
  it("refreshes an expired token at Google, then inserts the event", async () => {
    const { userId } = await signIn();
    await grantGoogle(userId, "gcal", new Date(Date.now() - 60_000));
    const [event] = await db()
      .insert(events)
      .values({ userId, eventName: "Concert", start: "2026-12-04", dateTime: false, fingerprint: crypto.randomUUID() })
      .returning();
    const seen = stubFetch((request) =>
      request.url.startsWith("https://oauth2.googleapis.com/")
        ? json({ access_token: "fresh-token", expires_in: 3599, token_type: "Bearer" })
        : json({ id: "gcal-entry-1", status: "confirmed" }),
    );
    const outcome = await likeEvent(db(), realEnv(env), { key: userId, userId }, event!.id, true);
    expect(outcome.ok).toBe(true);
    expect(seen.map((r) => r.url)).toEqual(["https://oauth2.googleapis.com/token", EVENTS]);
    expect(seen[1]!.headers.get("Authorization")).toBe("Bearer fresh-token");
    const stored = await db().query.likes.findFirst({ where: eq(likes.eventId, event!.id) });
    expect(stored).toMatchObject({ userId, externalCalendarId: "gcal-entry-1" });
  });

  it("clears the connection when Google says the grant is gone", async () => {
    const { userId } = await signIn();
    await grantGoogle(userId, "gcal", new Date(Date.now() - 60_000));
    const [event] = await db()
      .insert(events)
      .values({ userId, eventName: "Concert", start: "2026-12-04", dateTime: false, fingerprint: crypto.randomUUID() })
      .returning();
    stubFetch(() => json({ error: "invalid_grant" }, 400));
    const outcome = await likeEvent(db(), realEnv(env), { key: userId, userId }, event!.id, true);
    expect(outcome).toMatchObject({ ok: false, status: 409, calendarProvider: null });
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.calendarProvider).toBeNull();
  });
});
