import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decrypt } from "~/.server/auth/crypto";
import { googleTokens, sessions, users } from "~/.server/db/schema";
import { api } from "../../workers/api";
import { call, cookieFrom, db, send, signIn, uniqueEmail } from "./helpers";

/** The same Worker configured with a Google client, as in production. */
const googleEnv = { ...env, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" };

/** The API with Google configured, called as the runtime calls a Worker (with an execution context for work after the answer). */
function viaGoogle(path: string, init: RequestInit = {}, base = "http://localhost:5173") {
  return api.request(new Request(`${base}${path}`, { redirect: "manual", ...init }), undefined, googleEnv, createExecutionContext());
}

function fakeIdToken(claims: Record<string, unknown>): string {
  const part = (o: unknown) => btoa(JSON.stringify(o)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}.signature`;
}

afterEach(() => vi.restoreAllMocks());

describe("local sign-in", () => {
  it("signs a new parent in on localhost and sends them to onboarding", async () => {
    const email = uniqueEmail("ann");
    const response = await call(`/api/auth/google?login_hint=${email}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/join/child");
    const setCookie = response.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/^cubby_session=[^;]+;/);
    for (const attribute of ["Path=/", "Max-Age=2592000", "HttpOnly", "SameSite=Lax"]) expect(setCookie).toContain(attribute);
    // Plain http on localhost cannot carry a Secure cookie; everywhere else it is Secure.
    expect(setCookie).not.toContain("Secure");

    const profile = await call("/api/user/profile", { cookie: cookieFrom(response) });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it("signs in the default local parent without a login hint", async () => {
    const response = await call("/api/auth/google");
    expect(response.status).toBe(302);
    const profile = await call("/api/user/profile", { cookie: cookieFrom(response) });
    expect(((await profile.json()) as { user: { email: string } }).user.email).toBe("parent@cubby.localhost");
  });

  it("is refused when the request is not to localhost", async () => {
    const response = await call("https://cubby.example.com/api/auth/google?login_hint=eve@example.com");
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie()).toEqual([]);
    const row = await db().query.users.findFirst({ where: eq(users.email, "eve@example.com") });
    expect(row).toBeUndefined();
  });

  it("is refused when the app is configured for a real host, even on localhost", async () => {
    const response = await api.request(
      new Request("http://localhost:5173/api/auth/google?login_hint=mallory@example.com", { redirect: "manual" }),
      undefined,
      { ...env, APP_URL: "https://cubby.example.com" },
    );
    expect(response.status).toBe(503);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("is replaced by the real Google flow when Google is configured", async () => {
    const response = await viaGoogle("/api/auth/google?login_hint=trudy@example.com");
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin).toBe("https://accounts.google.com");
    expect(location.searchParams.get("client_id")).toBe("client-123");
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    expect(location.searchParams.get("state")).toBeTruthy();
    expect(location.searchParams.get("redirect_uri")).toBe("http://localhost:5173/api/auth/google/callback");
    const cookies = response.headers.getSetCookie().join("\n");
    expect(cookies).toContain("cubby_oauth=");
    expect(cookies).not.toContain("cubby_session=");
  });
});

