/**
 * ADR 018: the headers every answer of the Worker carries, and the page's
 * CSP nonce. The test entry's stand-in for the React app writes an inline
 * script with the nonce it is handed, as React Router's <Scripts> does.
 */
import { describe, expect, it } from "vitest";
import { call, signIn } from "./helpers";

function nonceOfPolicy(response: Response): string {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const match = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(policy);
  if (!match) throw new Error(`No script nonce in ${JSON.stringify(policy)}`);
  return match[1]!;
}

function noncesOfScripts(html: string): string[] {
  return [...html.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]!);
}

function expectOperatorHeaders(response: Response) {
  expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
  const permissions = response.headers.get("Permissions-Policy") ?? "";
  expect(permissions).toContain("geolocation=(self)");
  for (const off of ["camera=()", "microphone=()", "payment=()"]) expect(permissions).toContain(off);
}

describe("an HTML page", () => {
  it("carries a CSP whose script nonce is the one on the page's inline scripts", async () => {
    const response = await call("/focus");
    const html = await response.text();
    const nonce = nonceOfPolicy(response);
    const onScripts = noncesOfScripts(html);
    expect(onScripts.length).toBeGreaterThan(0);
    expect(new Set(onScripts)).toEqual(new Set([nonce]));
  });

  it("gets a different nonce on every request", async () => {
    const [a, b] = await Promise.all([call("/focus"), call("/focus")]);
    expect(nonceOfPolicy(a)).not.toBe(nonceOfPolicy(b));
    expect(noncesOfScripts(await b.text())).toEqual([nonceOfPolicy(b)]);
  });

  it("allows only what the app needs", async () => {
    const policy = (await call("/")).headers.get("Content-Security-Policy")!;
    const directives = new Map(
      policy.split(";").map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name!, values.join(" ")];
      }),
    );
    expect(directives.get("default-src")).toBe("'self'");
    expect(directives.get("script-src")).toMatch(/^'self' 'nonce-[^']+'$/);
    expect(directives.get("img-src")).toBe("'self' data: https: http:");
    expect(directives.get("connect-src")).toBe("'self'");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("base-uri")).toBe("'none'");
    expect(directives.get("form-action")).toBe("'self'");
    expect(directives.get("frame-ancestors")).toBe("'none'");
    expect(policy).not.toContain("unsafe-eval");
  });

  it("carries the operator headers, and no HSTS on localhost", async () => {
    const response = await call("/focus");
    expectOperatorHeaders(response);
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("asks for HTTPS only on a real host over https", async () => {
    const real = await call("https://cubby.example.com/");
    expect(real.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
    expect((await call("http://cubby.example.com/")).headers.get("Strict-Transport-Security")).toBeNull();
    expect((await call("https://localhost:5173/")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});

describe("answers that are not pages", () => {
  it("API answers (JSON and redirects) carry the headers and a policy that loads nothing", async () => {
    const { cookie, response: signInRedirect } = await signIn();
    expect(signInRedirect.status).toBe(302);
    expectOperatorHeaders(signInRedirect);
    const json = await call("/api/user/profile", { cookie });
    expect(json.status).toBe(200);
    expectOperatorHeaders(json);
    expect(json.headers.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("the SSE stream still streams, with the headers", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/checkmessages", { cookie });
    expect(response.headers.get("Content-Type")).toBe("text/event-stream");
    expectOperatorHeaders(response);
    expect(await response.text()).toMatch(/^data: /);
  });

  it("the calendar feed still answers, with the headers", async () => {
    const { cookie } = await signIn();
    const { url } = (await (await call("/api/ics-link", { cookie })).json()) as { url: string };
    const feed = await call(new URL(url).pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expectOperatorHeaders(feed);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);
  });
});

describe("the local push service's page (development only)", () => {
  it("admits its own inline script by hash, and nothing else", async () => {
    const { cookie } = await signIn();
    const response = await call("/api/dev/push", { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const script = /<script type="module">([\s\S]*?)<\/script>/.exec(html)![1]!;
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get("Content-Security-Policy")).toContain(`script-src 'sha256-${hash}';`);
    expectOperatorHeaders(response);
  });
});
