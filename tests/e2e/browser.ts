/**
 * The browser side of the e2e tests: one Chromium per test file, a fresh
 * context (cookies, cache) per page, and local sign-in.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject, it } from "vitest";
import { messageCsp } from "../../app/lib/feed/message-html";
import { launchChromium, ONE_PHONE, PHONES, profileOptions, type Phone, type Profile } from "./chromium.mjs";

/**
 * The message card's own policy (its iframe's meta CSP) refusing a hostile mail's script or
 * image is it doing its job; anything else a Content Security Policy refuses is a bug.
 */
const MESSAGE_DIRECTIVES = [...new Set([false, true].flatMap((remote) => messageCsp(remote).split(";").map((d) => d.trim())))];

function isPolicyBug(text: string): boolean {
  if (/Permissions-Policy/i.test(text)) return true;
  if (!/Content Security Policy/i.test(text)) return false;
  return !MESSAGE_DIRECTIVES.some((directive) => text.includes(`"${directive}"`));
}

export const baseURL = () => inject("baseURL");

/**
 * Registers the hooks for a test file and returns `open(profile)`, which gives a
 * page in a new context. Contexts close after each test; an uncaught error in a
 * page (a crashed render, a failed hydration) or anything the page's Content
 * Security Policy refused (ADR 018) fails the test that caused it.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    // Reported as "<profile>: <message>" so the failure names the page.
    expect(pageErrors.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** `timezoneId`: the phone's zone (default: this machine's), which a new parent's profile takes. */
  return async function open(profile: Profile, { timezoneId }: { timezoneId?: string } = {}): Promise<Page> {
    if (!browser) throw new Error("open() is for use inside tests (the browser starts in beforeAll).");
    const context = await browser.newContext({ ...profileOptions(profile), baseURL: baseURL(), ...(timezoneId ? { timezoneId } : {}) });
    contexts.push(context);
    // Everything here answers locally within milliseconds; a missing element
    // should fail fast rather than after Playwright's default 30 s.
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${profile}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && isPolicyBug(message.text())) {
        pageErrors.push(`${profile}: ${message.text()}`);
      }
    });
    return page;
  };
}

/**
 * The phones a test runs on when neither the screen's size nor the phone's browser changes what
 * it checks (ADR 039): ONE_PHONE, since both phones run the same Chromium. A test that measures
 * where things are on screen, runs axe, or depends on the phone's browser runs on PHONES.
 * `E2E_PHONES=both` (`npm run test:e2e:both-phones`) runs every test on both phones, and so takes
 * every screenshot at 412×915 too, for looking them over.
 */
export const BEHAVIOUR_PHONES: readonly Phone[] = process.env.E2E_PHONES === "both" ? PHONES : [ONE_PHONE];

/** `it` for such a test inside a `describe.each(PHONES)`: on the other phone it is not registered at all. */
export function onOnePhone(phone: Phone): (name: string, body: () => Promise<void>, timeout?: number) => void {
  return BEHAVIOUR_PHONES.includes(phone) ? it : () => {};
}
