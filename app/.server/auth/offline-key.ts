/**
 * The name of a device's offline copy of the feed (ADR 024): public/sw.js keeps
 * the last /focus page and /api/events answer in a cache named after it, so
 * one session's copy is never shown to another. A hash of the session id (itself
 * a hash of the cookie's token), so it names the session without being a credential.
 */
import { sha256Hex } from "./crypto";

export const OFFLINE_KEY_HEADER = "Cubby-Offline-Key";

export async function offlineKey(sessionId: string): Promise<string> {
  return (await sha256Hex(`cubby-offline:${sessionId}`)).slice(0, 32);
}
