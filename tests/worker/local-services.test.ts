/**
 * The local fakes' doors (ADR 011): the local push service a browser
 * subscribes with in development, the mail outbox page, and the fake
 * calendar's sample week for local sign-in. They open only on localhost.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { addDays } from "~/lib/calendar-day";
import { localDate, zonedInstant } from "~/lib/time-zone";
import { events, users } from "~/.server/db/schema";
import { localServicesOpen } from "~/.server/integrations/mode";
import { LOCAL_PUSH_ORIGIN } from "~/.server/integrations/push/push-services";
import { sendReminders } from "~/.server/integrations/push/reminders";
import { realEnv } from "./outbound";
import { call, db, send, signIn } from "./helpers";

const DEVICE = { userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 7) Chrome/130", platform: "Android" };
const ZONE = "America/Chicago";

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A parent whose phone subscribed with the local push service, as the app does in development. */
async function parentWithLocalDevice(status: string | null = "active") {
  const parent = await signIn();
  await db().update(users).set({ timezone: ZONE, subscriptionStatus: status }).where(eq(users.id, parent.userId));
  const token = (await (await send("POST", "/api/push/token", parent.cookie, DEVICE)).json()) as { pushService: string };
  expect(token.pushService).toBe("local");
  const subscription = (await (await send("POST", "/api/dev/push/subscription", parent.cookie)).json()) as Subscription;
  const subscribed = await send("POST", "/api/push/subscribe", parent.cookie, { tokenMap: { token: JSON.stringify(subscription), ...DEVICE } });
  expect(subscribed.status).toBe(200);
  return { ...parent, subscription };
}

async function addEventTomorrow(userId: string, eventName: string) {
  const tomorrow = addDays(localDate(new Date(), ZONE), 1);
  await db().insert(events).values({ userId, eventName, start: tomorrow, dateTime: false, fingerprint: crypto.randomUUID() });
}

async function collect(cookie: string) {
  const response = await call("/api/dev/push/messages", { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: { title: string; body: string; url: string }[] }).messages;
}

