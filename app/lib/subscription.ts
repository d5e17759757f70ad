/** spec §4: active, trialing and past_due count as Premium; any other status is Basic. */
export const PREMIUM_STATUSES = ["active", "trialing", "past_due"] as const;
const premium = new Set<string>(PREMIUM_STATUSES);

export function isPremium(subscriptionStatus: string | null | undefined): boolean {
  return subscriptionStatus != null && premium.has(subscriptionStatus);
}

/** What a Basic parent is told about the URL widget, by the API and the widget alike. */
export const PREMIUM_URLS = "Importing web pages and PDFs is a Premium feature.";

/** What a Basic parent is told on the Enable Notifications screen (spec §6: push notifications are Premium). */
export const PREMIUM_PUSH = "Reminders on your phone are a Premium feature.";
