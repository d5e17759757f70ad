/**
 * The one HTTP client for outside services. It turns the ways a service can
 * fail into two errors the callers care about: the service refused us
 * (`ServiceRefused`, with the status and the service's own error body) or it
 * could not be reached or broke (`ServiceUnavailable`). Bodies are never
 * logged: they may hold tokens or a parent's data.
 */
export class ServiceUnavailable extends Error {
  constructor(
    readonly service: string,
    readonly status: number | null,
    options?: ErrorOptions,
  ) {
    super(`${service} is unavailable${status ? ` (${status})` : ""}`, options);
    this.name = "ServiceUnavailable";
  }
}

export class ServiceRefused extends Error {
  constructor(
    readonly service: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`${service} refused the request (${status})`);
    this.name = "ServiceRefused";
  }
}

/** The service failed us, either way: callers answer the spec's error and keep what they had. */
export function isServiceFailure(error: unknown): error is ServiceUnavailable | ServiceRefused {
  return error instanceof ServiceUnavailable || error instanceof ServiceRefused;
}

/** The slowest a parent's tap may wait on someone else's server. */
export const SERVICE_TIMEOUT_MS = 10_000;

export interface JsonRequest {
  method?: string;
  headers?: Record<string, string>;
  /** JSON-encoded when an object, sent as is when a string or URLSearchParams. */
  body?: unknown;
}

/** Calls `url` and answers its JSON (null for an empty body); 4xx → ServiceRefused, else failures → ServiceUnavailable. */
export async function callService<T>(service: string, url: string, request: JsonRequest = {}): Promise<T> {
  const headers = new Headers(request.headers);
  let body: BodyInit | undefined;
  if (typeof request.body === "string" || request.body instanceof URLSearchParams) body = request.body;
  else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers.set("Content-Type", "application/json");
  }
  headers.set("Accept", "application/json");
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? "GET",
      headers,
      body,
      signal: AbortSignal.timeout(SERVICE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ServiceUnavailable(service, null, { cause: error });
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (response.status >= 500 || response.status === 429) throw new ServiceUnavailable(service, response.status);
  if (!response.ok) throw new ServiceRefused(service, response.status, parsed);
  return parsed as T;
}
