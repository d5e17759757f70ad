/**
 * Premium billing as the app uses it (spec §7 "External links"): a checkout
 * link (a Canadian and a default variant) with the parent's e-mail prefilled
 * and a client reference equal to their forwarding address id, and a billing
 * portal link. Both are pages of the card payment provider; what comes back
 * is the provider's signed webhook (./webhook.ts).
 */
export interface CheckoutRequest {
  email: string;
  /** The forwarding address id (spec), or the user id before a username is chosen. */
  clientReference: string;
  /** 'CAN' picks the Canadian checkout. */
  country: string | null;
}

export interface BillingProvider {
  checkoutUrl(request: CheckoutRequest): string;
  portalUrl(email: string): string;
  /**
   * Ends the subscription now (the parent deleted their account). One that
   * is already gone counts as cancelled; a provider failure throws.
   */
  cancelSubscription(subscriptionId: string): Promise<void>;
}

/** The deployment has no provider API key, so nothing can be cancelled from Cubby. */
export class BillingNotConfigured extends Error {
  constructor() {
    super("Billing API key is not configured");
    this.name = "BillingNotConfigured";
  }
}
