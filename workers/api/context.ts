import { createMiddleware } from "hono/factory";
import { database, type Db } from "~/.server/db/client";
import { readSession } from "~/.server/auth/session";
import { familyDb } from "~/.server/family/data";
import { membershipOf, type FamilyScope, type Membership } from "~/.server/family/membership";

export interface ApiEnv {
  Bindings: Env;
  /** sessionId: the stored session's id (a hash of the cookie's token), for the offline key (ADR 024). */
  Variables: {
    db: Db;
    userId: string | null;
    sessionId: string | null;
    /**
     * The signed-in parent's family (ADR 026), read from their membership on
     * every request so that a removed parent loses it at once. Family data is
     * scoped by `family.key`; the parent's own things (sign-in, devices,
     * preferences, Gmail, calendar) by `userId`.
     */
    family: Membership | null;
  };
}

/** Opens the database and reads the session cookie for every /api request. */
export const withSession = createMiddleware<ApiEnv>(async (c, next) => {
  const db = database(c.env);
  c.set("db", db);
  const found = await readSession(db, c.req.raw);
  c.set("userId", found?.session.userId ?? null);
  c.set("sessionId", found?.session.id ?? null);
  c.set("family", found ? await membershipOf(db, found.session.userId) : null);
  await next();
  if (found?.setCookie) c.header("Set-Cookie", found.setCookie, { append: true });
});

/** Everything behind this answers 401 without a live session. */
export const requireUser = createMiddleware<ApiEnv & { Variables: { userId: string; family: Membership } }>(
  async (c, next) => {
    if (!c.get("userId")) return c.json({ error: "Not signed in." }, 401);
    await next();
  },
);

export function problem(message: string) {
  return { error: message };
}

export type Authed = ApiEnv & { Variables: { userId: string; family: Membership } };

interface SignedInContext {
  get(key: "family"): Membership | null;
  get(key: "userId"): string | null;
}

/** The key every family-data query is scoped by: from the session's membership, never from the client. */
export function familyKey(c: SignedInContext): string {
  const family = c.get("family");
  if (!family) throw new Error("familyKey outside requireUser");
  return family.key;
}

/**
 * The database holding the signed-in parent's family's rows (ADR 027): every
 * handler that reads or writes family tables takes its Db here, not c.get("db"),
 * so that a split into several databases changes familyDb alone.
 */
export function familyData(c: SignedInContext & { env: Env }): Db {
  const family = c.get("family");
  if (!family) throw new Error("familyData outside requireUser");
  return familyDb(c.env, family);
}

/** The family's key and the signed-in parent, for data that is the family's but seen by one parent. */
export function familyScope(c: SignedInContext): FamilyScope {
  return { key: familyKey(c), userId: c.get("userId")! };
}

/** The request's JSON body, or undefined when it is missing or not JSON. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}
