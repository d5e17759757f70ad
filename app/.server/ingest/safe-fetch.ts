/**
 * Fetching a URL a parent typed, without letting it reach anything but the
 * public web: http(s) only, no credentials, no loopback / private / link-local /
 * metadata addresses (literal or by name), redirects followed by hand and
 * re-checked, a 10 s budget, a 5 MB cap, HTML or PDF only.
 */

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

function ipv4Parts(ip: string): number[] | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  const nums = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return nums.every((n) => n >= 0 && n <= 255) ? nums : null;
}

function publicIpv4([a, b, c]: number[]): boolean {
  return !(
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113)
  );
}

/** Expands an IPv6 address to eight 16-bit groups. */
function ipv6Groups(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/^\[|\]$/g, "").split("%")[0]!;
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const p = ipv4Parts(v4[1]!);
    if (!p) return null;
    text = text.slice(0, -v4[1]!.length) + `${((p[0]! << 8) | p[1]!).toString(16)}:${((p[2]! << 8) | p[3]!).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const h = head ? head.split(":") : [];
  const t = tail !== undefined ? (tail ? tail.split(":") : []) : null;
  const groups = t === null ? h : [...h, ...Array(8 - h.length - t.length).fill("0"), ...t];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

function publicIpv6(g: number[]): boolean {
  const allZero = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (allZero(0, 8)) return false; // ::
  if (allZero(0, 7) && g[7] === 1) return false; // ::1
  const embeddedV4 = [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255];
  if (allZero(0, 5) && g[5] === 0xffff) return publicIpv4(embeddedV4); // ::ffff:a.b.c.d
  if (allZero(0, 6)) return publicIpv4(embeddedV4); // ::a.b.c.d
  if (g[0] === 0x64 && g[1] === 0xff9b) return publicIpv4(embeddedV4); // NAT64
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // unique local (incl. AWS fd00:ec2::254)
  if ((g[0]! & 0xffc0) === 0xfe80) return false; // link-local
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  return true;
}

/** True for an address on the public internet. */
export function isPublicAddress(ip: string): boolean {
  const v4 = ipv4Parts(ip);
  if (v4) return publicIpv4(v4);
  const v6 = ipv6Groups(ip);
  return v6 ? publicIpv6(v6) : false;
}

function isIpLiteral(hostname: string): boolean {
  return ipv4Parts(hostname) !== null || hostname.startsWith("[");
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
  const host = url.hostname.toLowerCase();
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
    addresses = await resolver.resolve(url.hostname);
  } catch {
    throw new UrlRefused("That site could not be found.");
  }
  if (!addresses.length) throw new UrlRefused("That site could not be found.");
  // Every address must be public: a name that also points inside is refused.
  if (!addresses.every(isPublicAddress)) throw new UrlRefused("That address is not on the public internet.");
}

function pageType(header: string | null, allowCalendar = false): FetchedPage["contentType"] | null {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  if (allowCalendar && type === "text/calendar") return "text/calendar";
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
        headers: { Accept: "text/html,application/xhtml+xml,application/pdf;q=0.9", "User-Agent": "CubbyBot/1.0" },
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
      return { url: url.toString(), contentType, bytes: await readCapped(response, maxBytes) };
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
