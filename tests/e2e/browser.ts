/**
 * Debian's Chromium driven by playwright-core: one browser per test file, a
 * fresh context (cookies, cache) per page, device profiles from Playwright's
 * registry. Nothing is ever downloaded.
 */
import { chromium, devices, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

/** The phones Cubby is built for; tests about phones run on both. */
export const PHONES = ["Pixel 7", "iPhone 14"] as const;
export type Phone = (typeof PHONES)[number];
export type Profile = Phone | "Desktop";

export const CHROMIUM_PATH = "/usr/bin/chromium";
// Without the background-networking switches Chromium keeps calling Google's
// services, which floods the closed network of CI and this machine.
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Context options for a profile. The iPhone keeps its Safari user agent even though Chromium renders it. */
export function profileOptions(profile: Profile) {
  const name = profile === "Desktop" ? "Desktop Chrome" : profile;
  // defaultBrowserType only steers Playwright's test runner; a context does not take it.
  const { defaultBrowserType: _, ...options } = devices[name];
  return profile === "Desktop" ? { ...options, viewport: { width: 1280, height: 800 } } : options;
}

export const baseURL = () => inject("baseURL");

/**
 * Registers the hooks for a test file and returns `open(profile)`, which gives a
 * page in a new context. Contexts close after each test; an uncaught error in a
 * page (a crashed render, a failed hydration) fails the test that caused it.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const errors = pageErrors.splice(0);
    expect(errors, "uncaught errors in the page").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  return async function open(profile: Profile): Promise<Page> {
    if (!browser) throw new Error("open() is for use inside tests (the browser starts in beforeAll).");
    const context = await browser.newContext({ ...profileOptions(profile), baseURL: baseURL() });
    contexts.push(context);
    // Everything here answers locally within milliseconds; a missing element
    // should fail fast rather than after Playwright's default 30 s.
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${profile}: ${error.message}`));
    return page;
  };
}

/** A login hint no other test (or earlier run against the same state) uses. */
export function uniqueEmail(label: string): string {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return `${slug}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** Local sign-in (no Google configured, request to localhost): creates or finds the parent. */
export async function signIn(page: Page, email: string) {
  return page.goto(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
}
