/**
 * Fetching a URL a parent typed, without letting it reach anything but the
 * public web: http(s) only, no credentials, no loopback / private / link-local /
 * metadata addresses (literal or by name), redirects followed by hand and
 * re-checked, a 10 s budget, a 5 MB cap, HTML or PDF only.
 */
import ipaddr from "ipaddr.js";

export class UrlRefused extends Error {
  override name = "UrlRefused";
}

/** Resolves a host name to its addresses (A and AAAA). */
export interface HostResolver {
  resolve(hostname: string): Promise<string[]>;
}

export interface FetchedPage {
  url: string;
  contentType: "text/html" | "application/pdf" | "text/calendar";
  bytes: Uint8Array;
}

export interface SafeFetchOptions {
  resolver: HostResolver;
  fetch?: typeof fetch;
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Also accept iCalendar feeds (school calendars); pages and PDFs only otherwise. */
  allowCalendar?: boolean;
}

export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
const ALLOWED_PORTS = new Set(["", "80", "443", "8080", "8443"]);
const BLOCKED_NAMES = [/^localhost$/, /\.localhost$/, /\.local$/, /\.internal$/, /\.home\.arpa$/, /^metadata$/];

// --- addresses ---

function ipv4FromGroups(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
}

/**
 * The IPv4 address an IPv6 address carries, for the forms that tunnel or
 * translate to IPv4: IPv4-compatible (::a.b.c.d), mapped (::ffff:a.b.c.d),
 * translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96, 64:ff9b:1::/48), 6to4
 * (2002:AABB:CCDD::) and Teredo (2001:0:…, the client's address inverted).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((group) => group === 0);
  switch (address.range()) {
    case "ipv4Mapped":
    case "rfc6145":
    case "rfc6052":
      return ipv4FromGroups(p[6]!, p[7]!);
    case "6to4":
      return ipv4FromGroups(p[1]!, p[2]!);
    case "teredo":
      return ipv4FromGroups(p[6]! ^ 0xffff, p[7]! ^ 0xffff);
    default:
      // ::a.b.c.d (deprecated, ipaddr.js calls it unicast); :: and ::1 are ranges of their own.
      return zeros(0, 6) && !zeros(6, 7) ? ipv4FromGroups(p[6]!, p[7]!) : null;
  }
}

function parseAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const text = ip.replace(/^\[|\]$/g, "");
  // Only dotted quads: "2130706433" or "0x7f.0.0.1" are names to a resolver, never addresses here.
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : null;
}

/**
 * True for an address on the public internet: plain unicast by ipaddr.js's
 * table of special ranges (loopback, private, link-local, CGNAT, reserved,
 * unique local, multicast…), and, for IPv6, no private IPv4 inside it. 6to4,
 * Teredo and NAT64 are ranges of their own, so they are refused as a whole:
 * they are relays a page fetch never needs.
 */
export function isPublicAddress(ip: string): boolean {
  const address = parseAddress(ip);
  if (!address) return false;
  if (address.kind() === "ipv4") return address.range() === "unicast";
  const embedded = embeddedIpv4(address as ipaddr.IPv6);
  if (embedded && embedded.range() !== "unicast") return false;
  // A mapped address is the IPv4 address itself.
  if (address.range() === "ipv4Mapped") return embedded!.range() === "unicast";
  return address.range() === "unicast";
}

function isIpLiteral(hostname: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(hostname) || hostname.startsWith("[");
}

/** "localhost." and "localhost" are one host: the trailing dot only says the name is fully qualified. */
export function withoutTrailingDots(hostname: string): string {
  return hostname.replace(/\.+$/, "");
}

// --- URLs ---

/** Syntax-level checks of a URL the parent gave (or a redirect pointed to). */
export function checkUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new UrlRefused("That is not a web address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new UrlRefused("Only http and https addresses can be imported.");
  }
  if (url.username || url.password) throw new UrlRefused("Addresses with a user name or password are not allowed.");
  if (!ALLOWED_PORTS.has(url.port)) throw new UrlRefused("That port is not allowed.");
  const host = withoutTrailingDots(url.hostname.toLowerCase());
  if (isIpLiteral(host)) {
    if (!isPublicAddress(host)) throw new UrlRefused("That address is not on the public internet.");
  } else if (!host.includes(".") || BLOCKED_NAMES.some((pattern) => pattern.test(host))) {
    throw new UrlRefused("That address is not on the public internet.");
  }
  return url;
}

