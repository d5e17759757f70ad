import { Hono } from "hono";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { forwardingAddresses } from "~/.server/db/schema";
import { chooseBilling, webhookSecret } from "~/.server/integrations/billing/choose";
import { verifySignature } from "~/.server/integrations/billing/signature";
import { applyBillingEvent } from "~/.server/integrations/billing/webhook";
import { localServicesOpen } from "~/.server/integrations/mode";
import { findUser } from "~/.server/users";
import type { Db } from "~/.server/db/client";
import { limitBody } from "./body-size";
import { problem, requireUser, type ApiEnv } from "./context";

const BillingEventShape = z.object({
  id: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  type: z.string().max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Stripe's events are a few kilobytes; anything far larger is not one. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/** spec: the client reference of a checkout is the parent's forwarding address id. */
async function clientReference(db: Db, userId: string): Promise<string> {
  const address = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.userId, userId),
    columns: { id: true },
  });
  return address?.id ?? userId;
}

const NOT_CONFIGURED = "Billing is not configured on this server.";

/**
 * Premium: the checkout and portal links for the signed-in parent, and the
 * payment provider's webhook. The webhook has no session and no same-origin
 * Origin; its signature is what proves it (workers/origin.ts exempts exactly
 * this path from the origin guard for that reason).
 */
export const billingApi = new Hono<ApiEnv>()
  .post("/webhook", limitBody(MAX_WEBHOOK_BYTES), async (c) => {
    const secret = webhookSecret(c.env, c.req.url);
    if (!secret) return c.json(problem(NOT_CONFIGURED), 503);
    const body = await c.req.text();
    if (!(await verifySignature(secret, c.req.header("Stripe-Signature"), body))) {
      return c.json(problem("Webhook signature does not verify."), 400);
    }
    let event;
    try {
      event = BillingEventShape.parse(JSON.parse(body));
    } catch {
      return c.json(problem("Not a billing event."), 400);
    }
    const outcome = await applyBillingEvent(c.get("db"), c.env, event);
    // Events can arrive before the checkout that links their customer: 409 makes the provider retry later.
    if (outcome === "unknown-customer") return c.json(problem("No parent for this customer yet."), 409);
    // A replayed or out-of-date event answers 200 too: it was received, and retrying it would change nothing.
    return c.json({ received: true, outcome });
  })
  .get("/checkout", requireUser, async (c) => {
    const billing = chooseBilling(c.env);
    if (!billing) return c.json(problem(NOT_CONFIGURED), 503);
    const db = c.get("db");
    const userId = c.get("userId")!;
    const user = await findUser(db, userId);
    if (!user) return c.json(problem("Not signed in."), 401);
    const url = billing.checkoutUrl({
      email: user.email,
      clientReference: await clientReference(db, userId),
      country: user.country,
    });
    return c.json({ url });
  })
  .get("/portal", requireUser, async (c) => {
    const billing = chooseBilling(c.env);
    if (!billing) return c.json(problem(NOT_CONFIGURED), 503);
    const user = await findUser(c.get("db"), c.get("userId")!);
    if (!user) return c.json(problem("Not signed in."), 401);
    return c.json({ url: billing.portalUrl(user.email) });
  })
  // The local fake's checkout and portal pages: a week's trial at once. They hand out Premium,
  // so they open exactly where /api/dev/* does (localServicesOpen), never on configuration alone.
  .get("/fake/checkout", requireUser, async (c) => {
    if (!localServicesOpen(c.env, c.req.url)) return c.json(problem("Not found."), 404);
    const db = c.get("db");
    const userId = c.get("userId")!;
    const reference = await clientReference(db, userId);
    if (c.req.query("client_reference_id") !== reference) return c.json(problem("Not your checkout."), 403);
    const customer = `cus_fake_${userId.replaceAll("-", "").slice(0, 14)}`;
    const subscription = `sub_fake_${crypto.randomUUID().replaceAll("-", "").slice(0, 14)}`;
    const created = Math.floor(Date.now() / 1000);
    const weekFromNow = created + 7 * 86_400;
    await applyBillingEvent(db, c.env, {
      id: `evt_fake_checkout_${subscription}`,
      created,
      type: "checkout.session.completed",
      data: { object: { client_reference_id: reference, customer, subscription, payment_status: "no_payment_required" } },
    });
    await applyBillingEvent(db, c.env, {
      id: `evt_fake_subscription_${subscription}`,
      created,
      type: "customer.subscription.created",
      data: {
        object: { id: subscription, customer, status: "trialing", cancel_at_period_end: false, current_period_end: weekFromNow },
      },
    });
    return c.redirect("/profile", 302);
  })
  .get("/fake/portal", requireUser, (c) => {
    if (!localServicesOpen(c.env, c.req.url)) return c.json(problem("Not found."), 404);
    return c.redirect("/profile", 302);
  });
