/**
 * Issue 14, "Forged requests": what another site, a forged cookie or a second
 * Google account can make Cubby do on a parent's behalf (docs/security.md).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessions, users } from "~/.server/db/schema";
import { FAKE_WEBHOOK_SECRET } from "~/.server/integrations/billing/choose";
import { signPayload } from "~/.server/integrations/billing/signature";
import { api } from "../../workers/api";
import { call, cookieFrom, db, send, signIn, uniqueEmail } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;

describe("return addresses after a Google grant", () => {
  const evil = [
    "%2F%09%2Fevil.example",
    "%2F%0A%2Fevil.example",
    "%2F%0D%0A%2Fevil.example",
    "%2F%5Cevil.example",
    "%5C%5Cevil.example",
    "https%3A%2F%2Fevil.example",
    "%2F%2Fevil.example",
    "%20%2F%2Fevil.example",
    "javascript%3Aalert(1)",
  ];
  for (const value of evil) {
    it(`never leaves the site for return=${value}`, async () => {
      const { cookie } = await signIn();
      const response = await call(`/api/auth/google/gcal?return=${value}`, { cookie });
      expect(response.status).toBe(302);
      const location = response.headers.get("Location")!;
      expect(new URL(location, "http://localhost:5173").origin).toBe("http://localhost:5173");
      expect(location).not.toContain("evil.example");
    });
  }

  it("keeps a same-site path with its query", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/auth/google/gcal?return=%2Fprofile%3Ftab%3D1", { cookie });
    expect(response.headers.get("Location")).toBe("/profile?tab=1");
  });
});

describe("GETs that change something, driven by another site", () => {
  const crossSite = { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" };

  for (const path of [
    "/api/checkurl?url=https%3A%2F%2Fschool.example.org%2Fevents",
    "/api/mail/weeklypreview",
    "/api/checkcalendars",
    "/api/billing/fake/checkout",
  ]) {
    it(`refuses ${path.split("?")[0]} when another site sends the parent there`, async () => {
      const { cookie } = await signIn();
      const response = await call(path, { cookie, headers: crossSite });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Cross-site request refused: open Cubby and try again." });
    });
  }

  it("does not log the parent out when another site links to /api/logout", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/logout", { cookie, headers: crossSite });
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().join()).not.toContain("Max-Age=0");
    expect((await call("/api/user/profile", { cookie })).status).toBe(200);
  });

  it("still lets Google's redirect reach the sign-in callback", async () => {
    const response = await call("/api/auth/google/callback?code=x&state=y", { headers: crossSite });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Sign-in could not be verified. Please try again." });
  });

  it("lets the parent's own pages and typed addresses through", async () => {
    const { cookie } = await signIn();
    for (const site of ["same-origin", "none"]) {
      const response = await call("/api/checkcalendars", { cookie, headers: { "Sec-Fetch-Site": site } });
      expect(response.status).toBe(200);
    }
  });
});

describe("the fake checkout and fake billing webhook", () => {
  /** A deployment someone left on the fakes: INTEGRATIONS=fake, or APP_URL never changed. */
  const misconfigured = [
    { label: "INTEGRATIONS=fake on a real host", env: { ...env, INTEGRATIONS: "fake", APP_URL: "https://cubby.example.com" } },
    { label: "the default APP_URL on a real host", env: { ...env } },
  ];

  for (const deployment of misconfigured) {
    it(`hands out no Premium with ${deployment.label}`, async () => {
      const { userId } = await signIn();
      const [session] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      // A session cookie is only needed to get past requireUser: make one for the real host.
      const token = "forged-" + crypto.randomUUID();
      const { sha256Hex } = await import("~/.server/auth/crypto");
      await db().insert(sessions).values({ id: await sha256Hex(token), userId, expiresAt: session!.expiresAt });
      const checkout = await api.request(
        new Request(`https://cubby.example.com/api/billing/fake/checkout?client_reference_id=${userId}`, {
          headers: { Cookie: `__Host-cubby_session=${token}; cubby_session=${token}` },
          redirect: "manual",
        }),
        undefined,
        deployment.env,
      );
      expect(checkout.status).toBe(404);

      const body = JSON.stringify({
        id: `evt_${crypto.randomUUID()}`,
        type: "customer.subscription.created",
        data: { object: { customer: "cus_forged", status: "active", cancel_at_period_end: false } },
      });
      const webhook = await api.request(
        new Request("https://cubby.example.com/api/billing/webhook", {
          method: "POST",
          headers: { "Stripe-Signature": await signPayload(FAKE_WEBHOOK_SECRET, body, Math.floor(Date.now() / 1000)) },
          body,
        }),
        undefined,
        deployment.env,
      );
      expect(webhook.status).toBe(503);
      const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
      expect(user!.subscriptionStatus).toBeNull();
    });
  }
});

