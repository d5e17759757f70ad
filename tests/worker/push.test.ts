import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { zonedInstant } from "~/lib/time-zone";
import { base64url, fromBase64 } from "~/.server/auth/crypto";
import { events, pushTokens, users } from "~/.server/db/schema";
import { fakePush } from "~/.server/integrations/push/fake-push";
import { LOCAL_PUSH_ORIGIN } from "~/.server/integrations/push/push-services";
import { sendReminders } from "~/.server/integrations/push/reminders";
import { webPushSender } from "~/.server/integrations/push/web-push";
import { call, db, send, signIn } from "./helpers";

/** Endpoints no browser's push service hands out: the cron must never POST to them. */
const FORBIDDEN_ENDPOINTS = [
  "https://push.example.net/send/1",
  "https://127.0.0.1/push",
  "https://[::1]/push",
  "https://169.254.169.254/latest/meta-data/",
  "https://metadata.google.internal/computeMetadata/v1/",
  "https://user:secret@fcm.googleapis.com/fcm/send/1",
  "https://fcm.googleapis.com:8443/fcm/send/1",
  "http://fcm.googleapis.com/fcm/send/1",
  "https://fcm.googleapis.com.evil.example/fcm/send/1",
  "https://evil-fcm.googleapis.com/fcm/send/1",
  "https://fcm.googleapis.com./fcm/send/1",
  "https://push.services.mozilla.com.evil.example/wpush/v2/1",
  "https://notify.windows.com/w/?token=1",
  "https://apple.com/push/1",
];

/** One endpoint of each push service the browsers use. */
const VENDOR_ENDPOINTS = [
  "https://fcm.googleapis.com/fcm/send/1",
  "https://android.googleapis.com/gcm/send/1",
  "https://updates.push.services.mozilla.com/wpush/v2/1",
  "https://push.services.mozilla.com.updates.push.services.mozilla.com/wpush/v2/1",
  "https://web.push.apple.com/QGyk1",
  "https://api.push.apple.com/3/device/1",
  "https://wns2-by3p.notify.windows.com/w/?token=1",
];

afterEach(() => {
  fakePush.gone.clear();
  vi.restoreAllMocks();
});

const encoder = new TextEncoder();
const DEVICE = { userAgent: "Mozilla/5.0 (iPhone) Safari", platform: "iPhone" };

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
async function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const keys = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    subscription: { endpoint, keys: { p256dh: base64url(publicRaw), auth: base64url(auth) } },
    privateKey: keys.privateKey,
    publicRaw,
    auth,
  };
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: string | Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  const infoBytes = typeof info === "string" ? encoder.encode(info) : info;
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info: infoBytes }, key, bytes * 8));
}

/** What the browser does with a push (RFC 8291 receiver side), written independently of the sender. */
async function decryptAsBrowser(body: Uint8Array<ArrayBuffer>, browser: Awaited<ReturnType<typeof browserSubscription>>) {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const asPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey("raw", asPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: serverKey }, browser.privateKey, 256));
  const info = new Uint8Array([...encoder.encode("WebPush: info\0"), ...browser.publicRaw, ...asPublic]);
  const ikm = await hkdf(browser.auth, shared, info, 32);
  const cek = await hkdf(salt, ikm, "Content-Encoding: aes128gcm\0", 16);
  const nonce = await hkdf(salt, ikm, "Content-Encoding: nonce\0", 12);
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["decrypt"]);
  const padded = new Uint8Array(await crypto.subtle.decrypt({ name: "AES-GCM", iv: nonce }, key, ciphertext));
  expect(padded.at(-1)).toBe(2);
  return JSON.parse(new TextDecoder().decode(padded.slice(0, -1))) as unknown;
}

