import { eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";
import { clearCookie, hostCookieName, readCookie, serializeCookie } from "./cookies";
import { randomToken, sha256Hex } from "./crypto";

/** `__Host-cubby_session` on a real host, `cubby_session` on http://localhost (cookies.ts). */
export const SESSION_COOKIE = "cubby_session";
const DAY = 24 * 60 * 60 * 1000;
/** Idle lifetime: a session nobody uses for 30 days ends. */
export const SESSION_LIFETIME_MS = 30 * DAY;
/**
 * Absolute lifetime: however often it is used, a session ends 90 days after
 * sign-in, so a stolen cookie (or a forgotten shared tablet) is not good forever.
 */
export const SESSION_ABSOLUTE_MS = 90 * DAY;
/** A session used in its last 15 days is extended, so active parents stay signed in. */
const RENEW_WITHIN_MS = 15 * DAY;

export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

/** Creates a session and returns the Set-Cookie header carrying its token. */
export async function startSession(db: Db, request: Request, userId: string): Promise<string> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  await db.insert(sessions).values({ id: await sha256Hex(token), userId, expiresAt });
  return serializeCookie(request, hostCookieName(request, SESSION_COOKIE), token, {
    maxAgeSeconds: SESSION_LIFETIME_MS / 1000,
  });
}

export interface ValidatedSession {
  session: Session;
  /** Set when the session was extended and the cookie should be refreshed. */
  setCookie?: string;
}

export async function readSession(db: Db, request: Request): Promise<ValidatedSession | null> {
  const name = hostCookieName(request, SESSION_COOKIE);
  const token = readCookie(request, name);
  if (!token) return null;
  const id = await sha256Hex(token);
  const session = await db.query.sessions.findFirst({ where: eq(sessions.id, id) });
  if (!session) return null;
  const now = Date.now();
  const endsAt = Math.min(session.expiresAt.getTime(), session.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  if (endsAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  const renewedUntil = Math.min(now + SESSION_LIFETIME_MS, session.createdAt.getTime() + SESSION_ABSOLUTE_MS);
  if (session.expiresAt.getTime() - now < RENEW_WITHIN_MS && renewedUntil > session.expiresAt.getTime()) {
    const expiresAt = new Date(renewedUntil);
    await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
    return {
      session: { ...session, expiresAt },
      setCookie: serializeCookie(request, name, token, {
        maxAgeSeconds: Math.floor((renewedUntil - now) / 1000),
      }),
    };
  }
  return { session };
}

/** Ends the session in the request (if any) and returns the cookie that clears it. */
export async function endSession(db: Db, request: Request): Promise<string> {
  const name = hostCookieName(request, SESSION_COOKIE);
  const token = readCookie(request, name);
  if (token) await db.delete(sessions).where(eq(sessions.id, await sha256Hex(token)));
  return clearCookie(request, name);
}

/** "Log out everywhere": ends every session of this parent (phones, tablets, a borrowed laptop). */
export async function endAllSessions(db: Db, request: Request, userId: string): Promise<string> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  return clearCookie(request, hostCookieName(request, SESSION_COOKIE));
}

export async function purgeExpiredSessions(db: Db, now = new Date()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
