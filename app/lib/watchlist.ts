/**
 * Followed senders (spec §3 "Watchlist", §5): an e-mail address or a whole
 * domain, trimmed and stored in lowercase.
 */

// Letters, digits and the characters an address may hold (spec §5).
const ALLOWED = /^[A-Za-z0-9.!#$%&'*+/=@?^_`{|}~-]+$/;

export type WatchlistCheck = { ok: true; address: string } | { ok: false; message: string };

export function checkWatchlistAddress(input: string): WatchlistCheck {
  const address = input.trim();
  if (!address) return { ok: false, message: "Please type in an address or domain" };
  if (!address.includes(".")) {
    return { ok: false, message: "Address is missing a domain name (e.g., .com, .org, .me)" };
  }
  if (!ALLOWED.test(address)) return { ok: false, message: "Address contains invalid characters" };
  return { ok: true, address: address.toLowerCase() };
}

/** spec §4: suggestions are the known addresses not yet on the watchlist. */
export function watchlistSuggestions(known: readonly string[], watchlist: readonly string[]): string[] {
  const followed = new Set(watchlist.map((address) => address.toLowerCase()));
  return [...new Set(known.map((address) => address.toLowerCase()))].filter((address) => !followed.has(address));
}
