/**
 * Cross-site request forgery guard for every state-changing request, API and
 * React Router actions alike. Browsers always send Origin on such requests
 * (and Sec-Fetch-Site on modern ones); a mismatch means another site is
 * driving the parent's browser, so we refuse before any handler runs.
 */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Writes that prove themselves with a signature over their body instead of
 * an origin: the payment provider's webhook (workers/api/billing.ts refuses
 * any request whose signature does not verify). Exact paths, POST only.
 */
const SIGNATURE_VERIFIED_POSTS = new Set(["/api/billing/webhook"]);

export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.method === "POST" && SIGNATURE_VERIFIED_POSTS.has(new URL(request.url).pathname)) return false;
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

export function refuseCrossOrigin(): Response {
  return Response.json({ error: "Cross-origin request refused." }, { status: 403 });
}
