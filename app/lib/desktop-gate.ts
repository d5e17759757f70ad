/**
 * The server-side half of spec §1's desktop gate: whether the "Designed for
 * Mobile" dialog shows, and the development-only way past it.
 *
 * It is decided in the root loader from the request alone so the landing page
 * can show it without shipping JavaScript.
 */
import { parse } from "hono/utils/cookie";
import { isDesktopBrowser } from "./user-agent";

/** Remembers a developer's "Continue anyway" across navigations (development only). */
export const DESKTOP_COOKIE = "cubby_desktop";
/** The query parameter the "Continue anyway" button submits. */
export const DESKTOP_PARAM = "desktop";

export type DesktopGate =
  /** A phone (or a dismissed gate in development): no dialog. */
  | { kind: "none" }
  /** Show the dialog; `dismissible` only ever in development. */
  | { kind: "show"; dismissible: boolean }
  /** "Continue anyway" was just pressed: set the cookie and return to the clean address. */
  | { kind: "dismiss"; location: string; setCookie: string };

export interface GateRequest {
  url: URL;
  userAgent: string | null;
  cookieHeader: string | null;
  /** import.meta.env.DEV: the gate can be dismissed only while developing. */
  dev: boolean;
}

/** Read with Hono's cookie parser, the same one the session uses (app/.server/auth/cookies.ts). */
function hasDismissCookie(cookieHeader: string | null): boolean {
  return cookieHeader ? parse(cookieHeader, DESKTOP_COOKIE)[DESKTOP_COOKIE] === "1" : false;
}

export function desktopGate({ url, userAgent, cookieHeader, dev }: GateRequest): DesktopGate {
  if (!isDesktopBrowser(userAgent)) return { kind: "none" };
  // Production never honours the dismissal: Cubby is built for phones only.
  if (!dev) return { kind: "show", dismissible: false };
  if (url.searchParams.get(DESKTOP_PARAM) === "1") {
    const clean = new URL(url);
    clean.searchParams.delete(DESKTOP_PARAM);
    return {
      kind: "dismiss",
      // A path starting with // (or /\) would be read as another host in Location.
      location: `/${clean.pathname.replace(/^[/\\]+/, "")}${clean.search}${clean.hash}`,
      setCookie: `${DESKTOP_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax`,
    };
  }
  if (hasDismissCookie(cookieHeader)) return { kind: "none" };
  return { kind: "show", dismissible: true };
}
