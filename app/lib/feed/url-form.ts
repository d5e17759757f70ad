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

/** spec §8: the count message after a URL check. */
export function foundMessage(eventsCount: number): string {
  return eventsCount > 0 ? `Great! We found ${eventsCount} new events` : "No events found. Try a different URL.";
}
