/**
 * Raw RFC 822 mail for the feed's end-to-end tests, delivered through the
 * preview's local e-mail endpoint (`POST /cdn-cgi/local/email`), exactly as
 * Email Routing hands mail to the Worker.
 */
import { expect } from "vitest";
import { baseURL } from "./browser";

/**
 * Posts raw mail to the local e-mail endpoint. `envelopeFrom` is the SMTP
 * sender: the parent's own sign-in address for mail they forward (Cubby reads
 * it at once), anyone else's for mail sent to Cubby directly (it waits under
 * "From someone new" unless the parent follows that sender).
 */
export async function deliverRaw(to: string, raw: string, envelopeFrom: string): Promise<void> {
  const query = new URLSearchParams({ from: envelopeFrom, to });
  const response = await fetch(`${baseURL()}/cdn-cgi/local/email?${query}`, {
    method: "POST",
    body: raw,
    headers: { "Content-Type": "message/rfc822" },
  });
  expect(response.status).toBeLessThan(300);
}

/** "Friday, December 4, 2026", `days` from now: a date the extractor reads and the feed shows as upcoming. */
export function spokenDate(days: number, from = new Date()): { spoken: string; key: string } {
  const day = new Date(from.getTime() + days * 86_400_000);
  const spoken = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(day);
  return { spoken, key: day.toISOString().slice(0, 10) };
}

export function plainMail({ to, from, subject, text }: { to: string; from: string; subject: string; text: string }): string {
  return [
    `From: Maple Grove Office <${from}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@maplegrove.example.edu>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    "",
  ].join("\r\n");
}

/** A mail with a text part and an HTML part, as most school mailers send it. */
export function alternativeMail({ to, from, subject, text, html }: { to: string; from: string; subject: string; text: string; html: string }): string {
  const boundary = `b-${crypto.randomUUID()}`;
  return [
    `From: Maple Grove Office <${from}>`,
    `To: ${to}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${crypto.randomUUID()}@maplegrove.example.edu>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain; charset=utf-8",
    "",
    text,
    `--${boundary}`,
    "Content-Type: text/html; charset=utf-8",
    "",
    html,
    `--${boundary}--`,
    "",
  ].join("\r\n");
}

/** A hostile HTML mail: scripts, an onerror handler, a javascript: link and remote images. */
export function hostileMail({ to, from, eventLine }: { to: string; from: string; eventLine: string }): string {
  const html = [
    "<html><head><script>parent.window.cubbyPwned = 'head script'</script></head><body>",
    `<p>${eventLine}</p>`,
    "<script>parent.window.cubbyPwned = 'body script'; alert('pwned')</script>",
    `<img src="x" onerror="parent.window.cubbyPwned = 'onerror'">`,
    `<a href="javascript:parent.window.cubbyPwned='link'">Click for details</a>`,
    `<img src="https://tracker.example/pixel.gif" alt="tracking pixel">`,
    `<img src="http://images.example/banner.png" alt="School banner">`,
    `<svg onload="parent.window.cubbyPwned = 'svg'"></svg>`,
    "</body></html>",
  ].join("\n");
  return alternativeMail({ to, from, subject: "Winter newsletter", text: eventLine, html });
}
