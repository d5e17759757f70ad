/**
 * The real PushSender: the Web Push protocol (RFC 8030) with VAPID (RFC 8292)
 * and an aes128gcm-encrypted payload (RFC 8291, RFC 8188), all in WebCrypto:
 * no Node library, no push-messaging vendor. Keys are the base64url
 * uncompressed P-256 public key and the base64url private scalar (d), as
 * `npx web-push generate-vapid-keys` prints them.
 */
import { base64url, fromBase64 } from "../../auth/crypto";
import { ServiceRefused, ServiceUnavailable } from "../http";
import type { PushMessage, PushResult, PushSender, PushSubscriptionJson } from "./provider";
import { isPushServiceEndpoint } from "./push-services";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** 'mailto:…' or an https URL where the push service can reach the operator. */
  subject: string;
}

const encoder = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.byteLength;
  }
  return out;
}

/** ES256 JWT for the push service's origin, valid 12 hours (the protocol allows up to 24). */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): Promise<string> {
  const publicKey = fromBase64(keys.publicKey);
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    d: keys.privateKey,
    x: base64url(publicKey.slice(1, 33)),
    y: base64url(publicKey.slice(33, 65)),
  };
  const key = await crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
  const header = base64url(encoder.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = base64url(
    encoder.encode(
      JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: keys.subject }),
    ),
  );
  // WebCrypto's ECDSA signature is already r‖s, the form JWS wants.
  const signature = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, encoder.encode(`${header}.${claims}`));
  return `vapid t=${header}.${claims}.${base64url(new Uint8Array(signature))}, k=${keys.publicKey}`;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) {
  const key = await crypto.subtle.importKey("raw", ikm, "HKDF", false, ["deriveBits"]);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "HKDF", hash: "SHA-256", salt, info }, key, bytes * 8));
}

/** RFC 8291: the payload encrypted for this subscription, as one aes128gcm record. */
export async function encryptPayload(subscription: PushSubscriptionJson, plaintext: Uint8Array<ArrayBuffer>) {
  const uaPublic = fromBase64(subscription.keys.p256dh);
  const authSecret = fromBase64(subscription.keys.auth);
  const ephemeral = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", ephemeral.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, ephemeral.privateKey, 256),
  );
  const keyInfo = concat(encoder.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const cek = await hkdf(salt, ikm, encoder.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode("Content-Encoding: nonce\0"), 12);
  const aes = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  // 0x02: this is the last (and only) record.
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, aes, concat(plaintext, new Uint8Array([2]))));
  const recordSize = new Uint8Array([0, 0, 0x10, 0]); // 4096
  return concat(salt, recordSize, new Uint8Array([asPublic.byteLength]), asPublic, sealed);
}

export type PushTransport = (url: string, init: RequestInit) => Promise<Response>;

export function webPushSender(keys: VapidKeys, transport: PushTransport = fetch): PushSender {
  return {
    async send(subscription, message: PushMessage): Promise<PushResult> {
      // Checked on subscribe too; here again because this is where the request leaves (and the local service is never real).
      if (!isPushServiceEndpoint(subscription.endpoint, { local: false })) return "refused";
      const body = await encryptPayload(subscription, encoder.encode(JSON.stringify(message)));
      let response: Response;
      try {
        response = await transport(subscription.endpoint, {
          method: "POST",
          headers: {
            Authorization: await vapidAuthorization(subscription.endpoint, keys),
            "Content-Encoding": "aes128gcm",
            "Content-Type": "application/octet-stream",
            // A reminder for tomorrow is worthless after a day.
            TTL: "86400",
            Urgency: "normal",
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new ServiceUnavailable("Web Push", null, { cause: error });
      }
      if (response.status === 404 || response.status === 410) return "gone";
      if (response.status >= 500 || response.status === 429) throw new ServiceUnavailable("Web Push", response.status);
      if (!response.ok) throw new ServiceRefused("Web Push", response.status, await response.text());
      return "sent";
    },
  };
}
