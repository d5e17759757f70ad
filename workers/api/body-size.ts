import { createMiddleware } from "hono/factory";
import { bodyLimit } from "hono/body-limit";
import { problem, type ApiEnv } from "./context";

/**
 * Request bodies under /api: the app's own JSON is a few hundred bytes (the
 * largest, a list of 30 teacher names, a few KB), so 64 KB is far above any real
 * request and keeps a scripted one from making the Worker read megabytes.
 */
export const API_BODY_MAX = 64 * 1024;

/**
 * Answers 413 when the body is larger: by Content-Length, or counted as it
 * streams in. A body refused by its Content-Length is left unread here and
 * drained by workers/worker.ts (cloudflare/workerd#1741).
 */
export function limitBody(maxSize: number) {
  return bodyLimit({ maxSize, onError: (c) => c.json(problem("That request is too large."), 413) });
}

/** Routes that set their own limit, after their own checks: the billing webhook and the local services. */
const OWN_LIMIT = [/^\/api\/billing\/webhook$/, /^\/api\/dev(\/|$)/];

const apiLimit = limitBody(API_BODY_MAX);

export const apiBodyLimit = createMiddleware<ApiEnv>(async (c, next) => {
  if (OWN_LIMIT.some((path) => path.test(c.req.path))) return next();
  return apiLimit(c, next);
});
