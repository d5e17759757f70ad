/**
 * spec §3's country ("CAN or other") comes from where Cloudflare saw the
 * sign-in, and picks spec §7's Canadian checkout link.
 */
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "~/.server/db/schema";
import { countryFromCf } from "~/.server/users";
import { api } from "../../workers/api";
import { call, cookieFrom, db, uniqueEmail } from "./helpers";

afterEach(() => vi.restoreAllMocks());

/** Local sign-in from a given country, as Cloudflare's edge would describe the request. */
async function signInFrom(email: string, country?: string) {
  const response = await call(`/api/auth/google?login_hint=${encodeURIComponent(email)}`, {
    // workerd hands a request's `cf` through to the handler as `request.cf`.
    cf: country ? ({ country } as RequestInit["cf"]) : undefined,
  });
  expect(response.status).toBe(302);
  return cookieFrom(response);
}

async function storedCountry(email: string) {
  return (await db().query.users.findFirst({ where: eq(users.email, email) }))?.country;
}

async function checkoutUrl(cookie: string) {
  const response = await call("/api/billing/checkout", { cookie });
  expect(response.status).toBe(200);
  return new URL(((await response.json()) as { url: string }).url);
}

describe("countryFromCf", () => {
  it("maps Canada to CAN and any other known country to other", () => {
    expect(countryFromCf("CA")).toBe("CAN");
    expect(countryFromCf("ca")).toBe("CAN");
    expect(countryFromCf("US")).toBe("other");
    expect(countryFromCf("FR")).toBe("other");
  });

  it("knows nothing when Cloudflare does not", () => {
    for (const unknown of [undefined, null, "", "XX", "T1", 42]) expect(countryFromCf(unknown)).toBeNull();
  });
});

describe("the country at sign-in", () => {
  it("gives a parent signing in from Canada the Canadian checkout", async () => {
    const email = uniqueEmail("canada");
    const cookie = await signInFrom(email, "CA");
    expect(await storedCountry(email)).toBe("CAN");
    // The local fake's Canadian checkout is the one with ?currency=cad (integrations/billing/choose.ts).
    expect((await checkoutUrl(cookie)).searchParams.get("currency")).toBe("cad");
  });

  it("gives a parent from anywhere else the default checkout", async () => {
    const email = uniqueEmail("usa");
    const cookie = await signInFrom(email, "US");
    expect(await storedCountry(email)).toBe("other");
    expect((await checkoutUrl(cookie)).searchParams.get("currency")).toBeNull();
  });

  it("follows the parent when they sign in again from elsewhere", async () => {
    const email = uniqueEmail("mover");
    await signInFrom(email, "US");
    const cookie = await signInFrom(email, "CA");
    expect(await storedCountry(email)).toBe("CAN");
    expect((await checkoutUrl(cookie)).searchParams.get("currency")).toBe("cad");
  });

  it("keeps what it knew when the request carries no country (local development)", async () => {
    const email = uniqueEmail("local");
    await signInFrom(email);
    expect(await storedCountry(email)).toBeNull();
    await signInFrom(email, "CA");
    await signInFrom(email);
    expect(await storedCountry(email)).toBe("CAN");
  });
});

describe("the country at Google sign-in", () => {
  /** The Worker configured with a Google client, as in production. */
  const googleEnv = { ...env, GOOGLE_CLIENT_ID: "client-123", GOOGLE_CLIENT_SECRET: "secret-456" };

  function viaGoogle(path: string, init: RequestInit = {}) {
    return api.request(new Request(`http://localhost:5173${path}`, { redirect: "manual", ...init }), undefined, googleEnv);
  }

  /** Google's token endpoint answering the consent with an ID token for this parent. */
  function fakeTokenEndpoint(email: string) {
    const part = (o: unknown) => btoa(JSON.stringify(o)).replaceAll("=", "").replaceAll("+", "-").replaceAll("/", "_");
    const idToken = `${part({ alg: "RS256", typ: "JWT" })}.${part({ sub: crypto.randomUUID(), email, email_verified: true })}.signature`;
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      Response.json({ access_token: "ya29.access", expires_in: 3599, token_type: "Bearer", scope: "openid email", id_token: idToken }),
    );
  }

  it("records Canada for a parent coming back from Google in Canada", async () => {
    const begin = await viaGoogle("/api/auth/google");
    const flowCookie = cookieFrom(begin, "cubby_oauth");
    const { state } = JSON.parse(decodeURIComponent(flowCookie.slice("cubby_oauth=".length))) as { state: string };
    const email = uniqueEmail("quebec");
    fakeTokenEndpoint(email);

    const response = await viaGoogle(`/api/auth/google/callback?code=c&state=${state}`, {
      headers: { Cookie: flowCookie },
      cf: { country: "CA" } as RequestInit["cf"],
    });
    expect(response.status).toBe(302);
    expect(await storedCountry(email)).toBe("CAN");
  });
});
