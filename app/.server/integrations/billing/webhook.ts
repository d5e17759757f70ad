/**
 * What the payment provider tells us (Stripe's event shapes): a finished
 * checkout links the provider's customer to the parent (client_reference_id is
 * their forwarding address id); subscription events carry the whole
 * subscription, whose status, cancel_at_period_end and current_period_end
 * become the parent's (spec §3 "subscription", §4: active, trialing and
 * past_due count as Premium).
 */
import { and, eq, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { billingEvents, forwardingAddresses, users } from "../../db/schema";
import { readWaitingMail } from "../../ingest/monthly-reads";

export interface BillingEvent {
  id: string;
  /** Unix seconds when the provider created the event; deliveries can arrive out of this order. */
  created: number;
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * `duplicate`: this event id was handled before (the provider delivers again
 * until it sees a 2xx). `stale`: an event newer than this one was already
 * applied to the parent. Neither changes anything.
 */
export type BillingOutcome = "applied" | "ignored" | "unknown-customer" | "duplicate" | "stale";

interface Subscription {
  id?: string;
  customer?: string;
  status?: string;
  cancel_at_period_end?: boolean;
  /** Unix seconds; newer API versions keep it on each item instead. */
  current_period_end?: number;
  items?: { data?: { current_period_end?: number }[] };
}

type BillingChanges = Partial<typeof users.$inferInsert>;

async function parentByReference(db: Db, reference: string): Promise<string | null> {
  const address = await db.query.forwardingAddresses.findFirst({
    where: eq(forwardingAddresses.id, reference),
    columns: { userId: true },
  });
  if (address) return address.userId;
  const user = await db.query.users.findFirst({ where: eq(users.id, reference), columns: { id: true } });
  return user?.id ?? null;
}

async function parentByCustomer(db: Db, customer: string): Promise<string | null> {
  const user = await db.query.users.findFirst({ where: eq(users.billingCustomerId, customer), columns: { id: true } });
  return user?.id ?? null;
}

function periodEnd(subscription: Subscription): Date | null {
  const seconds = subscription.current_period_end ?? subscription.items?.data?.[0]?.current_period_end;
  return typeof seconds === "number" ? new Date(seconds * 1000) : null;
}

const text = (value: unknown) => (typeof value === "string" ? value : null);

/** Whose account the event is about and what it changes; null when it is not one we use. */
async function readEvent(db: Db, event: BillingEvent): Promise<{ userId: string | null; changes: BillingChanges } | null> {
  const object = event.data.object;
  if (event.type === "checkout.session.completed") {
    const reference = text(object.client_reference_id);
    return {
      userId: reference ? await parentByReference(db, reference) : null,
      changes: {
        billingCustomerId: text(object.customer),
        ...(text(object.subscription) ? { billingSubscriptionId: text(object.subscription) } : {}),
        // A trial needs no payment; the subscription events that follow carry the exact status.
        subscriptionStatus: object.payment_status === "no_payment_required" ? "trialing" : "active",
      },
    };
  }
  if (event.type.startsWith("customer.subscription.")) {
    const subscription = object as Subscription;
    if (!subscription.customer) return null;
    return {
      userId: await parentByCustomer(db, subscription.customer),
      changes: {
        ...(subscription.id ? { billingSubscriptionId: subscription.id } : {}),
        subscriptionStatus: subscription.status ?? null,
        cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
        currentPeriodEnd: periodEnd(subscription),
      },
    };
  }
  return null;
}

/**
 * Applies the event once and only if it is not older than the last one
 * applied to the parent. Events of the same second are applied in the order
 * they arrive (the provider's timestamps are whole seconds). The change and
 * the record of the event id are one batch, so a delivery racing its own
 * retry cannot apply twice. An event that leaves the parent Premium reads the
 * mail parked beyond Basic's month: upgrading is what it waited for.
 */
export async function applyBillingEvent(db: Db, env: Env, event: BillingEvent): Promise<BillingOutcome> {
  const seen = await db.query.billingEvents.findFirst({ where: eq(billingEvents.id, event.id), columns: { id: true } });
  if (seen) return "duplicate";
  const read = await readEvent(db, event);
  if (!read) return "ignored";
  if (!read.userId) {
    // The end of a subscription nobody here holds (the account was deleted, which cancelled it): nothing to wait for.
    if (event.type === "customer.subscription.deleted") return "ignored";
    // Not recorded: the provider retries after our 409, once the checkout has linked the customer.
    return "unknown-customer";
  }
  const created = new Date(event.created * 1000);
  const [applied, recorded] = await db.batch([
    db
      .update(users)
      .set({ ...read.changes, billingEventAt: created })
      .where(
        and(
          eq(users.id, read.userId),
          or(isNull(users.billingEventAt), lte(users.billingEventAt, created)),
          notExists(db.select({ one: sql`1` }).from(billingEvents).where(eq(billingEvents.id, event.id))),
        ),
      )
      .returning({ id: users.id }),
    db.insert(billingEvents).values({ id: event.id }).onConflictDoNothing().returning({ id: billingEvents.id }),
  ]);
  if (!recorded.length) return "duplicate";
  if (!applied.length) return "stale";
  await readWaitingMail(env, read.userId);
  return "applied";
}

/** Event ids older than the provider's retries (three days) are no longer needed to spot a replay. */
export async function purgeBillingEvents(db: Db, now: Date): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  await db.delete(billingEvents).where(lte(billingEvents.createdAt, monthAgo));
}
