/**
 * The signed-in parent of a document request, for the loaders that draw their
 * screen on the server (the signed-in layout's profile, the feed's events).
 * /api requests read the session in workers/api/context.ts instead.
 */
import type { RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/context";
import { readSession } from "./auth/session";
import { database, type Db } from "./db/client";
import { familyDb } from "./family/data";
import { membershipOf } from "./family/membership";

export interface SignedInParent {
  db: Db;
  /** The database holding the family's rows (ADR 027); today the same as `db`. */
  familyDb: Db;
  userId: string;
  /** The key of the parent's family's rows (ADR 026): the feed's events are the family's. */
  familyKey: string;
  /** The stored session's id: names the device's offline copy of the feed (ADR 024). */
  sessionId: string;
  /** Set when the session was extended: the document answer must refresh the cookie. */
  setCookie?: string;
}

export async function signedInParent(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<SignedInParent | null> {
  const { env } = context.get(cloudflareContext);
  const db = database(env);
  const found = await readSession(db, request);
  if (!found) return null;
  const { userId, id: sessionId } = found.session;
  const family = await membershipOf(db, userId);
  return { db, familyDb: familyDb(env, family), userId, familyKey: family.key, sessionId, setCookie: found.setCookie };
}
