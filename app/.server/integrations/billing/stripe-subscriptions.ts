/**
 * Cancelling a subscription through Stripe's API: DELETE
 * /v1/subscriptions/:id with the secret (or a restricted key allowed to write
 * subscriptions) as Bearer. Stripe answers 404 `resource_missing` for one
 * that no longer exists, which is as good as cancelled here.
 */
import { callService, ServiceRefused } from "../http";

const STRIPE_API = "https://api.stripe.com/v1";

export function stripeCancelSubscription(apiKey: string) {
  return async (subscriptionId: string): Promise<void> => {
    try {
      await callService("Stripe", `${STRIPE_API}/subscriptions/${encodeURIComponent(subscriptionId)}`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${apiKey}` },
      });
    } catch (error) {
      if (error instanceof ServiceRefused && error.status === 404) return;
      throw error;
    }
  };
}
