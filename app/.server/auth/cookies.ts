/**
 * Cookie reading and writing with Cubby's defaults: HttpOnly, SameSite=Lax,
 * Secure off localhost. Hono's cookie helper does the parsing, so a cookie
 * that is not valid percent-encoding (`cubby_session=%E0%A4%A`) reads as an
 * unknown value instead of throwing on every request.
 */
import { generateCookie } from "hono/cookie";
import { parse } from "hono/utils/cookie";

export function isLocalHost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  return header ? parse(header, name)[name] : undefined;
}

/**
 * A cookie only this exact origin can set: `__Host-` on a real host (Secure,
 * Path=/, no Domain, so a sibling subdomain cannot plant a session), the plain
 * name on http://localhost, where a browser refuses Secure cookies.
 */
export function hostCookieName(request: Request, name: string): string {
  return isLocalHost(new URL(request.url)) ? name : `__Host-${name}`;
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  options: { maxAgeSeconds: number; path?: string },
): string {
  return generateCookie(name, value, {
    path: options.path ?? "/",
    maxAge: options.maxAgeSeconds,
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocalHost(new URL(request.url)),
  });
}

export function clearCookie(request: Request, name: string, path = "/"): string {
  return serializeCookie(request, name, "", { maxAgeSeconds: 0, path });
}
