/**
 * One-click unsubscribe from the weekly preview (RFC 8058, which Gmail and
 * Yahoo ask of senders): every copy carries `List-Unsubscribe: <link>` and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, and the mail provider
 * POSTs to the link from its own servers, with no session. The token in the
 * link is therefore the whole credential: an HMAC (key derived from
 * TOKEN_KEY) over the parent's id and the copy, and for the partner's copy
 * also the partner's address, so it is unguessable, works for one parent's
 * one copy only, and a former partner's link does nothing to the next one.
 * The parent's copy turns weekly previews off; the partner's copy withdraws
 * the partner's confirmation (app/.server/partner.ts), so only they stop.
 */
import { and, eq } from "drizzle-orm";
import { base64url, fromBase64 } from "../../auth/crypto";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { config } from "../../env";

export type PreviewCopy = "parent" | "partner";

export const UNSUBSCRIBE_PATH = "/api/mail/unsubscribe";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** A key of its own for these links, so a token never doubles as anything TOKEN_KEY protects. */
function signingKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode("cubby list-unsubscribe v1") },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    keys.set(secret, key);
  }
  return key;
}

function signedText(userId: string, copy: PreviewCopy, partnerEmail: string | null) {
  return encoder.encode(`${userId}\n${copy}\n${copy === "partner" ? (partnerEmail ?? "") : ""}`);
}

/** The link for one copy of one parent's preview; null when the server has no TOKEN_KEY to sign it. */
export async function unsubscribeLink(
  env: Env,
  userId: string,
  copy: PreviewCopy,
  partnerEmail: string | null,
): Promise<string | null> {
  const { TOKEN_KEY, APP_URL } = config(env);
  if (!TOKEN_KEY) return null;
  const mac = await crypto.subtle.sign("HMAC", await signingKey(TOKEN_KEY), signedText(userId, copy, partnerEmail));
  const link = new URL(UNSUBSCRIBE_PATH, APP_URL);
  link.search = new URLSearchParams({ parent: userId, copy, token: base64url(new Uint8Array(mac)) }).toString();
  return link.toString();
}

export function listUnsubscribeHeaders(link: string): Record<string, string> {
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export interface UnsubscribeRequest {
  parent: string;
  copy: PreviewCopy;
  token: string;
}

/** The parent the link is for, when its token is the one Cubby signed for this copy. */
async function verifiedParent(db: Db, env: Env, request: UnsubscribeRequest) {
  const secret = config(env).TOKEN_KEY;
  if (!secret) return null;
  const user = await db.query.users.findFirst({ where: eq(users.id, request.parent) });
  if (!user || (request.copy === "partner" && !user.partnerEmail)) return null;
  let mac: Uint8Array<ArrayBuffer>;
  try {
    mac = fromBase64(request.token);
  } catch {
    return null;
  }
  // verify() compares in constant time.
  const valid = await crypto.subtle.verify(
    "HMAC",
    await signingKey(secret),
    mac,
    signedText(user.id, request.copy, user.partnerEmail),
  );
  return valid ? user : null;
}

/** Whether the link is good, without changing anything (the page a browser shows first). */
export async function checkUnsubscribe(db: Db, env: Env, request: UnsubscribeRequest): Promise<boolean> {
  return (await verifiedParent(db, env, request)) !== null;
}

/** Turns the copy off; false (and nothing changed) when the token is not good. Doing it twice is fine. */
export async function unsubscribe(db: Db, env: Env, request: UnsubscribeRequest): Promise<boolean> {
  const user = await verifiedParent(db, env, request);
  if (!user) return false;
  if (request.copy === "parent") {
    await db
      .update(users)
      .set({ preferences: { ...user.preferences, weeklyPreview: false } })
      .where(eq(users.id, user.id));
  } else {
    // Only while the address is still the one the token was signed for.
    await db
      .update(users)
      .set({ partnerConfirmedAt: null })
      .where(and(eq(users.id, user.id), eq(users.partnerEmail, user.partnerEmail!)));
  }
  return true;
}
