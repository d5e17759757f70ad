import { exports } from "cloudflare:workers";
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "~/.server/db/schema";

/** Every table, unguarded: a test looks at what the app wrote wherever it is (the app's own handles are checked, handles.ts). */
export const db = () => drizzle(env.DB, { schema });

/** Storage is shared between tests, so every test signs in its own parent. */
export function uniqueEmail(label = "parent"): string {
  return `${label}.${crypto.randomUUID().slice(0, 8)}@example.com`;
}

export function call(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  const url = path.startsWith("http") ? path : `http://localhost:5173${path}`;
  return exports.default.fetch(new Request(url, { ...init, headers, redirect: "manual" }));
}

/** A same-origin JSON request, as the app's own pages send them. */
export function send(method: string, path: string, cookie: string, body?: unknown) {
  return call(path, {
    method,
    cookie,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:5173" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function cookieFrom(response: Response, name = "cubby_session"): string {
  const all = response.headers.getSetCookie();
  const found = all.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`No ${name} cookie in ${JSON.stringify(all)}`);
  return found.split(";")[0]!;
}

/** Signs a parent in through local sign-in and returns their session cookie and id. */
export async function signIn(email = uniqueEmail()) {
  const response = await call(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
  const cookie = cookieFrom(response);
  const profile = (await (await call("/api/user/profile", { cookie })).json()) as {
    user: { _id: string };
  };
  return { cookie, userId: profile.user._id, email, response };
}
