/**
 * Reminders on this device (spec §4 "Push permission", §7 push rows, §9 token
 * refresh): the service worker (/sw.js), the browser's push subscription and
 * Cubby's record of it. On a developer's machine the server names the local
 * push service instead of the browser's (pushService 'local', ADR 011); the
 * rest of the path is the same.
 */
import { isInstalled } from "~/components/profile/use-display-mode";
import { applicationServerKey, deviceProfile, tokenIsStale, type DeviceProfile } from "~/lib/push/device";

/** 'install-first': iPhone and iPad show notifications only once Cubby is on the home screen. */
export type PushSupport = "supported" | "install-first" | "unsupported";

interface TokenAnswer {
  token: string | null;
  refreshedAt: string | null;
  vapidPublicKey: string | null;
  pushService: "browser" | "local";
}

export function pushSupport(): PushSupport {
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent);
  if (ios && !isInstalled()) return "install-first";
  return "Notification" in window && "serviceWorker" in navigator ? "supported" : "unsupported";
}

export function thisDevice(): DeviceProfile {
  return deviceProfile(navigator as Navigator & { userAgentData?: { platform?: string } });
}

async function postJson<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return (await response.json()) as T;
}

function storedToken(): Promise<TokenAnswer> {
  return postJson<TokenAnswer>("/api/push/token", thisDevice());
}

function registerWorker(): Promise<ServiceWorkerRegistration> {
  // updateViaCache 'none': a new sw.js is picked up at once, whatever the HTTP cache holds.
  return navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
}

/** This browser's subscription with its push service, made anew when it was made for another key. */
async function browserSubscription(registration: ServiceWorkerRegistration, vapidKey: string): Promise<PushSubscriptionJSON> {
  const key = applicationServerKey(vapidKey);
  const existing = await registration.pushManager.getSubscription();
  const existingKey = existing?.options.applicationServerKey ? new Uint8Array(existing.options.applicationServerKey) : null;
  const sameKey = existingKey?.length === key.length && existingKey.every((byte, i) => byte === key[i]);
  if (existing && sameKey) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}

export class PushUnsupported extends Error {}

/** Subscribes this device and stores its token with Cubby (granted permission assumed). */
async function subscribeDevice(answer: TokenAnswer): Promise<void> {
  const registration = await registerWorker();
  let subscription: PushSubscriptionJSON;
  if (answer.pushService === "local") {
    subscription = await postJson<PushSubscriptionJSON>("/api/dev/push/subscription");
  } else {
    if (!("PushManager" in window) || !answer.vapidPublicKey) throw new PushUnsupported("This browser cannot receive pushes");
    await navigator.serviceWorker.ready;
    subscription = await browserSubscription(registration, answer.vapidPublicKey);
  }
  await postJson("/api/push/subscribe", { tokenMap: { token: JSON.stringify(subscription), ...thisDevice() } });
}

/**
 * spec §4: 'default' asks the browser; 'granted' stores this device's token;
 * 'denied' leaves notifications off. Throws PushUnsupported when the browser
 * has no push (messaging is then skipped), and any other error as it comes.
 */
export async function enablePush(): Promise<NotificationPermission> {
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "granted") await subscribeDevice(await storedToken());
  return permission;
}

/**
 * Whether this device gets reminders now: permission granted and a token
 * stored. On the way, spec §9: a token registered more than 7 days ago is
 * registered again (one question to Cubby either way).
 */
export async function refreshPush(): Promise<boolean> {
  if (pushSupport() !== "supported" || Notification.permission !== "granted") return false;
  const answer = await storedToken();
  if (answer.token && tokenIsStale(answer.refreshedAt)) await subscribeDevice(answer);
  return Boolean(answer.token);
}

/** Forgets this device at Cubby first (that is what stops reminders), then at the push service. */
export async function disablePush(): Promise<void> {
  await postJson("/api/push/unsubscribe", { deviceProfile: thisDevice() });
  const registration = await navigator.serviceWorker.getRegistration("/");
  const subscription = await registration?.pushManager?.getSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
