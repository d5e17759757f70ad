/**
 * The local push service (development only, INTEGRATIONS=fake on localhost):
 * what a browser's push service (FCM, Mozilla's autopush, Apple's) does for a
 * real deployment, done by the fake. A subscription here has the same shape as
 * PushManager's, with an endpoint under a reserved .localhost name that never
 * leaves the machine; the fake sender records each reminder for it and the
 * device collects them (fakePush.collect). ADR 011.
 */
import { base64url } from "../../auth/crypto";
import type { Db } from "../../db/client";
import { devicesOf, readSubscription } from "./devices";
import { fakePush } from "./fake-push";
import type { PushMessage, PushSubscriptionJson } from "./provider";
import { LOCAL_PUSH_ORIGIN } from "./push-services";

/**
 * A new subscription with the local push service. Its keys are real P-256 and
 * auth-secret material (so it passes the same checks as a browser's), though
 * nothing is encrypted for them: the fake sender delivers plain JSON.
 */
export async function localSubscription(): Promise<PushSubscriptionJson> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const p256dh = new Uint8Array((await crypto.subtle.exportKey("raw", keys.publicKey)) as ArrayBuffer);
  return {
    endpoint: `${LOCAL_PUSH_ORIGIN}/${crypto.randomUUID()}`,
    keys: { p256dh: base64url(p256dh), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) },
  };
}

/** What the local push service holds for the parent's devices, handed out once. */
export async function collectMessages(db: Db, userId: string): Promise<PushMessage[]> {
  const messages: PushMessage[] = [];
  for (const device of await devicesOf(db, userId)) {
    const subscription = readSubscription(device.token);
    if (subscription) messages.push(...fakePush.collect(subscription.endpoint));
  }
  return messages;
}
