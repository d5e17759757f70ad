/**
 * The static files' headers (public/_headers, applied by Workers static assets
 * before the Worker runs) say what the Worker's own answers say.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PERMISSIONS_POLICY } from "./security-headers";

const text = readFileSync(new URL("../public/_headers", import.meta.url), "utf8");
const headers = new Map(
  [...text.matchAll(/^ {2}([A-Za-z-]+): (.+)$/gm)].map((m) => [m[1]!.toLowerCase(), m[2]!.trim()]),
);

describe("public/_headers", () => {
  it("applies to every static file", () => {
    expect(text).toMatch(/^\/\*$/m);
  });

  it("has the Worker's operator headers", () => {
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
  });

  it("lets nothing frame a static page or run a script it does not own", () => {
    const policy = headers.get("content-security-policy") ?? "";
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});