describe("Google OAuth callback", () => {
  async function begin(path = "/api/auth/google", cookie?: string) {
    const response = await viaGoogle(path, cookie ? { headers: { Cookie: cookie } } : {});
    const location = new URL(response.headers.get("Location")!);
    const flowCookie = cookieFrom(response, "cubby_oauth");
    const flow = JSON.parse(decodeURIComponent(flowCookie.slice("cubby_oauth=".length))) as {
      state: string;
      verifier: string;
    };
    return { location, flowCookie, flow };
  }

  function fakeTokenEndpoint(claims: Record<string, unknown>, scope = "openid email profile") {
    const seen: URLSearchParams[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input as RequestInfo, init);
      expect(request.url).toBe("https://oauth2.googleapis.com/token");
      seen.push(new URLSearchParams(new TextDecoder().decode(await request.arrayBuffer())));
      return Response.json({
        access_token: "ya29.access",
        refresh_token: "1//refresh",
        expires_in: 3599,
        token_type: "Bearer",
        scope,
        id_token: fakeIdToken(claims),
      });
    });
    return seen;
  }

  it("refuses a callback whose state does not match", async () => {
    const { flowCookie } = await begin();
    const tokenRequests = fakeTokenEndpoint({ sub: "x", email: "x@example.com" });
    const response = await viaGoogle("/api/auth/google/callback?code=abc&state=forged", {
      headers: { Cookie: flowCookie },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Sign-in could not be verified. Please try again." });
    expect(response.headers.getSetCookie().join()).not.toContain("cubby_session=");
    expect(tokenRequests).toHaveLength(0);
  });

  it("refuses a callback without the flow cookie", async () => {
    const { flow } = await begin();
    const response = await viaGoogle(`/api/auth/google/callback?code=abc&state=${flow.state}`);
    expect(response.status).toBe(400);
  });

  it("exchanges the code with the PKCE verifier and signs the parent in", async () => {
    const { location, flowCookie, flow } = await begin();
    const email = uniqueEmail("grace");
    const sub = crypto.randomUUID();
    const tokenRequests = fakeTokenEndpoint({ sub, email, email_verified: true, name: "Grace Hopper" });

    const response = await viaGoogle(`/api/auth/google/callback?code=the-code&state=${flow.state}`, {
      headers: { Cookie: flowCookie },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/join/child");

    // The verifier sent to Google is the one whose challenge went out in the redirect.
    expect(tokenRequests).toHaveLength(1);
    expect(tokenRequests[0]!.get("code")).toBe("the-code");
    expect(tokenRequests[0]!.get("code_verifier")).toBe(flow.verifier);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(flow.verifier));
    const challenge = btoa(String.fromCharCode(...new Uint8Array(digest)))
      .replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
    expect(location.searchParams.get("code_challenge")).toBe(challenge);

    const user = await db().query.users.findFirst({ where: eq(users.googleSub, sub) });
    expect(user).toMatchObject({ email, displayName: "Grace Hopper" });
    expect(response.headers.getSetCookie().join()).toContain("cubby_session=");
  });

  it("keeps Google tokens encrypted at rest", async () => {
    const { userId, cookie } = await signIn();
    const { flowCookie, flow } = await begin("/api/auth/google/gmail", cookie);
    fakeTokenEndpoint(
      { sub: crypto.randomUUID(), email: uniqueEmail() },
      "openid email https://www.googleapis.com/auth/gmail.readonly",
    );
    const response = await viaGoogle(`/api/auth/google/callback?code=c&state=${flow.state}`, {
      headers: { Cookie: `${flowCookie}; ${cookie}` },
    });
    expect(response.headers.get("Location")).toBe("/join/watchlist");
    const row = await db().query.googleTokens.findFirst({ where: eq(googleTokens.userId, userId) });
    expect(row!.accessToken).not.toContain("ya29");
    expect(row!.refreshToken).not.toContain("refresh");
    expect(await decrypt(row!.accessToken, env.TOKEN_KEY!)).toBe("ya29.access");
    expect(await decrypt(row!.refreshToken!, env.TOKEN_KEY!)).toBe("1//refresh");
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.emailProvider).toBe("gmail");
  });
});

describe("Cancel or deny on Google's consent screen", () => {
  async function begin(path: string, cookie?: string) {
    const response = await viaGoogle(path, cookie ? { headers: { Cookie: cookie } } : {});
    const flowCookie = cookieFrom(response, "cubby_oauth");
    const flow = JSON.parse(decodeURIComponent(flowCookie.slice("cubby_oauth=".length))) as { state: string };
    return { flowCookie, flow };
  }

  /** Google's redirect after the parent pressed Cancel: an error and the state, no code. */
  async function denied(path: string, cookie?: string) {
    const { flowCookie, flow } = await begin(path, cookie);
    return viaGoogle(`/api/auth/google/callback?error=access_denied&state=${flow.state}`, {
      headers: { Cookie: cookie ? `${flowCookie}; ${cookie}` : flowCookie },
    });
  }

  const declined = (response: Response) => {
    const location = new URL(response.headers.get("Location")!, "http://localhost:5173");
    return { path: location.pathname, access: location.searchParams.get("access"), back: location.searchParams.get("back") };
  };

  it("shows Cubby's own screen, with the way back to where the parent came from", async () => {
    vi.spyOn(globalThis, "fetch");
    const signInDenied = await denied("/api/auth/google");
    expect(signInDenied.status).toBe(302);
    expect(declined(signInDenied)).toEqual({ path: "/google/declined", access: "signin", back: "/" });
    expect(signInDenied.headers.getSetCookie().join()).not.toContain("cubby_session=");

    const { cookie, userId } = await signIn();
    expect(declined(await denied("/api/auth/google/gmail", cookie))).toMatchObject({ access: "gmail", back: "/join/email" });
    expect(declined(await denied("/api/auth/google/gmail?return=/forward/address", cookie))).toMatchObject({ back: "/forward/address" });
    expect(declined(await denied("/api/auth/google/gcal", cookie))).toMatchObject({ access: "gcal", back: "/join/calendar" });
    expect(declined(await denied("/api/auth/google/gcal?return=/profile", cookie))).toMatchObject({ back: "/profile" });
    // Nothing was asked of Google and nothing changed.
    expect(fetch).not.toHaveBeenCalled();
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user).toMatchObject({ emailProvider: null, calendarProvider: null });
  });

  it("shows the same screen for a denial whose flow it cannot place", async () => {
    const response = await viaGoogle("/api/auth/google/callback?error=access_denied&state=unknown");
    expect(declined(response)).toEqual({ path: "/google/declined", access: "signin", back: "/" });
  });

  it("can be acted locally: the fake Google denies when the parent's browser asks it to", async () => {
    const { cookie } = await signIn();
    const deny = `${cookie}; cubby_fake_google_consent=deny`;
    const begun = await call("/api/auth/google/gmail", { cookie: deny });
    expect(begun.status).toBe(302);
    const callback = new URL(begun.headers.get("Location")!, "http://localhost:5173");
    expect(callback.pathname).toBe("/api/auth/google/callback");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    const flowCookie = cookieFrom(begun, "cubby_oauth");
    const landed = await call(`${callback.pathname}${callback.search}`, { cookie: `${deny}; ${flowCookie}` });
    expect(declined(landed)).toEqual({ path: "/google/declined", access: "gmail", back: "/join/email" });

    const signInDenied = await call("/api/auth/google?login_hint=someone-new@example.com", { cookie: "cubby_fake_google_consent=deny" });
    expect(new URL(signInDenied.headers.get("Location")!, "http://localhost:5173").searchParams.get("error")).toBe("access_denied");
    expect(signInDenied.headers.getSetCookie().join()).not.toContain("cubby_session=");
  });

  it("is never acted where Google is configured", async () => {
    const response = await viaGoogle("/api/auth/google", { headers: { Cookie: "cubby_fake_google_consent=deny" } });
    expect(new URL(response.headers.get("Location")!).origin).toBe("https://accounts.google.com");
  });
});