describe("the real Web Push sender (VAPID + aes128gcm), offline", () => {
  it("signs a VAPID JWT for the push service and encrypts what only the browser can read", async () => {
    const vapid = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const vapidPublic = new Uint8Array((await crypto.subtle.exportKey("raw", vapid.publicKey)) as ArrayBuffer);
    const jwk = await crypto.subtle.exportKey("jwk", vapid.privateKey);
    const browser = await browserSubscription("https://fcm.googleapis.com/fcm/send/abc123");
    const requests: { url: string; init: RequestInit }[] = [];
    const sender = webPushSender(
      { publicKey: base64url(vapidPublic), privateKey: jwk.d!, subject: "mailto:ops@cubby.example" },
      async (url, init) => {
        requests.push({ url, init });
        return new Response(null, { status: 201 });
      },
    );
    const message = { title: "Tomorrow: 1 event", body: "Winter concert", url: "/focus" };
    expect(await sender.send(browser.subscription, message)).toBe("sent");

    const [request] = requests;
    expect(request!.url).toBe("https://fcm.googleapis.com/fcm/send/abc123");
    const headers = new Headers(request!.init.headers);
    expect(headers.get("Content-Encoding")).toBe("aes128gcm");
    expect(headers.get("TTL")).toBe("86400");
    const [, jwt, key] = /^vapid t=([^,]+), k=(.+)$/.exec(headers.get("Authorization")!)!;
    expect(key).toBe(base64url(vapidPublic));
    const [header, claims, signature] = jwt!.split(".");
    const verified = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      vapid.publicKey,
      fromBase64(signature!),
      encoder.encode(`${header}.${claims}`),
    );
    expect(verified).toBe(true);
    const payload = JSON.parse(new TextDecoder().decode(fromBase64(claims!))) as { aud: string; sub: string; exp: number };
    expect(payload.aud).toBe("https://fcm.googleapis.com");
    expect(payload.sub).toBe("mailto:ops@cubby.example");
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());

    expect(await decryptAsBrowser(request!.init.body as Uint8Array<ArrayBuffer>, browser)).toEqual(message);
  });

  it("reports a subscription the push service forgot as gone", async () => {
    const vapid = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", vapid.privateKey);
    const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", vapid.publicKey)) as ArrayBuffer);
    const sender = webPushSender(
      { publicKey: base64url(publicRaw), privateKey: jwk.d!, subject: "mailto:ops@cubby.example" },
      async () => new Response(null, { status: 410 }),
    );
    const { subscription } = await browserSubscription();
    expect(await sender.send(subscription, { title: "t", body: "b", url: "/focus" })).toBe("gone");
  });

  it("never posts to an endpoint that is not a browser's push service, the local one included", async () => {
    const vapid = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign"])) as CryptoKeyPair;
    const jwk = await crypto.subtle.exportKey("jwk", vapid.privateKey);
    const publicRaw = new Uint8Array((await crypto.subtle.exportKey("raw", vapid.publicKey)) as ArrayBuffer);
    const posted: string[] = [];
    const sender = webPushSender({ publicKey: base64url(publicRaw), privateKey: jwk.d!, subject: "mailto:ops@cubby.example" }, async (url) => {
      posted.push(url);
      return new Response(null, { status: 201 });
    });
    for (const endpoint of [...FORBIDDEN_ENDPOINTS, `${LOCAL_PUSH_ORIGIN}/1`]) {
      const { subscription } = await browserSubscription(endpoint);
      const result = await sender.send(subscription, { title: "t", body: "b", url: "/focus" });
      expect({ endpoint, result }).toEqual({ endpoint, result: "refused" });
    }
    expect(posted).toEqual([]);
  });
});

