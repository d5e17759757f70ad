/**
 * The real BillingProvider: Stripe Payment Links and the customer portal's
 * login link, configured in the Stripe dashboard (docs/integrations.md). Stripe
 * documents `prefilled_email` and `client_reference_id` as URL parameters of a
 * Payment Link, and `prefilled_email` for the portal login link; no API key is
 * needed to hand them out. Cancelling is an API call (./stripe-subscriptions.ts).
 */
import type { BillingProvider } from "./provider";

export interface PaymentLinks {
  checkout: string;
  checkoutCanada?: string;
  portal: string;
}

function withQuery(base: string, query: Record<string, string>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

export function paymentLinks(
  links: PaymentLinks,
  cancelSubscription: BillingProvider["cancelSubscription"],
): BillingProvider {
  return {
    cancelSubscription,
    checkoutUrl({ email, clientReference, country }) {
      const base = country === "CAN" && links.checkoutCanada ? links.checkoutCanada : links.checkout;
      return withQuery(base, { prefilled_email: email, client_reference_id: clientReference });
    },
    portalUrl(email) {
      return withQuery(links.portal, { prefilled_email: email });
    },
  };
}