describe("incremental access in local development", () => {
  it("grants Gmail and Calendar access as Google would", async () => {
    const { cookie } = await signIn();
    const gmail = await call("/api/auth/google/gmail", { cookie });
    expect(gmail.headers.get("Location")).toBe("/join/watchlist");
    const gcal = await call("/api/auth/google/gcal?return=/profile", { cookie });
    expect(gcal.headers.get("Location")).toBe("/profile");
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as {
      user: { emailProvider: string; calendarProvider: string };
    };
    expect(profile.user).toMatchObject({ emailProvider: "gmail", calendarProvider: "gcal" });
  });

  it("never returns to another site", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/auth/google/gcal?return=//evil.example.com", { cookie });
    expect(response.headers.get("Location")).toBe("/join/success");
  });

  it("sends a parent who is not signed in to /join", async () => {
    const response = await call("/api/auth/google/gmail");
    expect(response.headers.get("Location")).toBe("/join");
  });
});

describe("sessions", () => {
  it("stores only a hash of the session token", async () => {
    const { cookie, userId } = await signIn();
    const token = cookie.split("=")[1]!;
    const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(token);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers 401 once the session has expired, and forgets it", async () => {
    const { cookie, userId } = await signIn();
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, userId));
    const response = await call("/api/user/profile", { cookie });
    expect(response.status).toBe(401);
    const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it("extends a session that is used near its end", async () => {
    const { cookie, userId } = await signIn();
    const soon = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    await db().update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, userId));
    const response = await call("/api/user/profile", { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toContain("cubby_session=");
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("answers 401 to a made-up session cookie", async () => {
    const response = await call("/api/user/profile", { cookie: "cubby_session=not-a-session" });
    expect(response.status).toBe(401);
  });

  it("logs out: the cookie is cleared and the session no longer works", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/logout", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().join()).toContain("Max-Age=0");
    expect((await call("/api/user/profile", { cookie })).status).toBe(401);
  });
});

describe("cross-origin requests", () => {
  it("refuses a state-changing API request from another origin", async () => {
    const { cookie, userId } = await signIn();
    const response = await call("/api/timezone", {
      method: "POST",
      cookie,
      headers: { Origin: "https://evil.example.com", "Content-Type": "application/json" },
      body: JSON.stringify({ timezone: "America/Toronto" }),
    });
    expect(response.status).toBe(403);
    const user = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(user!.timezone).toBeNull();
  });

  it("refuses a cross-site write known only by Sec-Fetch-Site", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/data/delete", {
      method: "DELETE",
      cookie,
      headers: { "Sec-Fetch-Site": "cross-site" },
    });
    expect(response.status).toBe(403);
  });

  it("refuses cross-origin form posts to app routes too", async () => {
    const response = await call("/join/username", {
      method: "POST",
      headers: { Origin: "https://evil.example.com", "Content-Type": "application/x-www-form-urlencoded" },
      body: "username=x",
    });
    expect(response.status).toBe(403);
  });

  it("lets the app's own pages write", async () => {
    const { cookie } = await signIn();
    const response = await send("POST", "/api/timezone", cookie, { timezone: "America/Toronto" });
    expect(response.status).toBe(200);
  });
});
