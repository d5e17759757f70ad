/** Delete Account against the real Stripe and Google endpoints, answered by a script. */
import { describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { deleteAccountEverywhere } from "~/.server/account-deletion";
import { users } from "~/.server/db/schema";
import { grantGoogle } from "./google-grant";
import { db, signIn } from "./helpers";
import { realEnv, stubFetch } from "./outbound";

const BILLING = {
  BILLING_CHECKOUT_URL: "https://buy.stripe.com/test_checkout",
  BILLING_PORTAL_URL: "https://billing.stripe.com/p/login/test_portal",
};

async function subscriber() {
  const parent = await signIn();
  const subscriptionId = `sub_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
  await db()
    .update(users)
    .set({ subscriptionStatus: "active", billingCustomerId: "cus_real", billingSubscriptionId: subscriptionId })
    .where(eq(users.id, parent.userId));
  return { ...parent, subscriptionId, grant: await grantGoogle(parent.userId, "gmail") };
}

const exists = async (userId: string) => Boolean(await db().query.users.findFirst({ where: eq(users.id, userId) }));

describe("Delete Account with the real services", () => {
  it("cancels at Stripe with the API key, then revokes the refresh token at Google", async () => {
    const parent = await subscriber();
    const seen = stubFetch((request) =>
      request.url.startsWith("https://api.stripe.com/")
        ? Response.json({ id: parent.subscriptionId, object: "subscription", status: "canceled" })
        : new Response(null, { status: 200 }),
    );
    const real = realEnv(env, { ...BILLING, BILLING_API_KEY: "rk_test_cancel" });
    expect(await deleteAccountEverywhere(db(), real, parent.userId)).toEqual({ ok: true });

    expect(seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      `DELETE https://api.stripe.com/v1/subscriptions/${parent.subscriptionId}`,
      "POST https://oauth2.googleapis.com/revoke",
    ]);
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer rk_test_cancel");
    expect(new URLSearchParams(seen[1]!.body).get("token")).toBe(parent.grant.refreshToken);
    expect(seen[1]!.headers.get("Authorization")).toMatch(/^Basic /);
    expect(await exists(parent.userId)).toBe(false);
  });

  it("counts a subscription Stripe no longer has as cancelled", async () => {
    const parent = await subscriber();
    stubFetch((request) =>
      request.url.startsWith("https://api.stripe.com/")
        ? Response.json({ error: { code: "resource_missing", type: "invalid_request_error" } }, { status: 404 })
        : Response.json({ error: "invalid_token" }, { status: 400 }),
    );
    const real = realEnv(env, { ...BILLING, BILLING_API_KEY: "rk_test_cancel" });
    expect(await deleteAccountEverywhere(db(), real, parent.userId)).toEqual({ ok: true });
    expect(await exists(parent.userId)).toBe(false);
  });

  it("keeps the account of a subscriber when no API key can cancel the subscription", async () => {
    const parent = await subscriber();
    const seen = stubFetch(() => new Response(null, { status: 200 }));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await deleteAccountEverywhere(db(), realEnv(env, BILLING), parent.userId)).toEqual({ ok: false, status: 503 });
    expect(seen).toEqual([]);
    expect(await exists(parent.userId)).toBe(true);
  });
});
