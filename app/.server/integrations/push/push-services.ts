/**
 * The push services Cubby posts reminders to. A subscription's endpoint comes
 * from the browser (or from whoever calls /api/push/subscribe), and the cron
 * POSTs to it from our network, so only the browsers' own push services pass:
 * never loopback, cloud metadata, a private address or a URL with credentials.
 */

/** The local push service's endpoints (local-push-service.ts): a reserved .localhost name that never resolves. */
export const LOCAL_PUSH_ORIGIN = "https://push.cubby.localhost";

export const PUSH_SERVICE_REFUSED =
  "Notifications can only go through the browser's own push service (Google, Mozilla, Apple or Microsoft).";

/** Chrome, Edge and other Chromium browsers (FCM, and its older GCM name). */
const PUSH_HOSTS = new Set(["fcm.googleapis.com", "android.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com"]);

/** Firefox (autopush), Safari (Apple) and the Windows notification service hand out names under these. */
const PUSH_HOST_SUFFIXES = [".push.services.mozilla.com", ".push.apple.com", ".notify.windows.com"];

const LOCAL_PUSH_HOST = new URL(LOCAL_PUSH_ORIGIN).hostname;

export interface PushServiceRule {
  /** The local push service (ADR 011) too: only where the local fakes are on. */
  local: boolean;
}

export function isPushServiceEndpoint(endpoint: string, { local }: PushServiceRule): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.port !== "") return false;
  const host = url.hostname;
  // No empty labels: "fcm.googleapis.com." or ".push.apple.com" are not the services' own names.
  if (host.split(".").some((label) => !label)) return false;
  if (local && host === LOCAL_PUSH_HOST) return true;
  return PUSH_HOSTS.has(host) || PUSH_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix));
}
