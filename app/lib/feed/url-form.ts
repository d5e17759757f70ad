/**
 * spec §5 "URL form, checked on submit in order", word for word.
 */
const ALLOWED = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

export function urlProblem(input: string): string | null {
  const url = input.trim();
  if (!url) return "You must type or paste in a URL";
  if (!url.includes(".")) return "URL is missing a domain name (e.g., .com, .org, .me)";
  if (!ALLOWED.test(url)) return "URL contains invalid characters";
  return null;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * What a parent types is usually "school.org/calendar": the form accepts it,
 * so the address fetched is https:// plus it. Client and server both call
 * this, so they agree on the address.
 */
export function withScheme(input: string): string {
  const url = input.trim();
  return SCHEME.test(url) ? url : `https://${url.replace(/^\/+/, "")}`;
}

/**
 * spec §8: the count message after a URL check, in its words only. `newCount`
 * counts the events the parent did not have yet: a page whose events were all
 * known already found no new ones.
 */
export function foundMessage(newCount: number): string {
  return newCount > 0 ? `Great! We found ${newCount} new events` : "No events found. Try a different URL.";
}
