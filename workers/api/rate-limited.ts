import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { TOO_MANY_REQUESTS, withinLimit, type Limiter } from "~/.server/rate-limit";
import { problem, type ApiEnv } from "./context";

/** Who a request is counted against; null: nobody to count it against, so it is not limited. */
type KeyOf = (c: Context<ApiEnv>) => string | null;

/**
 * The client's address as Cloudflare saw it. The platform always sets it at the edge and
 * `vite dev`/`vite preview` set it locally; only requests made inside the Worker (tests) lack it.
 */
export const byIp: KeyOf = (c) => c.req.header("CF-Connecting-IP") ?? null;

/** The signed-in parent: behind requireUser, so never null there. */
export const byParent: KeyOf = (c) => c.get("userId");

/** Answers 429 with a clear JSON error once `keyOf`'s requests pass `limiter`'s limit (ADR 018). */
export function rateLimited(limiter: Limiter, keyOf: KeyOf) {
  return createMiddleware<ApiEnv>(async (c, next) => {
    const key = keyOf(c);
    if (key !== null && !(await withinLimit(c.env, limiter, key))) return c.json(problem(TOO_MANY_REQUESTS), 429);
    await next();
  });
}
