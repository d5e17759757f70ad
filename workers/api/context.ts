import { createMiddleware } from "hono/factory";
import { database, type Db } from "~/.server/db/client";
import { readSession } from "~/.server/auth/session";

export interface ApiEnv {
  Bindings: Env;
  /** sessionId: the stored session's id (a hash of the cookie's token), for the offline key (ADR 024). */
  Variables: { db: Db; userId: string | null; sessionId: string | null };
}

/** Opens the database and reads the session cookie for every /api request. */
export const withSession = createMiddleware<ApiEnv>(async (c, next) => {
  const db = database(c.env);
  c.set("db", db);
  const found = await readSession(db, c.req.raw);
  c.set("userId", found?.session.userId ?? null);
  c.set("sessionId", found?.session.id ?? null);
  await next();
  if (found?.setCookie) c.header("Set-Cookie", found.setCookie, { append: true });
});

/** Everything behind this answers 401 without a live session. */
export const requireUser = createMiddleware<ApiEnv & { Variables: { userId: string } }>(
  async (c, next) => {
    if (!c.get("userId")) return c.json({ error: "Not signed in." }, 401);
    await next();
  },
);

export function problem(message: string) {
  return { error: message };
}

export type Authed = ApiEnv & { Variables: { userId: string } };

/** The request's JSON body, or undefined when it is missing or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
