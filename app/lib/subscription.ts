/** spec §4: active, trialing and past_due count as Premium; any other status is Basic. */
const PREMIUM_STATUSES = new Set(["active", "trialing", "past_due"]);

export function isPremium(subscriptionStatus: string | null | undefined): boolean {
  return subscriptionStatus != null && PREMIUM_STATUSES.has(subscriptionStatus);
}
