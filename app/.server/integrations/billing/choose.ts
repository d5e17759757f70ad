import { config } from "../../env";
import { integrationMode, localServicesOpen } from "../mode";
import { fakeBilling } from "./fake-billing";
import { paymentLinks } from "./payment-links";
import { BillingNotConfigured, type BillingProvider } from "./provider";
import { stripeCancelSubscription } from "./stripe-subscriptions";

/**
 * The local fake hands out links to Cubby's own fake checkout and portal
 * (workers/api/billing.ts), which play the payment provider's part: the
 * checkout makes the parent Premium through the same code a verified webhook
 * runs, so the whole loop works offline.
 */
export function chooseBilling(env: Env): BillingProvider | null {
  const cfg = config(env);
  if (integrationMode(env) === "fake") {
    return paymentLinks(
      {
        checkout: `${cfg.APP_URL}/api/billing/fake/checkout`,
        checkoutCanada: `${cfg.APP_URL}/api/billing/fake/checkout?currency=cad`,
        portal: `${cfg.APP_URL}/api/billing/fake/portal`,
      },
      (id) => fakeBilling.cancelSubscription(id),
    );
  }
  if (!cfg.BILLING_CHECKOUT_URL || !cfg.BILLING_PORTAL_URL) return null;
  return paymentLinks(
    {
      checkout: cfg.BILLING_CHECKOUT_URL,
      checkoutCanada: cfg.BILLING_CHECKOUT_URL_CA,
      portal: cfg.BILLING_PORTAL_URL,
    },
    cfg.BILLING_API_KEY
      ? stripeCancelSubscription(cfg.BILLING_API_KEY)
      : () => Promise.reject(new BillingNotConfigured()),
  );
}

/**
 * Published in this repository, so it may only ever verify a webhook on a
 * developer's own machine: the same gate as /api/dev/* (localServicesOpen),
 * never configuration alone. Real deployments set BILLING_WEBHOOK_SECRET.
 */
export const FAKE_WEBHOOK_SECRET = "whsec_cubby_local_fake_secret";

export function webhookSecret(env: Env, requestUrl: string): string | null {
  const secret = config(env).BILLING_WEBHOOK_SECRET;
  if (secret) return secret;
  return localServicesOpen(env, requestUrl) ? FAKE_WEBHOOK_SECRET : null;
}