async function checkResolved(url: URL, resolver: HostResolver): Promise<void> {
  if (isIpLiteral(url.hostname)) return;
  let addresses: string[];
  try {
    addresses = await resolver.resolve(withoutTrailingDots(url.hostname));
  } catch {
    throw new UrlRefused("That site could not be found.");
  }
  if (!addresses.length) throw new UrlRefused("That site could not be found.");
  // Every address must be public: a name that also points inside is refused.
  if (!addresses.every(isPublicAddress)) throw new UrlRefused("That address is not on the public internet.");
}

/**
 * Types school-site platforms serve their .ics exports as besides text/calendar
 * (older ones send a download type or plain text): a calendar only when the
 * body itself starts like one.
 */
const MAYBE_CALENDAR = new Set(["application/ics", "text/x-vcalendar", "application/octet-stream", "text/plain", "application/x-ical", ""]);

export function startsLikeCalendar(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).replace(/^\ufeff/, "").trimStart();
  return head.toUpperCase().startsWith("BEGIN:VCALENDAR");
}

function pageType(header: string | null, allowCalendar = false): FetchedPage["contentType"] | "maybe-calendar" | null {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  if (allowCalendar && type === "text/calendar") return "text/calendar";
  if (allowCalendar && MAYBE_CALENDAR.has(type)) return "maybe-calendar";
  if (type === "text/html" || type === "application/xhtml+xml") return "text/html";
  if (type === "application/pdf") return "application/pdf";
  return null;
}

async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("Content-Length") ?? 0);
  if (declared > maxBytes) throw new UrlRefused("That page is larger than 5 MB.");
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new UrlRefused("That page is larger than 5 MB.");
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function safeFetch(raw: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const {
    resolver,
    fetch: fetcher = fetch,
    maxBytes = MAX_PAGE_BYTES,
    timeoutMs = 10_000,
    maxRedirects = 5,
    allowCalendar = false,
  } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = checkUrl(raw);
  try {
    for (let hop = 0; ; hop++) {
      await checkResolved(url, resolver);
      const response = await fetcher(url.toString(), {
        redirect: "manual",
        signal,
        headers: {
          Accept: allowCalendar ? "text/calendar,text/html;q=0.8,*/*;q=0.5" : "text/html,application/xhtml+xml,application/pdf;q=0.9",
          "User-Agent": "CubbyBot/1.0",
        },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("Location")) {
        await response.body?.cancel();
        if (hop >= maxRedirects) throw new UrlRefused("That address redirects too many times.");
        url = checkUrl(response.headers.get("Location")!, url.toString());
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new UrlRefused(`That page answered ${response.status}.`);
      }
      const contentType = pageType(response.headers.get("Content-Type"), allowCalendar);
      if (!contentType) {
        await response.body?.cancel();
        throw new UrlRefused("Only web pages and PDFs can be imported.");
      }
      const bytes = await readCapped(response, maxBytes);
      if (contentType === "maybe-calendar") {
        if (!startsLikeCalendar(bytes)) throw new UrlRefused("Only web pages, PDFs and calendars can be imported.");
        return { url: url.toString(), contentType: "text/calendar", bytes };
      }
      return { url: url.toString(), contentType, bytes };
    }
  } catch (error) {
    if (error instanceof UrlRefused) throw error;
    if (signal.aborted) throw new UrlRefused("That page took too long to answer.");
    throw new UrlRefused("That page could not be fetched.");
  }
}

/** Resolves names with DNS over HTTPS, so the address can be checked before we connect. */
export function dohResolver(endpoint = "https://cloudflare-dns.com/dns-query", fetcher: typeof fetch = fetch): HostResolver {
  return {
    async resolve(hostname) {
      const answers = await Promise.all(
        ["A", "AAAA"].map(async (type) => {
          const response = await fetcher(`${endpoint}?name=${encodeURIComponent(hostname)}&type=${type}`, {
            headers: { Accept: "application/dns-json" },
          });
          if (!response.ok) throw new Error(`DNS answered ${response.status}`);
          const body = (await response.json()) as { Answer?: { type: number; data: string }[] };
          return (body.Answer ?? []).filter((a) => a.type === 1 || a.type === 28).map((a) => a.data);
        }),
      );
      return answers.flat();
    },
  };
}
