import { isLocalHost } from "../auth/cookies";
import { config } from "../env";

export type IntegrationMode = "fake" | "real";

/**
 * Whether outside services are the local fakes or the real HTTP services.
 * INTEGRATIONS decides when set; otherwise a localhost APP_URL (development,
 * preview, tests) means the fakes, so nothing local ever reaches the network.
 */
export function integrationMode(env: Env): IntegrationMode {
  const cfg = config(env);
  if (cfg.INTEGRATIONS) return cfg.INTEGRATIONS;
  return isLocalHost(new URL(cfg.APP_URL)) ? "fake" : "real";
}

/**
 * The fakes' own doors (the local push service, the mail outbox) open only on a
 * developer's machine, by the same rule as local sign-in: the fakes are on, the
 * app is configured for localhost, and the request itself is to localhost.
 */
export function localServicesOpen(env: Env, requestUrl: string): boolean {
  return (
    integrationMode(env) === "fake" &&
    isLocalHost(new URL(config(env).APP_URL)) &&
    isLocalHost(new URL(requestUrl))
  );
}
