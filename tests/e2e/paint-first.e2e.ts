/**
 * ADR 012 part 4 on the real production build: a screen is painted before any
 * of the app's modules is fetched (app/.server/paint-first.ts), and then the
 * app wakes up under the page's Content-Security-Policy.
 */
import { describe, expect, it } from "vitest";
import { FIRST_PAINT_TIMEOUT_MS } from "../../app/lib/first-paint";
import { useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

describe.each(PHONES)("a signed-in screen on %s", (phone) => {
  it("is painted before the app's modules are fetched, then wakes up", async () => {
    const page = await open(phone);
    // A new parent lands on /join/child, a screen React wakes up.
    await signIn(page, uniqueEmail("paint-first"));
    await page.waitForFunction(() => document.querySelector("[data-waking]") === null);

    const timing = await page.evaluate(() => ({
      paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      modules: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(new URL(page.url()).pathname).toBe("/join/child");
    expect(timing.paint).not.toBeNull();
    expect(timing.modules.length).toBeGreaterThan(3);
    expect(Math.min(...timing.modules)).toBeGreaterThan(timing.paint!);
  });

  it("wakes up after the first frame in a browser that reports no paints, without waiting for the time-out", async () => {
    const page = await open(phone);
    await page.addInitScript((timeoutMs) => {
      Object.defineProperty(PerformanceObserver, "supportedEntryTypes", { get: () => [] });
      // The time-out would wake the page too: with it gone, only the frame can.
      const setTimeoutOf = window.setTimeout.bind(window);
      window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) =>
        delay === timeoutMs ? 0 : setTimeoutOf(handler, delay, ...rest)) as typeof window.setTimeout;
    }, FIRST_PAINT_TIMEOUT_MS);
    await signIn(page, uniqueEmail("no-paint-timing"));
    await page.waitForFunction(() => document.querySelector("[data-waking]") === null);
    expect(new URL(page.url()).pathname).toBe("/join/child");
  });
});
