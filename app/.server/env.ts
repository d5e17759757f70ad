import { z } from "zod";
import { bareAddress } from "~/lib/app-address";

/**
 * The Worker's configuration, parsed once per isolate. Secrets stay here on the
 * server; `clientConfig` is the whitelist that may reach the browser.
 */
const EnvSchema = z.object({
  INBOUND_DOMAIN: z.string().min(3),
  APP_URL: z.url(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Base64 (32 bytes) or any long passphrase; encrypts Google tokens at rest. */
  TOKEN_KEY: z.string().min(16).optional(),
  EXTRACTOR: z.enum(["builtin", "llm"]).default("builtin"),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url().optional(),
  EXTRACT_MODEL: z.string().optional(),
  /**
   * Outside services (Calendar, Gmail, weather, billing, push, e-mail): 'fake'
   * uses the local fakes, 'real' the HTTP services. Unset: fake when APP_URL is
   * localhost, real anywhere else (see docs/integrations.md).
   */
  INTEGRATIONS: z.enum(["fake", "real"]).optional(),
  /** Open-Meteo forecast endpoint; a self-hosted or commercial instance may replace it. */
  WEATHER_URL: z.url().optional(),
  /** Payment links (checkout, Canada and default), the billing portal, the webhook secret. */
  BILLING_CHECKOUT_URL: z.url().optional(),
  BILLING_CHECKOUT_URL_CA: z.url().optional(),
  BILLING_PORTAL_URL: z.url().optional(),
  BILLING_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Stripe secret or restricted key (subscriptions: write): cancels the subscription of a deleted account. */
  BILLING_API_KEY: z.string().min(8).optional(),
  /** Web Push (VAPID): base64url P-256 public key and private scalar, and a mailto: or https contact. */
  VAPID_PUBLIC_KEY: z.string().min(80).optional(),
  VAPID_PRIVATE_KEY: z.string().min(40).optional(),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:)/).optional(),
  /** Sending e-mail (weekly previews): the sender address and a Resend API key. */
  MAIL_FROM: z.string().optional(),
  RESEND_API_KEY: z.string().optional(),
});

export type Config = z.infer<typeof EnvSchema> & { googleConfigured: boolean };

const parsed = new WeakMap<object, Config>();

export function config(env: Env): Config {
  let value = parsed.get(env);
  if (!value) {
    const result = EnvSchema.parse(env);
    value = {
      ...result,
      googleConfigured: Boolean(result.GOOGLE_CLIENT_ID && result.GOOGLE_CLIENT_SECRET),
    };
    parsed.set(env, value);
  }
  return value;
}

/** The only configuration the browser ever sees. */
export function clientConfig(env: Env) {
  const { INBOUND_DOMAIN, APP_URL, MAIL_FROM } = config(env);
  // Cubby's own sender address (not a secret): its messages show the app icon (spec §6).
  return { inboundDomain: INBOUND_DOMAIN, appUrl: APP_URL, appAddress: bareAddress(MAIL_FROM) };
}
