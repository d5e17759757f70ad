/**
 * What the payment provider tells us (Stripe's event shapes): a finished
 * checkout links the provider's customer to the parent (client_reference_id is
 * their forwarding address id); subscription events carry the whole
 * subscription, whose status, cancel_at_period_end and current_period_end
 * become the parent's (spec §3 "subscription", §4: active, trialing and
 * past_due count as Premium).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { forwardingAddresses, users } from "../../db/schema";

export interface BillingEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

export type BillingOutcome = "applied" | "ignored" | "unknown-customer";

interface Subscription {
  customer?: string;
  status?: string;
  cancel_at_period_end?: boolean;
  /** Unix seconds; newer API versions keep it on each item instead. */
  current_period_end?: number;
  items?: { data?: { current_period_end?: number }[] };
}

async function parentByReference(db: Db, reference: string): Promise<string | null> {
  const address = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.id, reference),
    columns: { userId: true },
  });
  if (address) return address.userId;
  const user = await db.query.users.findFirst({ where: eq(users.id, reference), columns: { id: true } });
  return user?.id ?? null;
}

function periodEnd(subscription: Subscription): Date | null {
  const seconds = subscription.current_period_end ?? subscription.items?.data?.[0]?.current_period_end;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

export async function applyBillingEvent(db: Db, event: BillingEvent): Promise<BillingOutcome> {
  const object = event.data.object;
  if (event.type === "checkout.session.completed") {
    const reference = typeof object.client_reference_id === "string" ? object.client_reference_id : null;
    const userId = reference ? await parentByReference(db, reference) : null;
    if (!userId) return "unknown-customer";
    // A trial needs no payment; the subscription events that follow carry the exact status.
    const status = object.payment_status === "no_payment_required" ? "trialing" : "active";
    await db
      .update(users)
      .set({
        billingCustomerId: typeof object.customer === "string" ? object.customer : null,
        subscriptionStatus: status,
      })
      .where(eq(users.id, userId));
    return "applied";
  }
  if (event.type.startsWith("customer.subscription.")) {
    const subscription = object as Subscription;
    if (!subscription.customer) return "ignored";
    const [updated] = await db
      .update(users)
      .set({
        subscriptionStatus: subscription.status ?? null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        currentPeriodEnd: periodEnd(subscription),
      })
      .where(eq(users.billingCustomerId, subscription.customer))
      .returning({ id: users.id });
    return updated ? "applied" : "unknown-customer";
  }
  return "ignored";
}
