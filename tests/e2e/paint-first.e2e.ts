/**
 * ADR 012 part 4 on the real production build: a screen is painted before any
 * of the app's modules is fetched (app/.server/paint-first.ts), and then the
 * app wakes up under the page's Content-Security-Policy.
 */
import { describe, expect, it } from "vitest";
import { FIRST_PAINT_TIMEOUT_MS, HELD_PRELOAD_REL } from "../../app/lib/first-paint";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("a signed-in screen on %s", (phone) => {
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

  it("asks for each module in a task of its own, the module script last", async () => {
    const page = await open(phone);
    await page.addInitScript((heldRel) => {
      // A step run while the flag is up shares a task with the step before: microtasks run at every task's end.
      const steps: { what: string; sharedTask: boolean }[] = [];
      let inTask = false;
      const record = (what: string) => {
        steps.push({ what, sharedTask: inTask });
        inTask = true;
        queueMicrotask(() => (inTask = false));
      };
      (window as unknown as { releaseSteps: typeof steps }).releaseSteps = steps;
      const rel = Object.getOwnPropertyDescriptor(HTMLLinkElement.prototype, "rel")!;
      Object.defineProperty(HTMLLinkElement.prototype, "rel", {
        ...rel,
        set(value: string) {
          if (this.rel === heldRel) record("preload");
          rel.set!.call(this, value);
        },
      });
      const append = Element.prototype.append;
      Element.prototype.append = function (...nodes) {
        if (nodes.some((node) => node instanceof HTMLScriptElement && node.type === "module")) record("module script");
        append.apply(this, nodes);
      };
    }, HELD_PRELOAD_REL);
    await signIn(page, uniqueEmail("paint-first-tasks"));
    await page.waitForFunction(() => document.querySelector("[data-waking]") === null);

    const steps = await page.evaluate(() => (window as unknown as { releaseSteps: { what: string; sharedTask: boolean }[] }).releaseSteps);
    expect(steps.filter((step) => step.what === "preload").length).toBeGreaterThan(3);
    expect(steps.at(-1)?.what).toBe("module script");
    expect(steps.filter((step) => step.sharedTask)).toEqual([]);
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

describe("the page's icons", () => {
  // Chrome fetches a page's icon and its manifest's best icon in the page's
  // own renderer as the page loads. An SVG icon is drawn by a whole document
  // of its own there: two such documents took 25 ms each of the main thread
  // in Lighthouse's trace, just after the first paint (ADR 012 part 6). A PNG
  // or an ICO is only decoded.
  it("are all raster images, and all there", async () => {
    const page = await open(PHONES[0]);
    await page.goto("/");
    const { icons, manifest } = await page.evaluate(() => ({
      icons: [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"], link[rel="apple-touch-icon"]')].map((link) => link.href),
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!.href,
    }));
    const manifestResponse = await page.request.get(manifest);
    expect(manifestResponse.status()).toBe(200);
    const { icons: manifestIcons } = (await manifestResponse.json()) as { icons: { src: string }[] };
    const all = [...icons, ...manifestIcons.map((icon) => new URL(icon.src, manifest).href)];
    expect(all.length).toBeGreaterThan(3);
    for (const href of all) {
      const response = await page.request.get(href);
      expect({ href, status: response.status() }).toEqual({ href, status: 200 });
      expect({ href, type: response.headers()["content-type"] }).toEqual({ href, type: expect.stringMatching(/^image\/(png|x-icon|vnd\.microsoft\.icon)/) });
    }
  });
});
