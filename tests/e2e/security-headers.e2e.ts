/**
 * ADR 018 on the real production build: the page's inline scripts (React
 * Router's context, its module loader, React's streaming) carry the nonce the
 * Content-Security-Policy header names, a new one for every page, and the app
 * runs under the policy. (Every e2e test also fails on any CSP refusal: browser.ts.)
 */
import { describe, expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { fillChild, waitForPath } from "./onboarding-steps";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

function policyNonce(response: Response): string {
  const policy = response.headers.get("Content-Security-Policy") ?? "";
  const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) throw new Error(`No script nonce in ${JSON.stringify(policy)}`);
  return nonce;
}

/** Every <script> in the page: its nonce, or "(none)". */
function scriptNonces(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => /\snonce="([^"]*)"/.exec(m[1]!)?.[1] ?? "(none)");
}

async function sessionCookie(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/auth/google?login_hint=${encodeURIComponent(uniqueEmail("csp"))}`, {
    redirect: "manual",
  });
  return response.headers.getSetCookie().find((c) => c.startsWith("cubby_session="))!.split(";")[0]!;
}

describe("the Content-Security-Policy of a page", () => {
  it("names the nonce every inline script of the page carries, a new one each time", async () => {
    const cookie = await sessionCookie();
    const pages = await Promise.all([1, 2].map(() => fetch(`${baseURL()}/join/child`, { headers: { Cookie: cookie } })));
    const nonces = [];
    for (const page of pages) {
      expect(page.status).toBe(200);
      const nonce = policyNonce(page);
      const onScripts = scriptNonces(await page.text());
      expect(onScripts.length).toBeGreaterThan(0);
      expect(new Set(onScripts)).toEqual(new Set([nonce]));
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("comes with the operator headers", async () => {
    const response = await fetch(`${baseURL()}/`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("Permissions-Policy")).toContain("geolocation=(self)");
    expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    // Local http: no HSTS.
    expect(response.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("static files, served before the Worker runs, carry them too (public/_headers)", async () => {
    for (const file of ["/privacy-policy.html", "/sw.js", "/manifest.webmanifest"]) {
      const response = await fetch(`${baseURL()}${file}`);
      // The file's name travels with what is checked, so a failure says which one.
      expect({ file, status: response.status, nosniff: response.headers.get("X-Content-Type-Options") }).toEqual({
        file,
        status: 200,
        nosniff: "nosniff",
      });
      expect({ file, csp: response.headers.get("Content-Security-Policy") }).toEqual({
        file,
        csp: expect.stringContaining("frame-ancestors 'none'"),
      });
    }
  });
});

describe("caching of static files", () => {
  it("lets a phone keep the build's own files for good, and has it ask again for the rest", async () => {
    const page = await (await fetch(`${baseURL()}/join/child`, { headers: { Cookie: await sessionCookie() } })).text();
    const built = [...new Set(page.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? [])];
    expect(built.length).toBeGreaterThan(0);
    // Named after their content: a new build names new files, so there is nothing to ask again for.
    for (const file of built) {
      const response = await fetch(`${baseURL()}${file}`);
      expect({ file, status: response.status, cache: response.headers.get("Cache-Control") }).toEqual({
        file,
        status: 200,
        cache: "public, max-age=31536000, immutable",
      });
    }
    // Same names, new content with each build: the service worker above all.
    for (const file of ["/sw.js", "/manifest.webmanifest", "/icon-192.png"]) {
      const response = await fetch(`${baseURL()}${file}`);
      expect({ file, cache: response.headers.get("Cache-Control") ?? "" }).toEqual({ file, cache: expect.not.stringContaining("immutable") });
    }
  });
});

describe.each(PHONES)("the app under its policy on %s", (phone) => {
  it("hydrates and navigates with nothing refused", async () => {
    const page = await open(phone);
    const violations: string[] = [];
    await page.exposeFunction("cubbyViolation", (text: string) => violations.push(text));
    // In the page (no DOM types here): every refusal the browser reports, in any frame of ours.
    await page.addInitScript({
      content: `document.addEventListener("securitypolicyviolation", (e) => cubbyViolation(e.violatedDirective + " " + e.blockedURI));`,
    });
    await signIn(page, uniqueEmail(`${phone}-csp`));
    // The child form's Continue works only once React is awake: hydration ran under the policy.
    await fillChild(page, { firstName: "Maya", grade: "grade 3" });
    await waitForPath(page, /^\/join\/child\/school\//);
    await page.goto("/focus");
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });
});
