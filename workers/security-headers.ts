/**
 * The headers every answer of the Worker carries (ADR 018): a Content
 * Security Policy whose script-src admits only Cubby's own files and the
 * inline scripts React Router writes with this request's nonce, plus the
 * usual operator set (nosniff, referrer, permissions, HSTS in production).
 */
import { isLocalHost } from "~/.server/auth/cookies";

/** A fresh nonce per page: 128 random bits, base64 (what CSP's nonce-source expects). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The policy of Cubby's HTML pages.
 * - style-src needs 'unsafe-inline': the stylesheet is inside the page (ADR 012), React writes
 *   style attributes, and the message card's srcdoc iframe inherits this policy while showing
 *   e-mail HTML, which is styled inline throughout. Scripts stay nonce-only.
 * - img-src https: http: data: because a parent may choose to see an e-mail's remote images
 *   ('Show images'), and mail still links plain-http ones. On an https page browsers upgrade or
 *   block those as mixed content anyway; without http: they would only fail on localhost.
 * - frame-src 'self': the message card's iframe is an about:srcdoc document with its own,
 *   stricter policy (app/lib/feed/message-html.ts); nothing else is framed.
 * - form-action 'self': every form submits through fetch; Google sign-in is a link, not a form.
 */
export function pagePolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Anything that is not a page (JSON, the calendar feed, the SSE stream) loads nothing and is framed by nobody. */
const NOT_A_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Geolocation is the weather card's (it asks for the parent's location); notifications are not a
 * policy-controlled feature. Everything else a page could ask for is off.
 */
export const PERMISSIONS_POLICY =
  "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()";

/** Two years, subdomains included: what the HSTS preload list asks for. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

export interface SecurityOptions {
  /** This request's nonce, the one the page's inline scripts carry. */
  nonce: string;
  /**
   * `vite dev` injects its own inline scripts and an HMR WebSocket: there the policy is
   * reported (Content-Security-Policy-Report-Only), so a developer sees what production
   * would refuse without the dev server breaking.
   */
  development?: boolean;
}

function isHtml(response: Response): boolean {
  return (response.headers.get("Content-Type") ?? "").toLowerCase().startsWith("text/html");
}

export function withSecurityHeaders(request: Request, response: Response, options: SecurityOptions): Response {
  // A WebSocket upgrade is handed over as it is.
  if (response.webSocket) return response;
  // Responses from fetch() and Response.redirect() have immutable headers: copy once.
  const secured = new Response(response.body, response);
  const headers = secured.headers;
  // A response with a policy of its own (the local outbox's mail preview) keeps it.
  if (!headers.has("Content-Security-Policy")) {
    const policy = isHtml(response) ? pagePolicy(options.nonce) : NOT_A_PAGE_POLICY;
    headers.set(options.development ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy", policy);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", PERMISSIONS_POLICY);
  const url = new URL(request.url);
  if (url.protocol === "https:" && !isLocalHost(url)) {
    headers.set("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
  }
  return secured;
}
