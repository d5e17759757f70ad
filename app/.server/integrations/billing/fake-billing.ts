/**
 * The payment provider's side of the local fake: which subscriptions Cubby
 * cancelled (as Stripe's DELETE /v1/subscriptions/:id would). Tests read it
 * and steer an outage; state lives in the isolate, never on the network.
 */
import { ServiceUnavailable } from "../http";

export const fakeBilling = {
  cancelled: new Set<string>(),
  /** While true the provider answers 503, as during an outage. */
  outage: false,

  async cancelSubscription(subscriptionId: string): Promise<void> {
    if (this.outage) throw new ServiceUnavailable("Billing", 503);
    this.cancelled.add(subscriptionId);
  },

  reset() {
    this.cancelled.clear();
    this.outage = false;
  },
};
