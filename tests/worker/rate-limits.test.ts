/**
 * ADR 018: the Workers Rate Limiting bindings as burst guards. The local
 * limiter counts in fixed windows aligned to the clock, so each test sends up
 * to twice the limit and once more: however a window boundary falls in the
 * middle, one window sees more than the limit.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { messages, users } from "~/.server/db/schema";
import { NOT_DELIVERED } from "~/.server/ingest/inbound";
import { withinLimit } from "~/.server/rate-limit";
import { call, db, send, signIn } from "./helpers";
import { parentWithInbox } from "./inbox";
import { deliver, rawMail } from "./mail";

const TOO_MANY = { error: "Too many requests. Please wait a minute and try again." };

/** Sends `request` until it answers 429 or `tries` ran out; the answers' statuses in order. */
async function untilRefused(tries: number, request: () => Promise<Response>) {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) {
    const response = await request();
    statuses.push(response.status);
    if (response.status === 429) return { statuses, refused: response };
    await response.body?.cancel();
  }
  return { statuses, refused: null };
}

/** A made-up address from the documentation range, new for each test. */
function someIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(2));
  return `2001:db8::${bytes[0]!.toString(16)}:${bytes[1]!.toString(16)}:${crypto.randomUUID().slice(0, 4)}`;
}

async function premiumParent() {
  const parent = await signIn();
  await db().update(users).set({ subscriptionStatus: "active", timezone: "America/Toronto" }).where(eq(users.id, parent.userId));
  return parent;
}

describe("sign-in starts, per IP", () => {
  it("answer 429 with a clear error past 30 in 10 seconds from one address, and not for another address", async () => {
    const ip = someIp();
    const start = () => call("/api/auth/google?login_hint=burst%40example.com", { headers: { "CF-Connecting-IP": ip } });
    const { statuses, refused } = await untilRefused(2 * 30 + 1, start);
    expect(refused, `statuses: ${statuses.join(",")}`).not.toBeNull();
    expect(statuses.slice(0, -1).every((s) => s === 302)).toBe(true);
    expect(await refused!.json()).toEqual(TOO_MANY);
    expect(refused!.headers.getSetCookie()).toEqual([]);

    const other = await call("/api/auth/google?login_hint=burst%40example.com", { headers: { "CF-Connecting-IP": someIp() } });
    expect(other.status).toBe(302);
  });

  it("count the grant starts too", async () => {
    const { cookie } = await signIn();
    const ip = someIp();
    const { refused } = await untilRefused(2 * 30 + 1, () =>
      call("/api/auth/google/gcal?return=%2Fprofile", { cookie, headers: { "CF-Connecting-IP": ip } }),
    );
    expect(refused?.status).toBe(429);
  });
});

describe("GET /api/checkurl, per parent", () => {
  it("answers 429 past 10 a minute, for that parent only", async () => {
    const parent = await premiumParent();
    // A refused address answers at once, with no fetch: what is counted is the asking.
    const ask = (cookie: string) => call(`/api/checkurl?url=${encodeURIComponent("ftp://school.example.org/x")}`, { cookie });
    const { statuses, refused } = await untilRefused(2 * 10 + 1, () => ask(parent.cookie));
    expect(refused, `statuses: ${statuses.join(",")}`).not.toBeNull();
    expect(await refused!.json()).toEqual(TOO_MANY);
    const other = await premiumParent();
    expect((await ask(other.cookie)).status).toBe(422);
  });
});

describe("POST /api/user/username, per parent", () => {
  it("answers 429 past 10 tries a minute", async () => {
    const { cookie } = await signIn();
    const { refused } = await untilRefused(2 * 10 + 1, () => send("POST", "/api/user/username", cookie, { username: "x" }));
    expect(refused?.status).toBe(429);
    expect(await refused!.json()).toEqual(TOO_MANY);
  });
});

describe("GET /api/mail/weeklypreview, per parent", () => {
  it("answers the burst guard's 429 past 5 a minute, on top of the 3 a day", async () => {
    const { cookie } = await premiumParent();
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 2 * 5 + 1; i++) {
      const response = await call("/api/mail/weeklypreview", { cookie });
      statuses.push(response.status);
      last = await response.json();
      if (JSON.stringify(last) === JSON.stringify(TOO_MANY)) break;
    }
    expect(last, `statuses: ${statuses.join(",")}`).toEqual(TOO_MANY);
  });
});

describe("inbound mail, per forwarding address", () => {
  it("is refused with a neutral reason, and nothing stored, when the address has had too much", async () => {
    const parent = await parentWithInbox();
    const limits: string[] = [];
    const busy = { limit: async ({ key }: { key: string }) => (limits.push(key), { success: false }) } as RateLimit;
    const { rejected } = await deliver(parent.address, rawMail({ to: parent.address, text: "Hello" }), { workerEnv: { ...env, INBOUND_LIMITER: busy } });
    expect(rejected).toEqual(["This address is not taking mail right now. Please try again later."]);
    expect(limits).toEqual([parent.address]);
    expect(await db().select().from(messages).where(eq(messages.userId, parent.userId))).toEqual([]);
  });

  it("is counted for an address nobody has too, so being limited says nothing about whether it exists", async () => {
    const limits: string[] = [];
    const counting = { limit: async ({ key }: { key: string }) => (limits.push(key), { success: true }) } as RateLimit;
    const { rejected } = await deliver("nobody@in.cubby.localhost", rawMail({ to: "nobody@in.cubby.localhost" }), {
      workerEnv: { ...env, INBOUND_LIMITER: counting },
    });
    expect(rejected).toEqual([NOT_DELIVERED]);
    expect(limits).toEqual(["nobody@in.cubby.localhost"]);
  });
});

describe("withinLimit", () => {
  it("lets everything through where the binding is missing (a deployment from before it)", async () => {
    const older = { ...env, CHECKURL_LIMITER: undefined } as unknown as Env;
    expect(await withinLimit(older, "CHECKURL_LIMITER", "someone")).toBe(true);
  });

  it("lets the request through, and says so, when the limiter itself fails", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const broken = { ...env, CHECKURL_LIMITER: { limit: async () => Promise.reject(new Error("down")) } } as unknown as Env;
    expect(await withinLimit(broken, "CHECKURL_LIMITER", "someone")).toBe(true);
    expect(warn).toHaveBeenCalled();
  });
});
