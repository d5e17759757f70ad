import { familyDb } from "~/.server/family/data";
import { membershipOf } from "~/.server/family/membership";
import { Hono, type Context } from "hono";
import { generateCodeVerifier, generateState } from "arctic";
import { clearCookie, hostCookieName, isLocalHost, readCookie, serializeCookie } from "~/.server/auth/cookies";
import { googleClient, googleOAuth, SCOPES, type GrantPurpose } from "~/.server/auth/google";
import { endAllSessions, endSession, startSession } from "~/.server/auth/session";
import { config } from "~/.server/env";
import { fakeConsentDenied } from "~/.server/integrations/google/fake-google";
import { declinedBack, declinedUrl, type GoogleAccess } from "~/lib/google-declined";
import {
  countryFromCf,
  findUser,
  markConnections,
  saveGoogleGrant,
  upsertGoogleUser,
  upsertLocalUser,
  type User,
} from "~/.server/users";
import { welcomeGmail } from "./gmail-check";
import { requireUser, type ApiEnv } from "./context";
import { byIp, rateLimited } from "./rate-limited";

/** Short-lived cookie carrying the OAuth state and PKCE verifier between redirect and callback. */
const FLOW_COOKIE = "cubby_oauth";
/**
 * Path=/ so that off localhost the cookie can carry the __Host- prefix: a
 * sibling subdomain then cannot plant its own state and verifier and sign the
 * parent in to someone else's account (login CSRF).
 */
const FLOW_PATH = "/";
const DEFAULT_LOCAL_PARENT = "parent@cubby.localhost";
const GOOGLE_ACCOUNT_CONFLICT =
  "This Google account cannot sign in to Cubby: its e-mail is not verified by Google or belongs to another Cubby account.";

interface Flow {
  state: string;
  verifier: string;
  purpose: GrantPurpose;
  returnTo: string;
}

export const auth = new Hono<ApiEnv>();

// Every step of a Google sign-in or grant (start and callback), per IP: a flood of them
// would make sessions, flow cookies and Google token exchanges by the thousand.
auth.use("/google/*", rateLimited("SIGN_IN_LIMITER", byIp));

/**
 * Local sign-in stands in for Google only on a developer's own machine: Google
 * is not configured, the app is configured for localhost, and the request
 * itself is to localhost. Anywhere else the real OAuth flow is the only way in.
 */
function localSignInAllowed(c: Context<ApiEnv>): boolean {
  const cfg = config(c.env);
  return (
    !cfg.googleConfigured &&
    isLocalHost(new URL(cfg.APP_URL)) &&
    isLocalHost(new URL(c.req.url))
  );
}

/** Where a parent lands after signing in: onboarding until they have set anything up. */
async function afterSignIn(c: Context<ApiEnv>, user: User): Promise<string> {
  const db = c.get("db");
  // A parent who joined a family finds its children already there (ADR 026).
  const family = await membershipOf(db, user.id);
  const { key } = family;
  const [child, address] = await Promise.all([
    familyDb(c.env, family).query.children.findFirst({ where: (t, { eq }) => eq(t.userId, key) }),
    db.query.forwardingAddresses.findFirst({ where: (t, { eq }) => eq(t.userId, user.id) }),
  ]);
  const onboarded = child || address || user.emailProvider;
  return onboarded ? "/focus" : "/join/child";
}

/** spec §3's country, from where Cloudflare saw this sign-in: it picks the Canadian checkout (spec §7). */
function signInCountry(c: Context<ApiEnv>) {
  return countryFromCf(c.req.raw.cf?.country);
}

const AFTER_GRANT: Record<Exclude<GrantPurpose, "signin">, string> = {
  gmail: "/join/watchlist",
  gcal: "/join/success",
};

/**
 * Only a path on this site may be returned to. The value is resolved the way
 * a browser resolves a Location (tabs and newlines dropped, backslashes read
 * as slashes), so `/\t/evil.example` or `/\\evil.example` show their real
 * host; what comes back is the normalised path, never the raw text.
 */
function safeReturnTo(value: string | undefined, fallback: string, origin: string): string {
  if (!value?.startsWith("/")) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
}

function oauth(c: Context<ApiEnv>) {
  const cfg = config(c.env);
  return googleOAuth(googleClient(cfg.GOOGLE_CLIENT_ID!, cfg.GOOGLE_CLIENT_SECRET!, cfg.APP_URL));
}

/** Starts a flow: its state and verifier wait in a short-lived cookie for the callback. */
function startFlow(c: Context<ApiEnv>, purpose: GrantPurpose, returnTo: string): Flow {
  const flow: Flow = { state: generateState(), verifier: generateCodeVerifier(), purpose, returnTo };
  c.header(
    "Set-Cookie",
    serializeCookie(c.req.raw, hostCookieName(c.req.raw, FLOW_COOKIE), JSON.stringify(flow), {
      maxAgeSeconds: 600,
      path: FLOW_PATH,
    }),
  );
  return flow;
}

function beginGoogle(c: Context<ApiEnv>, purpose: GrantPurpose, returnTo: string) {
  const flow = startFlow(c, purpose, returnTo);
  const url = oauth(c).authorizationUrl(purpose, flow.state, flow.verifier, c.req.query("login_hint"));
  return c.redirect(url.toString(), 302);
}

