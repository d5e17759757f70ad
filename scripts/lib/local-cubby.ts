/**
 * A small client for a Cubby running on this machine (`npm run dev` on 5173,
 * `vite preview` for the benchmark): local sign-in, the onboarding calls a parent makes,
 * the events list, and delivering mail through the Cloudflare plugin's local
 * e-mail endpoint. It refuses any host but localhost, so scripts built on it
 * can never send sample mail or benchmark load anywhere else.
 */

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const REQUEST_TIMEOUT_MS = 15_000;

/** The parts of GET /api/events the scripts read (spec §3 "Event", "Mention"). */
export interface FeedEvent {
  _id: string;
  eventName: string;
  start: string;
  dateTime: boolean;
  tags: string[];
  mentions: { _id: string; sourceContentId: string; sourceType: string; sourceAddress: string }[];
}

export interface SourceMessage {
  _id: string;
  subject: string;
  status?: string;
  senderInfo: { sender: string; address: string };
}

export interface Delivery {
  status: number;
  /** The endpoint's answer, e.g. "Worker successfully processed email" or the reject reason. */
  text: string;
}

export class LocalCubbyError extends Error {
  override name = "LocalCubbyError";
}

export function assertLocal(base: string): URL {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    throw new LocalCubbyError(`Not a URL: ${base}`);
  }
  if (url.protocol !== "http:" || !LOCAL_HOSTS.has(url.hostname)) {
    throw new LocalCubbyError(`Only a Cubby on this machine (http://localhost:…) can be used, not ${base}.`);
  }
  return url;
}

export class LocalCubby {
  readonly origin: string;
  #session: string | null = null;
  /** Who signed in: the envelope sender of mail this parent forwards to their Cubby address. */
  parentEmail: string | null = null;

  constructor(base: string) {
    this.origin = assertLocal(base).origin;
  }

  /** True when something answers HTTP at the base URL. */
  async isAnswering(): Promise<boolean> {
    try {
      const response = await fetch(this.origin, { redirect: "manual", signal: AbortSignal.timeout(3_000) });
      await response.body?.cancel();
      return true;
    } catch {
      return false;
    }
  }

  async #request(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.#session) headers.set("Cookie", `cubby_session=${this.#session}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    // State-changing API calls are checked for a same-site Origin.
    if (init.method && init.method !== "GET") headers.set("Origin", this.origin);
    return fetch(`${this.origin}${path}`, {
      ...init,
      body,
      headers,
      redirect: "manual",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  }

  async #json<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const response = await this.#request(path, init);
    const text = await response.text();
    if (!response.ok) {
      throw new LocalCubbyError(`${init.method ?? "GET"} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return JSON.parse(text) as T;
  }

  /** Local sign-in (no Google configured): creates the parent if new and keeps the session cookie. */
  async signIn(email: string): Promise<void> {
    const response = await this.#request(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
    await response.body?.cancel();
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.match(/^cubby_session=([^;]*)/)?.[1])
      .find(Boolean);
    if (response.status !== 302 || !cookie) {
      throw new LocalCubbyError(`Local sign-in as ${email} answered ${response.status} without a session.`);
    }
    this.#session = decodeURIComponent(cookie);
    this.parentEmail = email;
  }

  setTimezone(timezone: string): Promise<unknown> {
    return this.#json("/api/timezone", { method: "POST", json: { timezone } });
  }

  /** Claims a username; returns the forwarding address it gives. */
  async claimUsername(username: string): Promise<string> {
    const body = await this.#json<{ forwardingAddress: { address: string } }>("/api/user/username", {
      method: "POST",
      json: { username },
    });
    return body.forwardingAddress.address;
  }

  async events(): Promise<FeedEvent[]> {
    return (await this.#json<{ events: FeedEvent[] }>("/api/events")).events;
  }

  message(id: string): Promise<SourceMessage> {
    return this.#json<SourceMessage>(`/api/messages/${encodeURIComponent(id)}`);
  }

  /**
   * Hands a raw message to the Worker's email() handler the way Email Routing
   * would, and waits for the handler to finish (store + queue hand-off).
   */
  async deliverEmail(raw: string, envelope: { from: string; to: string }): Promise<Delivery> {
    const query = new URLSearchParams({ from: envelope.from, to: envelope.to });
    const response = await fetch(`${this.origin}/cdn-cgi/local/email?${query}`, {
      method: "POST",
      body: raw,
      headers: { "Content-Type": "message/rfc822" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: response.status, text: (await response.text()).trim() };
  }
}
