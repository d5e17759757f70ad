/**
 * The calendar feed out's address as calendar apps take it: webcal:// is the
 * same address with the scheme that makes a phone hand it to its calendar app
 * to subscribe to (the app then fetches it over https).
 */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "webcal://");
}
