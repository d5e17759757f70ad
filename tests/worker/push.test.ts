import { afterEach, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { zonedInstant } from "~/lib/time-zone";
import { base64url, fromBase64 } from "~/.server/auth/crypto";
import { events, pushTokens, users } from "~/.server/db/schema";
import { fakePush } from "~/.server/integrations/push/fake-push";
import { sendReminders } from "~/.server/integrations/push/reminders";
import { webPushSender } from "~/.server/integrations/push/web-push";
import { call, db, send, signIn } from "./helpers";

afterEach(() => {
  fakePush.gone.clear();
});

const encoder = new TextEncoder();
const DEVICE = { userAgent: "Mozilla/5.0 (iPhone) Safari", platform: "iPhone" };

/** A browser's push subscription: its own P-256 key pair and auth secret, as PushManager makes them. */
async function browserSubscription(endpoint = `https://push.example.net/send/${crypto.randomUUID()}`) {
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
