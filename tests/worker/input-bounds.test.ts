/**
 * Every input has a bound: lengths on strings, counts on lists, and a size on
 * request bodies (64 KB under /api). An input past its bound gets a clear
 * error and loses nothing saved.
 */
import { describe, expect, it } from "vitest";
import { call, send, signIn } from "./helpers";

async function profileOf(cookie: string) {
  return ((await (await call("/api/user/profile", { cookie })).json()) as {
    user: { timezone: string | null; preferences: Record<string, unknown> };
  }).user;
}

/** A same-origin request with a body as given, not JSON-encoded by the helper. */
function raw(path: string, cookie: string, body: string, headers: Record<string, string> = {}) {
  return call(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:5173", ...headers },
    body,
  });
}

describe("lengths", () => {
  it("refuses a calendar invitee longer than an e-mail address can be, and keeps the preferences", async () => {
    const { cookie } = await signIn();
    await send("POST", "/api/user/preferences", cookie, { preferences: { calendarInvitee: "dana@example.com" } });
    const long = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.example`;
    const response = await send("POST", "/api/user/preferences", cookie, { preferences: { calendarInvitee: long } });
    expect(response.status).toBe(400);
    expect((await profileOf(cookie)).preferences).toEqual({ calendarInvitee: "dana@example.com" });
  });

  it("refuses a time zone far longer than any IANA name", async () => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/timezone", cookie, { timezone: `America/${"A".repeat(10_000)}` });
    expect(response.status).toBe(400);
    expect((await profileOf(cookie)).timezone).toBeNull();
  });

  it("refuses a school search location that is not a short 'lat,lng'", async () => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/schools/search", cookie, { q: "Maple", location: `43.${"1".repeat(5000)},-79.4` });
    expect(response.status).toBe(400);
    expect((await send("POST", "/api/schools/search", cookie, { q: "Maple", location: "43.65,-79.38" })).status).toBe(200);
  });

  it("refuses an event's child id longer than an id can be", async () => {
    const { cookie } = await signIn();
    const response = await send("PUT", "/api/events/some-event/children", cookie, { taggedPeople: ["x".repeat(500)] });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Send {taggedPeople: [childId, ...]}." });
  });
});

describe("request bodies under /api", () => {
  it("answers 413 to a body over 64 KB, declared or streamed, and saves nothing", async () => {
    const { cookie } = await signIn();
    const big = JSON.stringify({ address: "school.example.org", padding: "x".repeat(70 * 1024) });
    const declared = await raw("/api/watchlist", cookie, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: "That request is too large." });

    // Without a Content-Length the body is counted as it is read.
    const chunks = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < chunks.length; i += 8192) controller.enqueue(chunks.slice(i, i + 8192));
        controller.close();
      },
    });
    const streamed = await call("/api/watchlist", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/json", Origin: "http://localhost:5173" },
      body: stream,
      // @ts-expect-error workerd's RequestInit takes a duplex for streamed bodies
      duplex: "half",
    });
    expect(streamed.status).toBe(413);
    expect((await (await call("/api/watchlist", { cookie })).json()) as unknown).toEqual({ watchlist: [] });
  });

  it("takes a body just under the limit", async () => {
    const { cookie } = await signIn();
    const body = JSON.stringify({ address: "school.example.org", padding: "x".repeat(60 * 1024) });
    expect((await raw("/api/watchlist", cookie, body)).status).toBe(201);
  });
});