/** Local development's stand-in for pressing Cancel on Google's consent screen (fake-google.ts). */
function denyLocally(c: Context<ApiEnv>, purpose: GrantPurpose, returnTo: string) {
  const flow = startFlow(c, purpose, returnTo);
  return c.redirect(`/api/auth/google/callback?${new URLSearchParams({ error: "access_denied", state: flow.state })}`, 302);
}

/** Where Cubby's "not connected" screen sends the parent back to (app/lib/google-declined.ts). */
function declinedRedirect(c: Context<ApiEnv>, flow: Flow | null) {
  const access: GoogleAccess = flow?.purpose ?? "signin";
  const defaultNext = access === "signin" ? null : AFTER_GRANT[access];
  return c.redirect(declinedUrl(access, declinedBack(access, flow?.returnTo ?? "", defaultNext)), 302);
}

auth.get("/google", async (c) => {
  if (config(c.env).googleConfigured) return beginGoogle(c, "signin", "");
  if (!localSignInAllowed(c)) {
    return c.json({ error: "Google sign-in is not configured on this server." }, 503);
  }
  if (fakeConsentDenied(c.req.raw)) return denyLocally(c, "signin", "");
  const db = c.get("db");
  const user = await upsertLocalUser(db, c.req.query("login_hint") || DEFAULT_LOCAL_PARENT, signInCountry(c));
  c.header("Set-Cookie", await startSession(db, c.req.raw, user.id));
  return c.redirect(await afterSignIn(c, user), 302);
});

for (const purpose of ["gmail", "gcal"] as const) {
  auth.get(`/google/${purpose}`, async (c) => {
    const userId = c.get("userId");
    if (!userId) return c.redirect("/join", 302);
    const returnTo = safeReturnTo(c.req.query("return"), AFTER_GRANT[purpose], new URL(c.req.url).origin);
    if (config(c.env).googleConfigured) return beginGoogle(c, purpose, returnTo);
    if (!localSignInAllowed(c)) {
      return c.json({ error: "Google access is not configured on this server." }, 503);
    }
    if (fakeConsentDenied(c.req.raw)) return denyLocally(c, purpose, returnTo);
    // Local development: grant the access as Google would, with no tokens to keep.
    await markConnections(c.get("db"), userId, SCOPES[purpose]);
    if (purpose === "gmail") welcomeGmail(c.get("db"), c.env, c.executionCtx, userId);
    return c.redirect(returnTo, 302);
  });
}

auth.get("/google/callback", async (c) => {
  const flowCookie = hostCookieName(c.req.raw, FLOW_COOKIE);
  const raw = readCookie(c.req.raw, flowCookie);
  c.header("Set-Cookie", clearCookie(c.req.raw, flowCookie, FLOW_PATH));
  let flow: Flow | null = null;
  try {
    flow = raw ? (JSON.parse(raw) as Flow) : null;
  } catch {
    flow = null;
  }
  // Cancel or deny on Google's consent screen: nothing to exchange, and no dead end.
  if (c.req.query("error")) {
    return declinedRedirect(c, flow && c.req.query("state") === flow.state ? flow : null);
  }
  const code = c.req.query("code");
  if (!flow || !code || c.req.query("state") !== flow.state) {
    return c.json({ error: "Sign-in could not be verified. Please try again." }, 400);
  }
  const cfg = config(c.env);
  let grant;
  try {
    grant = await oauth(c).exchange(code, flow.verifier);
  } catch (error) {
    console.warn("Google code exchange failed", String(error));
    return c.json({ error: "Google did not accept the sign-in. Please try again." }, 400);
  }
  const db = c.get("db");
  let user: User | undefined;
  if (flow.purpose === "signin") {
    const signedIn = await upsertGoogleUser(db, grant, signInCountry(c));
    if (!signedIn.ok) return c.json({ error: GOOGLE_ACCOUNT_CONFLICT }, 409);
    user = signedIn.user;
    c.header("Set-Cookie", await startSession(db, c.req.raw, user.id), { append: true });
  } else {
    const userId = c.get("userId");
    user = userId ? await findUser(db, userId) : undefined;
    if (!user) return c.redirect("/join", 302);
  }
  if (cfg.TOKEN_KEY) await saveGoogleGrant(db, user.id, grant, cfg.TOKEN_KEY);
  else await markConnections(db, user.id, grant.scopes);
  // The first Gmail check runs now, not at the next 15-minute cron.
  if (flow.purpose === "gmail") welcomeGmail(c.get("db"), c.env, c.executionCtx, user.id);
  const next =
    flow.purpose === "signin"
      ? await afterSignIn(c, user)
      : safeReturnTo(flow.returnTo, AFTER_GRANT[flow.purpose], new URL(c.req.url).origin);
  return c.redirect(next, 302);
});

export const logout = new Hono<ApiEnv>()
  .get("/", async (c) => {
    c.header("Set-Cookie", await endSession(c.get("db"), c.req.raw));
    return c.redirect("/", 302);
  })
  /** The profile's "Log out everywhere": every device of this parent is signed out, this one too. */
  .post("/everywhere", requireUser, async (c) => {
    c.header("Set-Cookie", await endAllSessions(c.get("db"), c.req.raw, c.get("userId")!));
    return c.json({ success: true });
  });