describe("POST /api/push/subscribe, /token and /unsubscribe", () => {
  it("registers a device, tells it its token and the VAPID key, and unregisters it", async () => {
    const { cookie, userId } = await signIn();
    const before = (await (await send("POST", "/api/push/token", cookie, DEVICE)).json()) as Record<string, unknown>;
    expect(before.token).toBeNull();
    expect(typeof before.vapidPublicKey).toBe("string");

    const { subscription } = await browserSubscription();
    const token = JSON.stringify(subscription);
    expect((await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...DEVICE } })).status).toBe(200);
    // The same device subscribing again replaces its old subscription.
    const renewed = JSON.stringify((await browserSubscription()).subscription);
    expect((await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token: renewed, ...DEVICE } })).status).toBe(200);
    const after = (await (await send("POST", "/api/push/token", cookie, DEVICE)).json()) as { token: string };
    expect(after.token).toBe(renewed);
    expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, userId))).toHaveLength(1);

    const removed = await send("POST", "/api/push/unsubscribe", cookie, { deviceProfile: DEVICE });
    expect(await removed.json()).toEqual({ ok: true, removed: 1 });
    expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, userId))).toHaveLength(0);
  });

  it("refuses tokens that are not push subscriptions", async () => {
    const { cookie } = await signIn();
    for (const token of ["fcm-token-123", JSON.stringify({ endpoint: "http://push.example.net/x", keys: {} })]) {
      expect((await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...DEVICE } })).status).toBe(400);
    }
    expect((await send("POST", "/api/push/subscribe", cookie, { token: "x" })).status).toBe(400);
  });

  it("accepts the push services the browsers use", async () => {
    const { cookie, userId } = await signIn();
    for (const [i, endpoint] of VENDOR_ENDPOINTS.entries()) {
      const token = JSON.stringify((await browserSubscription(endpoint)).subscription);
      const answer = await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, userAgent: `Browser ${i}`, platform: "Android" } });
      expect({ endpoint, status: answer.status }).toEqual({ endpoint, status: 200 });
    }
    expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, userId))).toHaveLength(VENDOR_ENDPOINTS.length);
  });

  it("refuses an endpoint that is not a browser's push service, and keeps the device it had", async () => {
    const { cookie, userId } = await signIn();
    const kept = JSON.stringify((await browserSubscription()).subscription);
    await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token: kept, ...DEVICE } });
    for (const endpoint of FORBIDDEN_ENDPOINTS) {
      const token = JSON.stringify((await browserSubscription(endpoint)).subscription);
      const answer = await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...DEVICE } });
      expect({ endpoint, status: answer.status, body: await answer.json() }).toEqual({
        endpoint,
        status: 400,
        body: { error: "Notifications can only go through the browser's own push service (Google, Mozilla, Apple or Microsoft)." },
      });
    }
    const rows = await db().select().from(pushTokens).where(eq(pushTokens.userId, userId));
    expect(rows.map((row) => row.token)).toEqual([kept]);
  });

  it("takes the local push service's endpoint only where the local services are open", async () => {
    const token = JSON.stringify((await browserSubscription(`${LOCAL_PUSH_ORIGIN}/${crypto.randomUUID()}`)).subscription);
    const { cookie } = await signIn();
    expect((await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...DEVICE } })).status).toBe(200);
    // Off localhost the session cookie carries the __Host- prefix (app/.server/auth/cookies.ts).
    const remote = await call("http://cubby.example.com/api/push/subscribe", {
      method: "POST",
      cookie: `__Host-${(await signIn()).cookie}`,
      headers: { "Content-Type": "application/json", Origin: "http://cubby.example.com" },
      body: JSON.stringify({ tokenMap: { token, ...DEVICE } }),
    });
    expect(remote.status).toBe(400);
  });

  it("keeps at most 10 devices per parent: a new one replaces the one least recently refreshed", async () => {
    const { cookie, userId } = await signIn();
    const devices = Array.from({ length: 11 }, (_, i) => ({ userAgent: `Phone ${i}`, platform: "Android" }));
    for (const [i, device] of devices.slice(0, 10).entries()) {
      const token = JSON.stringify((await browserSubscription()).subscription);
      await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...device } });
      // Phone 3 was refreshed longest ago, phone 0 most recently.
      const refreshedAt = new Date(Date.UTC(2026, 10, 1) + (i === 3 ? 0 : i === 0 ? 20 : i) * 86_400_000);
      await db().update(pushTokens).set({ refreshedAt }).where(eq(pushTokens.userAgent, device.userAgent));
    }
    const token = JSON.stringify((await browserSubscription()).subscription);
    expect((await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token, ...devices[10]! } })).status).toBe(200);
    const rows = await db().select().from(pushTokens).where(eq(pushTokens.userId, userId));
    expect(rows).toHaveLength(10);
    expect(rows.map((row) => row.userAgent).toSorted()).toEqual(
      devices.map((d) => d.userAgent).filter((agent) => agent !== "Phone 3").toSorted(),
    );
    // Subscribing again from a device already known replaces its own subscription, not another device.
    const renewed = JSON.stringify((await browserSubscription()).subscription);
    await send("POST", "/api/push/subscribe", cookie, { tokenMap: { token: renewed, ...devices[5]! } });
    expect((await db().select().from(pushTokens).where(eq(pushTokens.userId, userId))).map((r) => r.userAgent)).toContain("Phone 1");
  });

  it("keeps each parent's devices to themselves", async () => {
    const owner = await signIn();
    const other = await signIn();
    const token = JSON.stringify((await browserSubscription()).subscription);
    await send("POST", "/api/push/subscribe", owner.cookie, { tokenMap: { token, ...DEVICE } });
    const seen = (await (await send("POST", "/api/push/token", other.cookie, DEVICE)).json()) as { token: null };
    expect(seen.token).toBeNull();
    const removed = (await (await send("POST", "/api/push/unsubscribe", other.cookie, { deviceProfile: DEVICE })).json()) as { removed: number };
    expect(removed.removed).toBe(0);
    expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, owner.userId))).toHaveLength(1);
  });

  it("needs a session", async () => {
    expect((await call("/api/push/token", { method: "POST" })).status).toBe(401);
  });
});