describe("the local push service", () => {
  it("hands out subscriptions shaped like a browser's, under a name that never leaves the machine", async () => {
    const { subscription } = await parentWithLocalDevice();
    expect(subscription.endpoint.startsWith(`${LOCAL_PUSH_ORIGIN}/`)).toBe(true);
    expect(subscription.keys.p256dh).toHaveLength(87);
    expect(subscription.keys.auth).toHaveLength(22);
  });

  it("holds the cron's reminder for the parent's device and hands it out once", async () => {
    const { cookie, userId } = await parentWithLocalDevice();
    await addEventTomorrow(userId, "Science fair");
    expect(await collect(cookie)).toEqual([]);

    // The cron, at 6:15 pm in the parent's zone today.
    const evening = zonedInstant(`${localDate(new Date(), ZONE)}T18:15`, ZONE);
    await sendReminders(db(), env, new Date(Math.max(evening.getTime(), Date.now())));
    expect(await collect(cookie)).toEqual([{ title: "Tomorrow: 1 event", body: "Science fair", url: "/focus" }]);
    expect(await collect(cookie)).toEqual([]);
  });

  it("keeps each parent's messages to their own devices", async () => {
    const owner = await parentWithLocalDevice();
    const other = await parentWithLocalDevice();
    await addEventTomorrow(owner.userId, "Book fair");
    expect(await (await send("POST", "/api/dev/push/reminders", owner.cookie)).json()).toEqual({ pushed: 1 });
    expect(await collect(other.cookie)).toEqual([]);
    expect((await collect(owner.cookie)).map((m) => m.body)).toEqual(["Book fair"]);
  });

  it("sends tomorrow's reminder now for a Premium parent, once per event", async () => {
    const { cookie, userId } = await parentWithLocalDevice();
    await addEventTomorrow(userId, "Picture day");
    await addEventTomorrow(userId, "Pizza lunch");
    const first = (await (await send("POST", "/api/dev/push/reminders", cookie)).json()) as { pushed: number };
    expect(first.pushed).toBe(1);
    const [message] = await collect(cookie);
    expect(message!.title).toBe("Tomorrow: 2 events");
    const again = (await (await send("POST", "/api/dev/push/reminders", cookie)).json()) as { pushed: number };
    expect(again.pushed).toBe(0);
  });

  it("sends nothing now for a Basic parent", async () => {
    const { cookie, userId } = await parentWithLocalDevice(null);
    await addEventTomorrow(userId, "Picture day");
    expect(await (await send("POST", "/api/dev/push/reminders", cookie)).json()).toEqual({ pushed: 0 });
    expect(await collect(cookie)).toEqual([]);
  });

  it("has a page that delivers to the service worker", async () => {
    const { cookie } = await signIn();
    const page = await call("/api/dev/push", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("Local push service");
    expect(html).toContain('postMessage({ type: "cubby:push", message })');
  });
});

describe("the local mail outbox page", () => {
  it("shows the parent's latest weekly preview, with nothing able to run", async () => {
    const { cookie, userId } = await signIn();
    // Weekly previews are Premium (spec §6).
    await db().update(users).set({ subscriptionStatus: "active" }).where(eq(users.id, userId));
    const empty = await call("/api/dev/outbox", { cookie });
    expect(empty.status).toBe(404);
    expect((await call("/api/mail/weeklypreview", { cookie })).status).toBe(200);
    const page = await call("/api/dev/outbox", { cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Security-Policy")).toContain("default-src 'none'");
    expect(await page.text()).toContain("Open Cubby");
  });
});

describe("the local doors stay shut off a developer's machine", () => {
  it("opens only with the fakes, a localhost APP_URL and a request to localhost", () => {
    expect(localServicesOpen(env, "http://localhost:5173/api/dev/push")).toBe(true);
    expect(localServicesOpen(env, "https://cubby.example.com/api/dev/push")).toBe(false);
    expect(localServicesOpen({ ...env, INTEGRATIONS: "real" } as Env, "http://localhost:5173/api/dev/push")).toBe(false);
    expect(localServicesOpen({ ...realEnv(env), INTEGRATIONS: "fake" } as Env, "http://localhost:5173/x")).toBe(false);
  });

  it("answers 404 to a request from elsewhere and names the browser's push service", async () => {
    // Off localhost the session cookie carries the __Host- prefix (app/.server/auth/cookies.ts).
    const cookie = `__Host-${(await signIn()).cookie}`;
    for (const path of ["/api/dev/push", "/api/dev/push/messages", "/api/dev/outbox"]) {
      expect((await call(`http://cubby.example.com${path}`, { cookie })).status).toBe(404);
    }
    const token = await call("http://cubby.example.com/api/push/token", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/json", Origin: "http://cubby.example.com" },
      body: JSON.stringify(DEVICE),
    });
    expect(((await token.json()) as { pushService: string }).pushService).toBe("browser");
  });

  it("needs a session", async () => {
    expect((await call("/api/dev/push/messages")).status).toBe(401);
  });
});

describe("the fake calendar's sample week", () => {
  it("shows a parent connected through local sign-in a few entries on each day, in their zone", async () => {
    const { cookie, userId } = await signIn();
    expect((await call("/api/auth/google/gcal", { cookie })).status).toBe(302);
    await db().update(users).set({ timezone: ZONE }).where(eq(users.id, userId));
    // Wednesday, December 2, 2026: the stand-up and the gym class.
    const body = (await (await call("/api/calendar/2026-12-02", { cookie })).json()) as {
      events: { summary: string; start: string }[];
    };
    expect(body.events.map((e) => e.summary)).toEqual(["Work stand-up (sample)", "Gym class (sample)"]);
    expect(new Date(body.events[0]!.start).toISOString()).toBe("2026-12-02T14:30:00.000Z");
  });
});

describe("made-up events for a busy feed", () => {
  const sample = (id: string, day: string) => ({
    _id: id,
    eventName: "Book fair",
    description: null,
    start: day,
    end: null,
    dateTime: false,
    tags: ["Event"],
    range: false,
    startRange: null,
    endRange: null,
    recurrence: null,
    firstView: false,
    dislike: false,
    location: null,
    createdAt: new Date().toISOString(),
    mentions: [
      { sourceContentId: "sample-message", sourceType: "email", sourceSender: "Office", sourceAddress: "office@school.example", sourceDate: new Date().toISOString(), sourceURL: null },
    ],
  });

  it("writes them for the signed-in parent only, with their mentions, and refuses another shape", async () => {
    const parent = await signIn();
    const other = await signIn();
    const id = `sample-${crypto.randomUUID()}`;
    const written = await send("POST", "/api/dev/events", parent.cookie, { events: [sample(id, "2026-12-03")] });
    expect(written.status).toBe(200);
    expect(await written.json()).toEqual({ written: 1 });

    const mine = (await (await call("/api/events", { cookie: parent.cookie })).json()) as { events: { id: string; mentions: unknown[] }[] };
    expect(mine.events.find((event) => event.id === id)?.mentions).toHaveLength(1);
    const theirs = (await (await call("/api/events", { cookie: other.cookie })).json()) as { events: { id: string }[] };
    expect(theirs.events.some((event) => event.id === id)).toBe(false);

    expect((await send("POST", "/api/dev/events", parent.cookie, { events: [{ eventName: "no id" }] })).status).toBe(400);
  });
});
