/**
 * Where the checkout and billing-portal buttons go, kept apart from the plan's
 * texts so that a screen with only a button (the feed's waiting-mail line)
 * does not load them (ADR 012).
 */

/**
 * The address `GET /api/billing/checkout` or `/portal` answers. Only a web
 * address is followed: anything else (a missing field, a `javascript:` URL)
 * is an error, not a navigation.
 */
export function billingUrl(body: unknown): string {
  const url = typeof body === "object" && body !== null ? (body as { url?: unknown }).url : undefined;
  if (typeof url === "string" && /^https?:$/.test(protocolOf(url))) return url;
  throw new Error("The billing answer has no web address.");
}

function protocolOf(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return "";
  }
}
