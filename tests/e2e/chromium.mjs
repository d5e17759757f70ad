/**
 * Debian's Chromium through playwright-core, with Playwright's device profiles.
 * Nothing is ever downloaded. Plain JavaScript typed with JSDoc (no Vitest) so
 * that scripts/measure-js.mjs can share it.
 */
import { chromium, devices } from "playwright-core";

/**
 * The phones Cubby is built for. A test that measures where things are on screen, runs axe, or
 * takes a path that depends on the phone's browser runs on both; any other test runs on
 * ONE_PHONE (`BEHAVIOUR_PHONES` in browser.ts, ADR 039).
 */
export const PHONES = /** @type {const} */ (["Pixel 7", "iPhone 14"]);
/** @typedef {(typeof PHONES)[number]} Phone */
/**
 * The phone for tests whose outcome neither the screen's size nor the phone's browser changes:
 * the narrower screen, whose pictures are the committed ones (onboarding-steps.ts `shot`).
 * @type {Phone}
 */
export const ONE_PHONE = "iPhone 14";
/** @typedef {Phone | "Desktop"} Profile */

const CHROMIUM_PATH = "/usr/bin/chromium";
// Without the background-networking switches Chromium keeps calling Google's
// services, which floods the closed network of CI and this machine.
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Headless, unless given an X display to draw on (bench:interaction's virtual screen).
 * @param {{ display?: string }} [options]
 */
export function launchChromium({ display } = {}) {
  const onScreen = display ? { headless: false, env: { ...process.env, DISPLAY: display } } : {};
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ...onScreen });
}

/**
 * Context options for a profile. Chromium renders every profile, but each keeps
 * its own user agent, viewport and touch, which is what the server and CSS see.
 * @param {Profile} profile
 * @returns {import("playwright-core").BrowserContextOptions}
 */
export function profileOptions(profile) {
  // defaultBrowserType only steers Playwright's test runner; a context does not take it.
  const { defaultBrowserType: _, ...options } = devices[profile === "Desktop" ? "Desktop Chrome" : profile];
  return profile === "Desktop" ? { ...options, viewport: { width: 1280, height: 800 } } : options;
}
