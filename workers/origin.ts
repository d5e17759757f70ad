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

/**
 * Writes whose credential is a token in their URL instead of a session: the
 * weekly preview's one-click unsubscribe (RFC 8058), which the mail provider
 * POSTs from its own servers. The token is an HMAC for one parent's one copy
 * (app/.server/integrations/mail/list-unsubscribe.ts) and all it can do is
 * stop that copy. Exact paths, POST only.
 */
const TOKEN_VERIFIED_POSTS = new Set(["/api/mail/unsubscribe"]);

export function isCrossOriginWrite(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const { pathname } = new URL(request.url);
  if (request.method === "POST" && (SIGNATURE_VERIFIED_POSTS.has(pathname) || TOKEN_VERIFIED_POSTS.has(pathname))) {
    return false;
  }
  const origin = request.headers.get("Origin");
  if (origin) return origin !== new URL(request.url).origin;
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

export function refuseCrossOrigin(): Response {
  return Response.json({ error: "Cross-origin request refused." }, { status: 403 });
}

/**
 * GETs under /api that another site may legitimately send someone to:
 * Google's redirect back after consent, which the OAuth state cookie proves,
 * the partner's confirmation link opened from webmail, which its token proves,
 * and the weekly preview's unsubscribe link (its GET only shows a button).
 */
const CROSS_SITE_API_GETS = new Set(["/api/auth/google/callback", "/api/partner/confirm", "/api/mail/unsubscribe"]);

/**
 * Spec §7 keeps some state-changing calls as GETs (/api/checkurl,
 * /api/mail/weeklypreview, /api/checkcalendars, /api/logout, the fake
 * checkout). A link, image or form on another site would run them with the
 * parent's cookie, so any /api GET a browser marks as coming from another site
 * is refused; Cubby's own pages send same-origin, a typed address none.
 */
export function isCrossSiteApiGet(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith("/api/") || CROSS_SITE_API_GETS.has(pathname)) return false;
  const site = request.headers.get("Sec-Fetch-Site");
  return site === "cross-site" || site === "same-site";
}

export function refuseCrossSite(request: Request): Response {
  // Another site "logging the parent out" just lands them on Cubby, still signed in.
  if (new URL(request.url).pathname === "/api/logout") {
    return new Response(null, { status: 302, headers: { Location: "/" } });
  }
  return Response.json({ error: "Cross-site request refused: open Cubby and try again." }, { status: 403 });
}
