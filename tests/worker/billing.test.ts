import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { forwardingAddresses, users } from "~/.server/db/schema";
import { FAKE_WEBHOOK_SECRET } from "~/.server/integrations/billing/choose";
import { fakeBilling } from "~/.server/integrations/billing/fake-billing";
import { signPayload } from "~/.server/integrations/billing/signature";
import { claimUsername } from "~/.server/users";
import { call, db, send, signIn } from "./helpers";
import { messagesOf, parentWithInbox, waitForEvents } from "./inbox";
import { deliver, rawMail } from "./mail";

afterEach(() => fakeBilling.reset());

async function parentWithAddress() {
  const parent = await signIn();
  const username = `p${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const claimed = await claimUsername(db(), parent.userId, username, "in.cubby.localhost");
  if (!claimed.ok) throw new Error("username taken");
  return { ...parent, addressId: claimed.forwardingAddress.id };
}

async function subscription(userId: string) {
  const user = (await db().query.users.findFirst({ where: eq(users.id, userId) }))!;
  return {
    status: user.subscriptionStatus,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    currentPeriodEnd: user.currentPeriodEnd?.toISOString() ?? null,
    customer: user.billingCustomerId,
  };
}

/** A webhook as the payment provider sends it: server to server, no cookie, signed. */
async function webhook(event: object, options: { secret?: string; at?: number; tamper?: boolean; headers?: Record<string, string> } = {}) {
  const body = JSON.stringify(event);
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const signature = await signPayload(options.secret ?? FAKE_WEBHOOK_SECRET, body, at);
  return call("/api/billing/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature, ...options.headers },
    body: options.tamper ? body.replace("cus_", "cus_attacker_") : body,
  });
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function checkoutCompleted(reference: string, customer: string, created = nowSeconds()) {
  return {
    id: `evt_${crypto.randomUUID()}`,
    created,
    type: "checkout.session.completed",
    data: { object: { object: "checkout.session", client_reference_id: reference, customer, payment_status: "no_payment_required" } },
  };
}

function subscriptionEvent(type: string, customer: string, fields: Record<string, unknown>, created = nowSeconds()) {
  return {
    id: `evt_${crypto.randomUUID()}`,
    created,
    type,
    data: { object: { object: "subscription", id: `sub_${customer}`, customer, ...fields } },
  };
}

describe("GET /api/billing/checkout and /api/billing/portal", () => {
  it("prefills the parent's e-mail and uses their forwarding address id as client reference", async () => {
    const { cookie, email, addressId, userId } = await parentWithAddress();
    const response = await call("/api/billing/checkout", { cookie });
    expect(response.status).toBe(200);
    const url = new URL(((await response.json()) as { url: string }).url);
    expect(url.searchParams.get("prefilled_email")).toBe(email);
    expect(url.searchParams.get("client_reference_id")).toBe(addressId);
    expect(url.searchParams.get("currency")).toBeNull();

    await db().update(users).set({ country: "CAN" }).where(eq(users.id, userId));
    const canada = new URL(((await (await call("/api/billing/checkout", { cookie })).json()) as { url: string }).url);
    expect(canada.searchParams.get("currency")).toBe("cad");
    expect(canada.searchParams.get("client_reference_id")).toBe(addressId);

    const portal = new URL(((await (await call("/api/billing/portal", { cookie })).json()) as { url: string }).url);
    expect(portal.searchParams.get("prefilled_email")).toBe(email);
  });

  it("the local fake checkout starts the week's trial for the signed-in parent only", async () => {
    const { cookie, userId, addressId } = await parentWithAddress();
    const { url } = (await (await call("/api/billing/checkout", { cookie })).json()) as { url: string };
    const other = await parentWithAddress();
    expect((await call(url, { cookie: other.cookie })).status).toBe(403);
    expect((await subscription(other.userId)).status).toBeNull();

    const done = await call(url, { cookie });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile");
    const now = await subscription(userId);
    expect(now.status).toBe("trialing");
    expect(Date.parse(now.currentPeriodEnd!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(addressId).toBeTruthy();
  });

  it("needs a session", async () => {
    expect((await call("/api/billing/checkout")).status).toBe(401);
    expect((await call("/api/billing/portal")).status).toBe(401);
  });
});

describe("POST /api/billing/webhook", () => {
  it("links the checkout's customer and follows the subscription's life", async () => {
    const { cookie, userId, addressId } = await parentWithAddress();
    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    const linked = await webhook(checkoutCompleted(addressId, customer));
    expect(linked.status).toBe(200);
    expect(await subscription(userId)).toMatchObject({ status: "trialing", customer });

    const periodEnd = Math.floor(Date.UTC(2027, 0, 15) / 1000);
    await webhook(
      subscriptionEvent("customer.subscription.updated", customer, {
        status: "active",
        cancel_at_period_end: true,
        // Newer API versions carry the period on the subscription's items.
        items: { data: [{ current_period_end: periodEnd }] },
      }),
    );
    expect(await subscription(userId)).toEqual({
      status: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: "2027-01-15T00:00:00.000Z",
      customer,
    });
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as {
      user: { subscription: Record<string, unknown> };
    };
    expect(profile.user.subscription).toEqual({
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
      currentPeriodEnd: "2027-01-15T00:00:00.000Z",
    });

    await webhook(subscriptionEvent("customer.subscription.deleted", customer, { status: "canceled", current_period_end: periodEnd }));
    expect((await subscription(userId)).status).toBe("canceled");
  });

  it("refuses signatures that do not verify and changes nothing", async () => {
    const { userId, addressId } = await parentWithAddress();
    const event = checkoutCompleted(addressId, "cus_forged");
    const stale = Math.floor(Date.now() / 1000) - 301;
    const refused = [
      await webhook(event, { secret: "whsec_someone_else" }),
      await webhook(event, { tamper: true }),
      await webhook(event, { at: stale }),
      await webhook(event, { headers: { "Stripe-Signature": "t=1,v1=00" } }),
      await call("/api/billing/webhook", { method: "POST", body: JSON.stringify(event) }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await subscription(userId)).toMatchObject({ status: null, customer: null });
  });

  it("takes an event larger than the 64 KB other /api bodies may have, up to its own 256 KB", async () => {
    const { userId, addressId } = await parentWithAddress();
    const event = checkoutCompleted(addressId, `cus_${crypto.randomUUID().slice(0, 8)}`);
    const large = { ...event, data: { object: { ...event.data.object, metadata: { note: "x".repeat(100 * 1024) } } } };
    expect((await webhook(large)).status).toBe(200);
    expect(await subscription(userId)).toMatchObject({ status: "trialing" });
    const tooLarge = { ...event, data: { object: { ...event.data.object, metadata: { note: "x".repeat(300 * 1024) } } } };
    expect((await webhook(tooLarge)).status).toBe(413);
    // An id or type longer than the provider's is not one of its events.
    expect((await webhook({ ...event, id: `evt_${"x".repeat(300)}` })).status).toBe(400);
  });

  it("keeps the subscription's id, which Delete Account cancels", async () => {
    const { cookie, userId, addressId } = await parentWithAddress();
    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    await webhook(checkoutCompleted(addressId, customer));
    await webhook(subscriptionEvent("customer.subscription.created", customer, { status: "trialing" }));
    const saved = await db().query.users.findFirst({ where: eq(users.id, userId) });
    expect(saved!.billingSubscriptionId).toBe(`sub_${customer}`);

    expect((await send("DELETE", "/api/user/delete", cookie)).status).toBe(200);
    expect(fakeBilling.cancelled).toContain(`sub_${customer}`);
    // Then the provider reports the cancellation, for a customer Cubby no longer has: received, nothing to retry.
    const after = await webhook(subscriptionEvent("customer.subscription.deleted", customer, { status: "canceled" }));
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("answers 409 for a customer it cannot place yet, so the provider retries", async () => {
    const response = await webhook(subscriptionEvent("customer.subscription.updated", "cus_nobody", { status: "active" }));
    expect(response.status).toBe(409);
    expect((await webhook(checkoutCompleted("no-such-reference", "cus_nobody"))).status).toBe(409);
  });

  it("applies an event delivered again only once, even after another event of the same second", async () => {
    const { userId, addressId } = await parentWithAddress();
    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    const second = nowSeconds() - 60;
    await webhook(checkoutCompleted(addressId, customer, second - 10));
    const pastDue = subscriptionEvent("customer.subscription.updated", customer, { status: "past_due" }, second);
    const active = subscriptionEvent("customer.subscription.updated", customer, { status: "active" }, second);
    expect((await webhook(pastDue)).status).toBe(200);
    expect((await webhook(active)).status).toBe(200);
    expect((await subscription(userId)).status).toBe("active");

    // The provider delivers the first one again (it missed our 200): answered 200, nothing changes.
    const again = await webhook(pastDue);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, outcome: "duplicate" });
    expect((await subscription(userId)).status).toBe("active");
  });

  it("ignores an event older than the last one applied: a late cancellation does not end a newer subscription", async () => {
    const { cookie, userId, addressId } = await parentWithAddress();
    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    const start = nowSeconds() - 3_600;
    await webhook(checkoutCompleted(addressId, customer, start));
    const canceled = subscriptionEvent("customer.subscription.deleted", customer, { status: "canceled" }, start + 60);
    const active = subscriptionEvent(
      "customer.subscription.updated",
      customer,
      { status: "active", cancel_at_period_end: false, current_period_end: start + 30 * 86_400 },
      start + 120,
    );
    expect((await webhook(active)).status).toBe(200);
    const late = await webhook(canceled);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true, outcome: "stale" });
    // A late checkout is no newer either.
    await webhook(checkoutCompleted(addressId, `cus_other_${customer}`, start + 30));

    expect(await subscription(userId)).toMatchObject({ status: "active", customer });
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as {
      user: { subscription: { subscriptionStatus: string } };
    };
    expect(profile.user.subscription.subscriptionStatus).toBe("active");
  });

  it("ignores events it has no use for", async () => {
    const response = await webhook({ id: "evt_1", created: nowSeconds(), type: "invoice.paid", data: { object: { customer: "cus_x" } } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("is exempt from the origin guard, and only that exact path is", async () => {
    const crossSite = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    const { addressId } = await parentWithAddress();
    // Reaches the handler: the signature, not the origin, decides.
    const signed = await webhook(checkoutCompleted(addressId, "cus_cross"), { headers: crossSite });
    expect(signed.status).toBe(200);
    const unsigned = await call("/api/billing/webhook", { method: "POST", headers: crossSite, body: "{}" });
    expect(unsigned.status).toBe(400);
    for (const path of ["/api/billing/webhook/", "/api/billing/webhooks", "/api/billing/checkout", "/api/events/x/like"]) {
      expect((await call(path, { method: "POST", headers: crossSite, body: "{}" })).status).toBe(403);
    }
    expect((await call("/api/billing/webhook", { method: "PUT", headers: crossSite, body: "{}" })).status).toBe(403);
  });
});

describe("mail waiting beyond Basic's five a month", () => {
  async function waitingMessages(cookie: string) {
    const profile = (await (await call("/api/user/profile", { cookie })).json()) as { user: { waitingMessages: number } };
    return profile.user.waitingMessages;
  }

  it("is counted on the profile, and read once the webhook makes the parent Premium", async () => {
    const parent = await parentWithInbox();
    const address = await db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, parent.userId) });
    for (let day = 1; day <= 7; day++) {
      const text = `Hello families,\n\nBake Sale ${day} is on Friday, December ${day + 10}, 2026.\n\nMs. Rivera`;
      await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${day}`, text }));
    }
    expect((await messagesOf(parent.userId)).filter((m) => m.status === "limited")).toHaveLength(2);
    expect(await waitingMessages(parent.cookie)).toBe(2);
    expect(await waitForEvents(parent.cookie, 5)).toHaveLength(5);

    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    expect((await webhook(checkoutCompleted(address!.id, customer))).status).toBe(200);

    const found = await waitForEvents(parent.cookie, 7);
    expect(found.map((e) => e.eventName).filter((name) => /Bake Sale [67]\b/.test(name))).toHaveLength(2);
    expect((await messagesOf(parent.userId)).filter((m) => m.status === "limited")).toHaveLength(0);
    expect(await waitingMessages(parent.cookie)).toBe(0);
  });

  it("stays waiting for an event that leaves the parent Basic", async () => {
    const parent = await parentWithInbox();
    const address = await db().query.forwardingAddresses.findFirst({ where: eq(forwardingAddresses.userId, parent.userId) });
    for (let i = 0; i < 6; i++) await deliver(parent.address, rawMail({ to: parent.address, subject: `Note ${i}`, text: "Hello" }));
    const customer = `cus_${crypto.randomUUID().slice(0, 8)}`;
    await webhook(checkoutCompleted(address!.id, customer));
    await db().update(users).set({ subscriptionStatus: "canceled" }).where(eq(users.id, parent.userId));
    await deliver(parent.address, rawMail({ to: parent.address, subject: "Seventh", text: "Hello" }));
    await webhook(subscriptionEvent("customer.subscription.updated", customer, { status: "canceled" }));
    expect(await waitingMessages(parent.cookie)).toBe(1);
  });
});