describe("reminder pushes (cron)", () => {
  const ZONE = "America/Chicago";
  const EVENING = zonedInstant("2026-12-03T18:15", ZONE);

  async function premiumParentWithDevice(status: string | null = "active") {
    const parent = await signIn();
    await db().update(users).set({ timezone: ZONE, subscriptionStatus: status }).where(eq(users.id, parent.userId));
    const { subscription } = await browserSubscription();
    await send("POST", "/api/push/subscribe", parent.cookie, { tokenMap: { token: JSON.stringify(subscription), ...DEVICE } });
    return { ...parent, endpoint: subscription.endpoint };
  }

  async function addEvent(userId: string, eventName: string, start: string, dateTime: boolean) {
    await db().insert(events).values({ userId, eventName, start, dateTime, fingerprint: crypto.randomUUID() });
  }

  it("pushes tomorrow's events once, from 6 pm in the parent's zone", async () => {
    const { userId, endpoint } = await premiumParentWithDevice();
    await addEvent(userId, "PD day", "2026-12-04", false);
    // 9 am on Dec 4 in Chicago (15:00 UTC).
    await addEvent(userId, "Field trip", "2026-12-04T15:00:00.000Z", true);
    // 11 pm Dec 4 in Chicago is Dec 5 in UTC: still tomorrow there.
    await addEvent(userId, "Late show", "2026-12-05T05:00:00.000Z", true);
    await addEvent(userId, "Next week", "2026-12-10", false);

    await sendReminders(db(), env, zonedInstant("2026-12-03T17:45", ZONE));
    expect(fakePush.to(endpoint)).toEqual([]);

    await sendReminders(db(), env, EVENING);
    const [message, ...rest] = fakePush.to(endpoint);
    expect(rest).toEqual([]);
    expect(message!.title).toBe("Tomorrow: 3 events");
    expect(message!.body.split(", ").toSorted()).toEqual(["Field trip", "Late show", "PD day"]);

    await sendReminders(db(), env, new Date(EVENING.getTime() + 15 * 60_000));
    expect(fakePush.to(endpoint)).toHaveLength(1);
  });

  it("reminds each day a range or weekly series covers, once a day", async () => {
    const { userId, endpoint } = await premiumParentWithDevice();
    const evening = (day: string) => zonedInstant(`${day}T18:15`, ZONE);
    // Winter camp, all day Dec 3-5; it began before the first reminder below.
    await db().insert(events).values({
      userId,
      eventName: "Winter camp",
      start: "2026-12-03",
      end: "2026-12-05",
      dateTime: false,
      range: true,
      startRange: "2026-12-03",
      endRange: "2026-12-05",
      fingerprint: crypto.randomUUID(),
    });
    // Swimming Tuesdays and Fridays at 4 pm Chicago (22:00 UTC) from Tue Dec 1 to Dec 18.
    await db().insert(events).values({
      userId,
      eventName: "Swimming",
      start: "2026-12-01T22:00:00.000Z",
      end: "2026-12-01T23:00:00.000Z",
      dateTime: true,
      range: true,
      startRange: "2026-12-01",
      endRange: "2026-12-18",
      recurrence: { frequency: "weekly", byDay: ["TU", "FR"] },
      fingerprint: crypto.randomUUID(),
    });
    const bodies = () => fakePush.to(endpoint).map((m) => m.body.split(", ").toSorted().join(", "));

    await sendReminders(db(), env, evening("2026-12-03")); // for Fri Dec 4
    await sendReminders(db(), env, new Date(evening("2026-12-03").getTime() + 15 * 60_000));
    await sendReminders(db(), env, evening("2026-12-04")); // for Sat Dec 5
    await sendReminders(db(), env, evening("2026-12-05")); // Sun Dec 6: nothing
    await sendReminders(db(), env, evening("2026-12-07")); // for Tue Dec 8
    expect(bodies()).toEqual(["Swimming, Winter camp", "Winter camp", "Swimming"]);
  });

  it("is Premium only", async () => {
    const { userId, endpoint } = await premiumParentWithDevice(null);
    await addEvent(userId, "PD day", "2026-12-04", false);
    await sendReminders(db(), env, EVENING);
    expect(fakePush.to(endpoint)).toEqual([]);
  });

  it("refuses a stored endpoint that is not a push service, forgets it, and still reaches the parent's other devices", async () => {
    const { userId, endpoint } = await premiumParentWithDevice();
    await addEvent(userId, "PD day", "2026-12-04", false);
    // Stored before endpoints were checked on subscribe, or written around the API.
    const stored = FORBIDDEN_ENDPOINTS.map((forbidden, i) => ({ forbidden, i }));
    for (const { forbidden, i } of stored) {
      const token = JSON.stringify((await browserSubscription(forbidden)).subscription);
      await db().insert(pushTokens).values({ userId, token, userAgent: `Old ${i}`, platform: "Linux" });
    }
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await sendReminders(db(), env, EVENING)).toEqual({ pushed: 1 });
    for (const forbidden of FORBIDDEN_ENDPOINTS) expect(fakePush.to(forbidden)).toEqual([]);
    expect(fakePush.to(endpoint)).toHaveLength(1);
    const rows = await db().select().from(pushTokens).where(eq(pushTokens.userId, userId));
    expect(rows.map((row) => row.userAgent)).toEqual([DEVICE.userAgent]);
  });

  it("forgets a device the push service no longer knows", async () => {
    const { userId, endpoint } = await premiumParentWithDevice();
    await addEvent(userId, "PD day", "2026-12-04", false);
    fakePush.gone.add(endpoint);
    await sendReminders(db(), env, EVENING);
    expect(await db().select().from(pushTokens).where(eq(pushTokens.userId, userId))).toHaveLength(0);
    // Nothing reached the parent, so the event is still to be reminded.
    const [row] = await db().select().from(events).where(eq(events.userId, userId));
    expect(row!.remindedAt).toBeNull();
  });
});