describe("a malformed session cookie", () => {
  for (const path of ["/api/user/profile", "/api/events", "/api/watchlist"]) {
    it(`answers ${path} with 401, not 500`, async () => {
      const response = await call(path, { cookie: "cubby_session=%E0%A4%A" });
      expect(response.status).toBe(401);
    });
  }

  it("does not hide a good session cookie sent with a broken one", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/user/profile", { cookie: `other=%E0%A4%A; ${cookie}` });
    expect(response.status).toBe(200);
  });
});

describe("Google accounts and existing parents", () => {
  const googleEnv = { ...env, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" };
  const viaGoogle = (path: string, init: RequestInit = {}) =>
    api.request(new Request(`http://localhost:5173${path}`, { redirect: "manual", ...init }), undefined, googleEnv);

  function idToken(claims: Record<string, unknown>): string {
    const part = (o: unknown) => btoa(JSON.stringify(o)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
    return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.signature`;
  }

  /** The whole sign-in: redirect, Google's consent (the fake token endpoint), callback. */
  async function signInWithGoogle(claims: Record<string, unknown>) {
    const begin = await viaGoogle("/api/auth/google");
    const flowCookie = cookieFrom(begin, "cubby_oauth");
    const state = new URL(begin.headers.get("Location")!).searchParams.get("state");
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      Response.json({ access_token: "ya29.a", expires_in: 3599, token_type: "Bearer", id_token: idToken(claims) }),
    );
    const response = await viaGoogle(`/api/auth/google/callback?code=c&state=${state}`, { headers: { Cookie: flowCookie } });
    vi.restoreAllMocks();
    return response;
  }

  it("signs a returning parent in by their Google sub, whatever e-mail Google now reports", async () => {
    const sub = crypto.randomUUID();
    const email = uniqueEmail("sub");
    await signInWithGoogle({ sub, email, email_verified: true });
    const again = await signInWithGoogle({ sub, email: uniqueEmail("renamed"), email_verified: true });
    expect(again.status).toBe(302);
    const rows = await db().select().from(users).where(eq(users.googleSub, sub));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.email).toBe(email);
  });

  it("does not let a second Google account take over a parent who signed in with another", async () => {
    const sub = crypto.randomUUID();
    const email = uniqueEmail("owner");
    await signInWithGoogle({ sub, email, email_verified: true });
    const intruder = await signInWithGoogle({ sub: crypto.randomUUID(), email, email_verified: true });
    expect(intruder.status).toBe(409);
    expect(intruder.headers.getSetCookie().join()).not.toContain("cubby_session=");
    const row = await db().query.users.findFirst({ where: eq(users.email, email) });
    expect(row!.googleSub).toBe(sub);
  });

  it("links an existing parent by e-mail only when Google has verified it", async () => {
    const { email, userId } = await signIn();
    const unverified = await signInWithGoogle({ sub: crypto.randomUUID(), email, email_verified: false });
    expect(unverified.status).toBe(409);
    expect(unverified.headers.getSetCookie().join()).not.toContain("cubby_session=");
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.googleSub).toBeNull();

    const sub = crypto.randomUUID();
    const verified = await signInWithGoogle({ sub, email, email_verified: true });
    expect(verified.status).toBe(302);
    expect((await db().query.users.findFirst({ where: eq(users.id, userId) }))!.googleSub).toBe(sub);
  });

  it("opens no account for an e-mail Google has not verified", async () => {
    const email = uniqueEmail("unverified");
    const response = await signInWithGoogle({ sub: crypto.randomUUID(), email });
    expect(response.status).toBe(409);
    expect(await db().query.users.findFirst({ where: eq(users.email, email) })).toBeUndefined();
  });
});

describe("session cookies and lifetimes", () => {
  it("uses a __Host- cookie on a real host: Secure, Path=/, no Domain", async () => {
    const { userId } = await signIn();
    const { startSession } = await import("~/.server/auth/session");
    const setCookie = await startSession(db(), new Request("https://cubby.example.com/api/auth/google/callback"), userId);
    expect(setCookie).toMatch(/^__Host-cubby_session=[^;]+;/);
    expect(setCookie).toContain("Secure");
    expect(setCookie).toContain("Path=/;");
    expect(setCookie).not.toMatch(/Domain=/i);
    const token = setCookie.split(";")[0]!.split("=")[1]!;
    const asHost = (cookie: string) =>
      api.request(new Request("https://cubby.example.com/api/user/profile", { headers: { Cookie: cookie } }), undefined, env);
    expect((await asHost(`__Host-cubby_session=${token}`)).status).toBe(200);
    // A plain-named cookie could have been set by a sibling subdomain: it is not a session there.
    expect((await asHost(`cubby_session=${token}`)).status).toBe(401);
  });

  it("keeps the Google sign-in's state in a __Host- cookie on a real host, so a sibling site cannot plant one", async () => {
    const googleEnv = { ...env, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" };
    const begin = await api.request(
      new Request("https://cubby.example.com/api/auth/google", { redirect: "manual" }),
      undefined,
      googleEnv,
    );
    const flow = begin.headers.getSetCookie().find((c) => c.includes("cubby_oauth="))!;
    expect(flow).toMatch(/^__Host-cubby_oauth=/);
    expect(flow).toContain("Path=/;");
    expect(flow).toContain("Secure");
    // A plain-named flow cookie (what a sibling subdomain could set) is not read there.
    const state = new URL(begin.headers.get("Location")!).searchParams.get("state");
    const value = flow.split(";")[0]!.slice("__Host-cubby_oauth=".length);
    const planted = await api.request(
      new Request(`https://cubby.example.com/api/auth/google/callback?code=c&state=${state}`, {
        headers: { Cookie: `cubby_oauth=${value}` },
        redirect: "manual",
      }),
      undefined,
      googleEnv,
    );
    expect(planted.status).toBe(400);
  });

  it("ends a session 90 days after sign-in however often it is used", async () => {
    const { cookie, userId } = await signIn();
    await db()
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * DAY), expiresAt: new Date(Date.now() + 20 * DAY) })
      .where(eq(sessions.userId, userId));
    expect((await call("/api/user/profile", { cookie })).status).toBe(401);
  });

  it("never extends a session past 90 days from sign-in", async () => {
    const { cookie, userId } = await signIn();
    const createdAt = new Date(Date.now() - 80 * DAY);
    await db().update(sessions).set({ createdAt, expiresAt: new Date(Date.now() + 2 * DAY) }).where(eq(sessions.userId, userId));
    expect((await call("/api/user/profile", { cookie })).status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(createdAt.getTime() + 90 * DAY);
  });

  it("logs out everywhere: every session of this parent ends, nobody else's", async () => {
    const email = uniqueEmail("everywhere");
    const phone = await signIn(email);
    const laptop = await signIn(email);
    const someoneElse = await signIn();
    const response = await send("POST", "/api/logout/everywhere", phone.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain("Max-Age=0");
    expect((await call("/api/user/profile", { cookie: phone.cookie })).status).toBe(401);
    expect((await call("/api/user/profile", { cookie: laptop.cookie })).status).toBe(401);
    expect((await call("/api/user/profile", { cookie: someoneElse.cookie })).status).toBe(200);
  });

  it("refuses log out everywhere from another site", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/logout/everywhere", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect((await call("/api/user/profile", { cookie })).status).toBe(200);
  });
});
