/**
 * What the Upgrade card and the profile's plan badge decide from a
 * subscription, kept free of React so it can be tested on its own.
 */
import type { Subscription } from "~/lib/profile";
import { isPremium } from "~/lib/subscription";

/** spec §6 "Basic", word for word. */
export const BASIC_FEATURES = [
  "5 emails per month",
  "School calendars",
  "Local weather",
  "Calendar conflicts",
  "Save to external calendar",
] as const;

/** spec §6 "Premium adds", word for word. */
export const PREMIUM_ADDS = [
  "Unlimited emails",
  "Events from webpages and PDFs",
  "Sharing events with partners",
  "Push notifications",
  "Homescreen app",
  "Weekly previews",
] as const;

/** spec §6's Premium features as one sentence: "Unlimited emails, events from webpages and PDFs, … and weekly previews." */
export function premiumSentence(): string {
  const [first, ...rest] = PREMIUM_ADDS;
  const tail = rest.map((feature) => feature[0]!.toLowerCase() + feature.slice(1));
  return `${[first, ...tail.slice(0, -1)].join(", ")} and ${tail.at(-1)}.`;
}

/** spec §9. */
export const PREMIUM_PRICE = "Premium: one week free, then $4.99 per month.";

export interface ComparisonRow {
  feature: string;
  basic: boolean;
  premium: boolean;
}

/**
 * The card's table: every Basic feature, then what Premium adds. Premium has
 * everything but the 5-email cap, which "Unlimited emails" replaces; so that
 * pair sits together at the top.
 */
export function comparison(): ComparisonRow[] {
  const [cap, ...shared] = BASIC_FEATURES;
  const [unlimited, ...extras] = PREMIUM_ADDS;
  return [
    { feature: cap, basic: true, premium: false },
    { feature: unlimited, basic: false, premium: true },
    ...shared.map((feature) => ({ feature, basic: true, premium: true })),
    ...extras.map((feature) => ({ feature, basic: false, premium: true })),
  ];
}

export type SubscriptionView =
  | { plan: "basic" }
  /** `cancelsOn` is spec §4's "Cancels on {date}" date, or null when the plan renews. */
  | { plan: "premium"; cancelsOn: string | null };

/** spec §4: which plan the parent is on, and whether it ends at the period's end. */
export function subscriptionView(subscription: Subscription): SubscriptionView {
  if (!isPremium(subscription.subscriptionStatus)) return { plan: "basic" };
  const { cancelAtPeriodEnd, currentPeriodEnd } = subscription;
  return { plan: "premium", cancelsOn: cancelAtPeriodEnd && currentPeriodEnd ? cancelDate(currentPeriodEnd) : null };
}

function cancelDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
