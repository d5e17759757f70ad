/**
 * Outbound HTTP for tests of the real service clients: `fetch` is replaced by
 * a script of answers, and every request is kept for the test to read. Nothing
 * leaves the isolate.
 */
import { vi } from "vitest";

export interface SeenRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string;
}

export function stubFetch(answer: (request: SeenRequest) => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init as RequestInit);
    const body = await request.text();
    const entry = { url: request.url, method: request.method, headers: request.headers, body };
    seen.push(entry);
    return answer(entry);
  });
  return seen;
}

/** The Worker's env with the real services switched on (and Google configured). */
export function realEnv(env: Env, extra: Record<string, string> = {}): Env {
  return {
    ...env,
    INTEGRATIONS: "real",
    APP_URL: "https://cubby.example.com",
    GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
    GOOGLE_CLIENT_SECRET: "client-secret",
    ...extra,
  } as Env;
}
