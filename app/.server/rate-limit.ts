/**
 * The Workers Rate Limiting bindings (wrangler.toml [[ratelimits]], ADR 018):
 * burst guards in front of what costs Cubby or a stranger something. Each
 * counts per Cloudflare location and per minute, approximately: a guard against
 * floods, not an allowance (those are counted in D1, e.g. 3 previews a day).
 */

export type Limiter =
  | "SIGN_IN_LIMITER"
  | "USERNAME_LIMITER"
  | "CHECKURL_LIMITER"
  | "PREVIEW_LIMITER"
  | "INBOUND_LIMITER";

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/**
 * Whether one more request under `key` is within `limiter`'s limit (and counts it). A
 * deployment without the binding (configured before it existed) or a limiter that fails
 * lets the request through: a burst guard must never be what takes Cubby down.
 */
export async function withinLimit(env: Env, limiter: Limiter, key: string): Promise<boolean> {
  const binding = (env as Partial<Record<Limiter, RateLimit>>)[limiter];
  if (typeof binding?.limit !== "function") return true;
  try {
    const { success } = await binding.limit({ key });
    return success;
  } catch (error) {
    console.warn("Rate limiter unavailable; letting the request through", limiter, String(error));
    return true;
  }
}
