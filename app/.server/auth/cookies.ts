/** Cookie reading and writing with Cubby's defaults: HttpOnly, SameSite=Lax, Secure off localhost. */

export function isLocalHost(url: URL): boolean {
  return url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
}

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      return decodeURIComponent(part.slice(eq + 1).trim());
    }
  }
  return undefined;
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  options: { maxAgeSeconds: number; path?: string },
): string {
  const secure = !isLocalHost(new URL(request.url));
  return [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? "/"}`,
    `Max-Age=${options.maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Lax",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

export function clearCookie(request: Request, name: string, path = "/"): string {
  return serializeCookie(request, name, "", { maxAgeSeconds: 0, path });
}
