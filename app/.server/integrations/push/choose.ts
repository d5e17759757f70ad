import { config } from "../../env";
import { integrationMode } from "../mode";
import { fakePushSender } from "./fake-push";
import type { PushSender } from "./provider";
import { webPushSender } from "./web-push";

/**
 * A public key for local development only (its private half is not kept):
 * browsers need some key to subscribe, and the fake sender never uses it.
 */
const LOCAL_VAPID_PUBLIC_KEY =
  "BFlh2yZW1nkWvM5n0dSAUHxJE3yxQ_lk8Y-XCsz05ACV2qsG1BjevbKmcvUU8buOd8dqqBT4g6nsfNbJx-mgW_0";

export function vapidPublicKey(env: Env): string | null {
  if (integrationMode(env) === "fake") return LOCAL_VAPID_PUBLIC_KEY;
  return config(env).VAPID_PUBLIC_KEY ?? null;
}

/** Null when a real deployment has no VAPID keys: reminders are then simply not pushed. */
export function choosePush(env: Env): PushSender | null {
  if (integrationMode(env) === "fake") return fakePushSender;
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = config(env);
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY || !VAPID_SUBJECT) return null;
  return webPushSender({ publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT });
}
