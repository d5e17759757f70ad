/**
 * A parent's Google access for Calendar and Gmail calls made on their behalf:
 * the stored grant (AES-GCM encrypted with TOKEN_KEY), refreshed when it has
 * expired or Google stops accepting it. When Google will not refresh it any
 * more (the parent revoked access), the connection is cleared so the app asks
 * again (spec §6: no calendarProvider → 'Save to Google Calendar' prompt).
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { googleTokens, users } from "../../db/schema";
import { decrypt, encrypt } from "../../auth/crypto";
import { googleClient } from "../../auth/google";
import { config } from "../../env";
import { ServiceRefused } from "../http";
import { integrationMode } from "../mode";
import { LOCAL_GRANT_TOKEN } from "./fake-google";
import { fakeTokenEndpoint, googleTokenEndpoint, isInvalidGrant, type GoogleTokenEndpoint } from "./token-endpoint";

export type GoogleConnection = "gcal" | "gmail";

export class GoogleAccessRevoked extends Error {
  constructor(readonly connection: GoogleConnection) {
    super(`Google ${connection === "gcal" ? "Calendar" : "Gmail"} access was revoked`);
    this.name = "GoogleAccessRevoked";
  }
}

/** Refresh a little early so a token does not expire between our check and Google's. */
const EXPIRY_MARGIN_MS = 60_000;

function tokenEndpoint(env: Env): GoogleTokenEndpoint | null {
  if (integrationMode(env) === "fake") return fakeTokenEndpoint;
  const cfg = config(env);
  if (!cfg.GOOGLE_CLIENT_ID || !cfg.GOOGLE_CLIENT_SECRET) return null;
  return googleTokenEndpoint(googleClient(cfg.GOOGLE_CLIENT_ID, cfg.GOOGLE_CLIENT_SECRET, cfg.APP_URL));
}

async function accessToken(db: Db, env: Env, userId: string, connection: GoogleConnection, forceRefresh: boolean) {
  const row = await db.query.googleTokens.findFirst({ where: eq(googleTokens.userId, userId) });
  const key = config(env).TOKEN_KEY;
  // Local sign-in connects Calendar and Gmail without any tokens; the fakes accept that.
  if (!row && integrationMode(env) === "fake") return LOCAL_GRANT_TOKEN;
  if (!row || !key) throw new GoogleAccessRevoked(connection);
  const fresh = !row.accessTokenExpiresAt || row.accessTokenExpiresAt.getTime() > Date.now() + EXPIRY_MARGIN_MS;
  if (fresh && !forceRefresh) return decrypt(row.accessToken, key);

  const endpoint = tokenEndpoint(env);
  if (!row.refreshToken || !endpoint) throw new GoogleAccessRevoked(connection);
  let refreshed;
  try {
    refreshed = await endpoint.refresh(await decrypt(row.refreshToken, key));
  } catch (error) {
    if (isInvalidGrant(error)) throw new GoogleAccessRevoked(connection);
    throw error;
  }
  await db
    .update(googleTokens)
    .set({
      accessToken: await encrypt(refreshed.accessToken, key),
      accessTokenExpiresAt: new Date(Date.now() + refreshed.expiresInSeconds * 1000),
      updatedAt: new Date(),
    })
    .where(eq(googleTokens.userId, userId));
  return refreshed.accessToken;
}

/** Forgets the connection Google no longer honours; the parent can connect again. */
async function disconnect(db: Db, userId: string, connection: GoogleConnection) {
  const set = connection === "gcal" ? { calendarProvider: null } : { emailProvider: null };
  await db.update(users).set(set).where(eq(users.id, userId));
}

/**
 * Runs `call` with a working access token: refreshed first when expired, and
 * refreshed once more when Google answers 401 anyway (revoked early, clock
 * skew). A grant Google will not refresh clears the connection and throws
 * GoogleAccessRevoked.
 */
export async function withGoogleAccess<T>(
  db: Db,
  env: Env,
  userId: string,
  connection: GoogleConnection,
  call: (accessToken: string) => Promise<T>,
): Promise<T> {
  try {
    try {
      return await call(await accessToken(db, env, userId, connection, false));
    } catch (error) {
      if (!(error instanceof ServiceRefused && error.status === 401)) throw error;
      try {
        return await call(await accessToken(db, env, userId, connection, true));
      } catch (retry) {
        if (retry instanceof ServiceRefused && retry.status === 401) throw new GoogleAccessRevoked(connection);
        throw retry;
      }
    }
  } catch (error) {
    if (error instanceof GoogleAccessRevoked) await disconnect(db, userId, connection);
    throw error;
  }
}
