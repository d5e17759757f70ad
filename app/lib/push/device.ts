/**
 * A device as Cubby's push rows know it (spec §3 "Push token record", §7):
 * its user agent and platform name, and when its token is due for renewal
 * (spec §9 "Push token refresh after 7 days").
 */

export interface DeviceProfile {
  userAgent: string;
  platform: string;
}

export const TOKEN_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

interface NavigatorLike {
  userAgent: string;
  platform?: string;
  userAgentData?: { platform?: string };
}

/** The same device always gives the same profile, so subscribing again replaces its old token. */
export function deviceProfile(nav: NavigatorLike): DeviceProfile {
  const platform = nav.userAgentData?.platform || nav.platform || "";
  return { userAgent: nav.userAgent.slice(0, 512), platform: platform.slice(0, 64) };
}

/** A stored token last registered more than 7 days ago is registered again. */
export function tokenIsStale(refreshedAt: string | null, now = Date.now()): boolean {
  if (!refreshedAt) return false;
  const at = Date.parse(refreshedAt);
  return Number.isNaN(at) || now - at > TOKEN_REFRESH_MS;
}

/** The VAPID public key (base64url, as the server hands it out) as PushManager wants it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const normal = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(normal + "=".repeat((4 - (normal.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
