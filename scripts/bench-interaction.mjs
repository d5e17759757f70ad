#!/usr/bin/env node
/**
 * `npm run bench:interaction [-- --skip-build] [--runs N] [--verbose] [--trace file.json] [--headless]`
 *
 * How long the feed takes to answer a tap, as INP measures it: from the input to
 * the next frame, in Debian's Chromium with the Pixel 7 profile at 4× CPU
 * slowdown, for a parent with 2,000 events (267 of them ranges, the share
 * `npm run lighthouse` and `npm run bench:feed` use) and two children. Each
 * figure is the median of 5 runs of:
 *
 * - drawer: tapping an event's tile opens its drawer; the drawer's Close closes it; and,
 *   beyond Event Timing's next frame, the tap to the first frame that shows the drawer ("on
 *   screen": a navigation React renders as a transition can draw it frames later), beside
 *   its baseline: the same drawer's markup opened as a plain modal <dialog> by a plain click;
 * - tray: the month title opens the month calendar; Next month moves a month;
 * - like: the drawer's Save to Google Calendar (Google Calendar connected);
 * - picker: the drawer's child picker: open the list, pick a child, Save;
 * - scroll: one wheel that moves the feed down by a month.
 *
 * Target: 100 ms or less each, on a quiet machine: the load average is printed
 * with the figures. Budgets are reported ("OVER"), not enforced: the exit code is
 * 0 unless the benchmark itself fails. The last line is for other tools:
 * `interaction: drawer N ms, tray N ms, like N ms, picker N ms, scroll N ms`.
 * Each tap is one touch at the middle of its target, as a finger's (tapLikeAFinger).
 * Chromium draws on a virtual screen (Xvfb, `apt-get install -y xvfb`), where every frame is
 * presented as on a phone: headless, it does not always report a frame as presented, and a
 * tap's figure then runs on to the next one it does (ADR 034). `--headless` compares.
 * --verbose also tells, for each measured input, INP's three parts (input delay,
 * processing, presentation delay) and where the time of its long frames went (Long
 * Animation Frames: the page's scripts, and style and layout);
 * --trace writes a Chrome trace of the measured taps, for the performance panel
 * (tracing slows the page: its figures are not the benchmark's).
 */
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { launchChromium, profileOptions } from "../tests/e2e/chromium.mjs";
import { claimUsername, signIn, uniqueEmail } from "../tests/e2e/parent.mjs";
import { startPreview } from "../tests/e2e/preview-server.mjs";
import { startVirtualDisplay } from "./lib/virtual-display.mjs";

/** @typedef {import("playwright-core").Page} Page */
/** @typedef {import("playwright-core").Locator} Locator */
/** @typedef {{ id: number, name: string, target: string, startTime: number, duration: number, processingStart: number, processingEnd: number }} InteractionEvent */
/** @typedef {{ invoker: string, duration: number, forcedStyleAndLayout: number }} FrameScript */
/** @typedef {{ startTime: number, duration: number, renderStart: number, styleAndLayoutStart: number, scripts: FrameScript[] }} LongFrame */
/**
 * What the page keeps for us (recordInteractions): the Event Timing entries of
 * interactions, the latency of each wheel scroll, and the long animation frames.
 * @typedef {{ interactions: InteractionEvent[], scrolls: { at: number, latency: number }[], longFrames: LongFrame[], wheelAt: number | null, shown: { at: number, latency: number }[], tapAt: number | null, answered?: Promise<unknown>, onRecord?: (() => void) | null }} Bench
 */

const root = fileURLToPath(new URL("..", import.meta.url));
const skipBuild = process.argv.includes("--skip-build") || process.env.E2E_SKIP_BUILD === "1";
/** Runs to take the median of: `--runs 5`. */
const runsAt = process.argv.indexOf("--runs");
const RUNS = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 5;
const EVENTS = 2_000;
const RANGES = Math.round(EVENTS * (40 / 300));
/** The sample door takes up to 2,000 events at once; smaller posts keep each D1 batch short. */
const SEED_CHUNK = 500;
const CPU_SLOWDOWN = 4;
const BUDGET_MS = 100;
/** The row of the drawer's baseline (drawerRuns): reported beside its figure, not one of the figures. */
const BASELINE = "plain <dialog>";
/**
 * The lowest threshold Event Timing accepts: an interaction whose every event
 * was faster than this reports no entry at all, and is counted as this.
 */
const EVENT_TIMING_FLOOR_MS = 16;
const PHONE = "Pixel 7";
const verbose = process.argv.includes("--verbose");
const traceAt = process.argv.indexOf("--trace");
const traceFile = traceAt > 0 ? process.argv[traceAt + 1] : undefined;
/** `--headless`: no virtual screen, for comparing with it (a like's figure may then run to its toast). */
const headless = process.argv.includes("--headless");

const log = (/** @type {string} */ message) => console.info(`[bench:interaction] ${message}`);

/**
 * Runs in the page before its own scripts (and stays across the feed's client-side
 * navigations): what INP sees of each interaction, and when a wheel's scroll shows.
 */
/** @param {{ longFrames: boolean }} options */
function recordInteractions({ longFrames }) {
  /** @type {Bench} */
  const bench = { interactions: [], scrolls: [], longFrames: [], wheelAt: null, shown: [], tapAt: null };
  /** @type {{ bench?: Bench }} */ (/** @type {unknown} */ (globalThis)).bench = bench;
  // The lowest threshold there is (durationThreshold is missing from TypeScript's DOM types).
  new PerformanceObserver((list) => {
    for (const entry of /** @type {PerformanceEventTiming[]} */ (list.getEntries())) {
      if (!entry.interactionId) continue;
      const element = entry.target instanceof Element ? entry.target : null;
      const label = element?.getAttribute("aria-label");
      const target = element ? `${element.localName}${label ? `[${label}]` : ""}` : "?";
      bench.interactions.push({
        id: entry.interactionId,
        name: entry.name,
        target,
        startTime: entry.startTime,
        duration: entry.duration,
        processingStart: entry.processingStart,
        processingEnd: entry.processingEnd,
      });
    }
    bench.onRecord?.();
  }).observe(/** @type {PerformanceObserverInit} */ ({ type: "event", durationThreshold: 16, buffered: true }));
  // Frames of 50 ms or more, with what ran in them: only for --verbose's breakdown (its
  // callbacks are work on the measured page too).
  if (longFrames) {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        const { renderStart, styleAndLayoutStart, scripts } = /** @type {{ renderStart: number, styleAndLayoutStart: number, scripts: { invoker: string, duration: number, forcedStyleAndLayoutDuration: number }[] }} */ (
          /** @type {unknown} */ (frame)
        );
        bench.longFrames.push({
          startTime: frame.startTime,
          duration: frame.duration,
          renderStart,
          styleAndLayoutStart,
          scripts: scripts.map((script) => ({ invoker: script.invoker, duration: script.duration, forcedStyleAndLayout: script.forcedStyleAndLayoutDuration })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  }

  /**
   * Runs `record` once the frame now being made is done: a callback asked for here runs in
   * that frame, and a message posted from it runs once the frame is done (a second
   * requestAnimationFrame would add up to a whole idle frame to the figure).
   * @param {() => void} record
   */
  // oxlint-disable-next-line unicorn/consistent-function-scoping -- the page gets this function's source alone (addInitScript)
  const whenFrameDone = (record) =>
    requestAnimationFrame(() => {
      const frameDone = new MessageChannel();
      frameDone.port1.addEventListener("message", record, { once: true });
      frameDone.port1.start();
      frameDone.port2.postMessage(null);
    });

  // Until a drawer is on screen: from the tap to the end of the first frame that holds the
  // dialog. Event Timing ends at the tap's next frame; a drawer drawn frames later (a
  // navigation React renders as a transition) is still waited for by the parent.
  addEventListener("pointerdown", (event) => (bench.tapAt = event.timeStamp), { passive: true, capture: true });
  new MutationObserver(() => {
    const tappedAt = bench.tapAt;
    // The drawer is a modal <dialog>: on screen once it is open (showModal), not when mounted.
    if (tappedAt === null || !document.querySelector("dialog[open]")) return;
    bench.tapAt = null;
    whenFrameDone(() => {
      bench.shown.push({ at: tappedAt, latency: performance.now() - tappedAt });
      bench.onRecord?.();
    });
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["open"] });

  // A scroll is not an Event Timing interaction. From the wheel's own time stamp (when the
  // input happened, as for a tap) to the end of the first frame that ran the page's scroll
  // handlers: the frame in which the feed's own work on scrolling shows up. Scroll events are
  // dispatched in a frame before its animation callbacks, so the frame asked about here is that one.
  addEventListener("wheel", (event) => (bench.wheelAt ??= event.timeStamp), { passive: true, capture: true });
  addEventListener(
    "scroll",
    () => {
      const input = bench.wheelAt;
      if (input === null) return;
      bench.wheelAt = null;
      whenFrameDone(() => bench.scrolls.push({ at: input, latency: performance.now() - input }));
    },
    { passive: true, capture: true },
  );
}

/**
 * The page's record so far (a copy).
 * @param {Page} page
 * @returns {Promise<Bench>}
 */
function benchOf(page) {
  return page.evaluate(() => /** @type {{ bench: Bench }} */ (/** @type {unknown} */ (globalThis)).bench);
}

/**
 * For --verbose: where the long frames between an input and the moment it was
 * measured spent their time.
 * @param {LongFrame[]} frames
 * @param {number} since
 */
function breakdown(frames, since) {
  return frames
    .filter((frame) => frame.startTime + frame.duration >= since)
    .map((frame) => {
      const end = frame.startTime + frame.duration;
      const render = frame.renderStart ? end - frame.renderStart : 0;
      const styleAndLayout = frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0;
      const scripts = frame.scripts.map((script) => `${script.invoker} ${Math.round(script.duration)}${script.forcedStyleAndLayout >= 1 ? ` (forced layout ${Math.round(script.forcedStyleAndLayout)})` : ""}`);
      return `      frame ${Math.round(frame.duration)} ms: ${scripts.join(", ") || "no script"}; rendering ${Math.round(render)} (style and layout ${Math.round(styleAndLayout)})`;
    })
    .join("\n");
}

/**
 * For --verbose: INP's three parts of an interaction's latency: the input delay (until its
 * handlers could run), the processing (its handlers), and the presentation delay (until its
 * next frame was on screen: rendering, and whatever else ran first).
 * @param {InteractionEvent} entry
 */
function phases(entry) {
  const delay = entry.processingStart - entry.startTime;
  const processing = entry.processingEnd - entry.processingStart;
  const presentation = entry.startTime + entry.duration - entry.processingEnd;
  return `input delay ${Math.round(delay)}, processing ${Math.round(processing)}, presentation delay ${Math.round(presentation)} ms`;
}

/**
 * Until animations have ended and the main thread has had a moment with nothing to do:
 * the next tap is measured on its own, not on top of the last one's leftovers.
 * @param {Page} page
 */
async function quiet(page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 3_000 })));
}

/**
 * Taps the middle of `target` as a finger would: one touch, straight to the browser.
 * Locator.tap() would also check, in the page, that the target is visible, stable and not
 * covered, and poll the page after the tap: DevTools work on the page's main thread that
 * runs between the input and the next frame under the 4× slowdown (20 to 80 ms a time, in a
 * trace), and that a parent's phone never does. The box is read before the input.
 * @param {Page} page
 * @param {Locator} target
 */
async function tapLikeAFinger(page, target) {
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to tap: ${target}`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Arms the page, before a tap, to tell us when the tap has been answered: its click's
 * Event Timing entry has arrived (after its next frame was presented), and, when `shown`,
 * a dialog has been on screen; or 3 s have gone by (an interaction under the threshold
 * reports no entry). Nothing runs in the page until then: the harness keeps its hands
 * off the frames it measures.
 * @param {Page} page
 * @param {{ shown: boolean }} options
 */
async function armAnswered(page, { shown }) {
  await page.evaluate((waitForShown) => {
    const bench = /** @type {{ bench: Bench }} */ (/** @type {unknown} */ (globalThis)).bench;
    const since = performance.now();
    bench.answered = new Promise((resolve) => {
      const check = () => {
        const clicked = bench.interactions.some((entry) => entry.startTime >= since && entry.name === "click");
        if (clicked && (!waitForShown || bench.shown.some((entry) => entry.at >= since))) resolve(null);
      };
      bench.onRecord = check;
      setTimeout(resolve, 3_000);
    }).then(() => (bench.onRecord = null));
  }, shown);
}

/**
 * INP's latency for one interaction: the longest duration among the Event Timing
 * entries that share its interactionId (pointerdown, pointerup, click of one tap).
 * Durations are rounded to 8 ms by the browser.
 * @param {Page} page
 * @param {Locator} target What is tapped.
 * @param {() => Promise<unknown>} done Until the screen shows the tap's result (checked once the tap has been answered).
 * @param {{ shown?: boolean }} [options] shown: the tap opens a dialog, to be waited for in the page too.
 */
async function interactionLatency(page, target, done, { shown = false } = {}) {
  const since = await page.evaluate(() => performance.now());
  await armAnswered(page, { shown });
  await tapLikeAFinger(page, target);
  await page.evaluate(() => /** @type {{ bench: Bench }} */ (/** @type {unknown} */ (globalThis)).bench.answered);
  await done();
  await quiet(page);
  // A tap's click may be reported a frame after its pointerdown.
  await page.waitForTimeout(100);
  const bench = await benchOf(page);
  const entries = bench.interactions.filter((entry) => entry.startTime >= since);
  if (verbose) {
    console.info(`    ${entries.map((entry) => `${entry.name} on ${entry.target} ${entry.duration}`).join(", ") || "no entry"}`);
    const slowest = entries.toSorted((a, b) => b.duration - a.duration)[0];
    if (slowest) console.info(`    ${slowest.name}: ${phases(slowest)}`);
    console.info(breakdown(bench.longFrames, since));
  }
  if (!entries.length) return EVENT_TIMING_FLOOR_MS;
  // One tap is one interaction (its entries share an interactionId, and the longest is its
  // latency); should a stray second one slip in, the worse counts, as INP would: so the longest of all.
  return Math.max(...entries.map((entry) => entry.duration));
}

/** @param {number[]} values */
function median(values) {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? /** @type {number} */ (sorted[middle]) : (/** @type {number} */ (sorted[middle - 1]) + /** @type {number} */ (sorted[middle])) / 2;
}

/**
 * A same-origin JSON POST from the page, as the app's own forms send them (the
 * origin check wants the page's origin); answers the parsed body.
 * @param {Page} page
 * @param {string} path
 * @param {unknown} body
 */
function postFromPage(page, path, body) {
  return page.evaluate(
    async ([to, data]) => {
      const response = await fetch(/** @type {string} */ (to), {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(data),
      });
      if (!response.ok) throw new Error(`${to} answered ${response.status}: ${await response.text()}`);
      return response.json();
    },
    /** @type {const} */ ([path, body]),
  );
}

/**
 * A busy parent: signed in, a username, the tutorial seen, the zone saved (as
 * returning-parent.mjs makes them), then two children (Maya and Leo, as the child
 * picker's e2e), 2,000 events through the local sample door, and Google Calendar
 * connected through 'Allow Access' (the local fake), so that a like saves.
 * @param {Page} page
 */
async function becomeBusyParent(page) {
  const label = "bench-interaction";
  await signIn(page, uniqueEmail(label));
  const claim = await claimUsername(page, `bnch${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  if (claim.status !== 200) throw new Error(`Could not claim a username: ${JSON.stringify(claim)}`);
  await page.request.post("/api/user/preferences", { data: { preferences: { firstViewTutorial: true } } });
  await page.request.post("/api/timezone", { data: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
  await postFromPage(page, "/api/child", { firstName: "Maya", grade: "grade 4", avatarId: "dolphin" });
  await postFromPage(page, "/api/child", { firstName: "Leo", grade: "grade 1", avatarId: "trex" });

  // The same made-up year as bench:feed, seed:feed and the e2e (Node runs the .ts as it is).
  const { sampleEvents } = await import(pathToFileURL(join(root, "tests/e2e/feed-sample.ts")).href);
  /** @type {{ _id: string }[]} */
  const year = sampleEvents(EVENTS, RANGES, Date.now());
  const events = year.map((event) => ({ ...event, _id: `${label}-${event._id}` }));
  for (let at = 0; at < events.length; at += SEED_CHUNK) {
    const written = await page.request.post("/api/dev/events", { data: { events: events.slice(at, at + SEED_CHUNK) } });
    if (!written.ok()) throw new Error(`Seeding answered ${written.status()}: ${await written.text()}`);
  }

  await page.goto("/add/calendar");
  await page.getByRole("link", { name: "Allow Access" }).click();
  await page.waitForURL((url) => url.pathname !== "/add/calendar" && !url.pathname.startsWith("/api/"));
  const { user } = await (await page.request.get("/api/user/profile")).json();
  if (user.calendarProvider !== "gcal") throw new Error(`Google Calendar did not connect (calendarProvider ${user.calendarProvider})`);
}

/**
 * The feed as a parent opens it: hydrated, the rest of the year arrived (the
 * drawer waits for it), nothing moving.
 * @param {Page} page
 */
async function openFeed(page) {
  const year = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/events");
  await page.goto("/focus");
  await year;
  await page.waitForFunction(() => document.querySelector("[data-waking]") === null);
  await quiet(page);
}

/**
 * The link of the first event tile wholly on screen under the top bar: tapped
 * where it is, without Playwright scrolling the feed to it.
 * @param {Page} page
 */
async function tileOnScreen(page) {
  const href = await page.evaluate(() => {
    const bar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
    const tile = [...document.querySelectorAll('main a[href^="/focus/event/"]')].find((link) => {
      const box = link.getBoundingClientRect();
      return box.top >= bar && box.bottom <= innerHeight - 80;
    });
    return tile?.getAttribute("href") ?? null;
  });
  if (!href) throw new Error("No event tile on screen");
  return page.locator(`main a[href="${href}"]`).first();
}

/**
 * Opens the tile's drawer (unmeasured, for the like and the picker).
 * @param {Page} page
 * @param {Locator} tile
 */
async function openDrawer(page, tile) {
  await tile.tap();
  const drawer = page.getByRole("dialog");
  await drawer.waitFor();
  await quiet(page);
  return drawer;
}

/**
 * @param {Page} page
 * @param {Locator} drawer
 */
async function closeDrawer(page, drawer) {
  await drawer.getByRole("button", { name: "Close", exact: true }).tap();
  await drawer.waitFor({ state: "detached" });
  await quiet(page);
}

/**
 * Runs `once` a first time unmeasured (the first tap also fetches the code it
 * needs: the event route, the month calendar), then RUNS times measured.
 * @param {string} name
 * @param {() => Promise<Record<string, number>>} once The figures of one run, by step.
 */
async function repeat(name, once) {
  await once();
  /** @type {Record<string, number[]>} */
  const runs = {};
  for (let run = 1; run <= RUNS; run++) {
    const figures = await once();
    for (const [step, ms] of Object.entries(figures)) (runs[step] ??= []).push(ms);
    log(`${name} ${run}/${RUNS}: ${Object.entries(figures).map(([step, ms]) => `${step} ${Math.round(ms)} ms`).join(", ")}`);
  }
  return runs;
}

/**
 * Tap the tile, the drawer opens; tap Close, it slides away and the feed is back. Then the
 * baseline under "on screen", on the same feed: the drawer just drawn, as markup, in a plain
 * modal <dialog> that a plain button's click opens (no React, no router; plainDrawerButton).
 * What it takes is the browser's own part of a drawer; the rest of the drawer's figure is ours.
 * @param {Page} page
 */
async function drawerRuns(page) {
  const runs = await repeat("drawer", async () => {
    const tile = await tileOnScreen(page);
    const drawer = page.getByRole("dialog");
    let since = await page.evaluate(() => performance.now());
    const open = await interactionLatency(page, tile, () => drawer.waitFor(), { shown: true });
    const shown = await onScreenSince(page, since);
    await page.evaluate(() => {
      const dialog = /** @type {HTMLDialogElement} */ (document.querySelector("dialog[open]"));
      /** @type {{ plainDrawer?: { className: string, markup: string } }} */ (globalThis).plainDrawer = { className: dialog.className, markup: dialog.innerHTML };
    });
    const closeButton = drawer.getByRole("button", { name: "Close", exact: true });
    const close = await interactionLatency(page, closeButton, () => drawer.waitFor({ state: "detached" }));

    const plainButton = await plainDrawerButton(page);
    since = await page.evaluate(() => performance.now());
    await interactionLatency(page, plainButton, () => drawer.waitFor(), { shown: true });
    const plain = await onScreenSince(page, since);
    await page.evaluate(() => document.querySelectorAll("dialog[data-plain-drawer]").forEach((dialog) => dialog.remove()));
    await quiet(page);
    return { open, close, shown, plain };
  });
  await page.evaluate(() => document.getElementById("plain-drawer")?.remove());
  return runs;
}

/**
 * From the tap to the dialog on screen, for the first tap since `since` (page time).
 * @param {Page} page
 * @param {number} since
 */
async function onScreenSince(page, since) {
  return (await benchOf(page)).shown.find((entry) => entry.at >= since)?.latency ?? Number.NaN;
}

/**
 * A button over the bottom of the feed (below the tiles tileOnScreen picks) whose click
 * opens the last drawer's markup in a modal <dialog>, as the drawer opens (showModal).
 * @param {Page} page
 */
async function plainDrawerButton(page) {
  await page.evaluate(() => {
    if (document.getElementById("plain-drawer")) return;
    const button = document.createElement("button");
    button.id = "plain-drawer";
    button.textContent = "Plain drawer";
    button.style.cssText = "position:fixed;left:16px;bottom:12px;z-index:60;width:160px;height:48px;background:white";
    button.addEventListener("click", () => {
      const { className, markup } = /** @type {{ plainDrawer: { className: string, markup: string } }} */ (/** @type {unknown} */ (globalThis)).plainDrawer;
      const dialog = document.createElement("dialog");
      dialog.dataset.plainDrawer = "";
      dialog.className = className;
      dialog.innerHTML = markup;
      document.body.append(dialog);
      dialog.showModal();
    });
    document.body.append(button);
  });
  return page.locator("#plain-drawer");
}

/**
 * Save to Google Calendar in an open drawer, waiting for the server's answer each
 * time; the runs take turns liking and unliking the same event (the same code).
 *
 * Headless (`--headless`), Chromium does not always report the tap's own frame as
 * presented: with the server's answer held back, an unlike's click entry came after 3 s,
 * once the held answer drew the toast, while a screencast of the same tap showed the button
 * changed 91 ms after it. On the virtual screen each like is measured by its own frame.
 * @param {Page} page
 */
async function likeRuns(page) {
  const drawer = await openDrawer(page, await tileOnScreen(page));
  const like = drawer.getByRole("button", { name: "Save to Google Calendar" });
  const runs = await repeat("like", async () => {
    const pressed = (await like.getAttribute("aria-pressed")) === "true";
    const saved = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/like"));
    const tap = await interactionLatency(page, like, async () => {
      await drawer.locator(`button[aria-label="Save to Google Calendar"][aria-pressed="${!pressed}"]`).waitFor();
      if (!(await saved).ok()) throw new Error("The like was refused");
    });
    return { tap };
  });
  await closeDrawer(page, drawer);
  return runs;
}

/**
 * The drawer's child picker: open the list, pick Maya (or unpick her, on every
 * other run), Save, and wait for the server to have the correction.
 * @param {Page} page
 */
async function pickerRuns(page) {
  const drawer = await openDrawer(page, await tileOnScreen(page));
  const edit = drawer.getByRole("button", { name: /^(Tag children|Edit children)$/ });
  const kids = drawer.getByRole("group", { name: "Your Kids" });
  const maya = kids.getByRole("checkbox", { name: /Maya/ });
  const runs = await repeat("picker", async () => {
    const list = await interactionLatency(page, edit, () => kids.waitFor());
    const flipped = kids.locator("label", { hasText: "Maya" }).locator((await maya.isChecked()) ? "input:not(:checked)" : "input:checked");
    const pick = await interactionLatency(page, maya, () => flipped.waitFor());
    const stored = page.waitForResponse((response) => response.request().method() === "PUT" && response.url().endsWith("/children"));
    const save = await interactionLatency(page, kids.getByRole("button", { name: "Save" }), () => kids.waitFor({ state: "detached" }));
    if (!(await stored).ok()) throw new Error("The children's correction was refused");
    await quiet(page);
    return { list, pick, save };
  });
  await closeDrawer(page, drawer);
  return runs;
}

/**
 * The month title opens the month calendar; Next month moves it; Close calendar
 * (unmeasured) puts the feed back.
 * @param {Page} page
 */
function trayRuns(page) {
  const title = page.locator('button[aria-controls="month-calendar"]');
  const tray = page.locator("#month-calendar");
  const month = tray.locator("p[aria-live]");
  return repeat("tray", async () => {
    const open = await interactionLatency(page, title, () => tray.waitFor());
    const moved = month.filter({ hasNotText: (await month.textContent()) ?? "" });
    const next = await interactionLatency(page, tray.getByRole("button", { name: "Next month" }), () => moved.waitFor());
    await tray.getByRole("button", { name: "Close calendar" }).tap();
    await tray.waitFor({ state: "detached" });
    await quiet(page);
    return { open, next };
  });
}

/**
 * One wheel down by a month: to where the next month begins, its title under the
 * top bar; when it is not drawn yet, to the end of the drawn months, where the feed
 * draws it as the parent comes near. With 2,000 events a month is some 200 tiles, a
 * few tens of screens. Measured from the wheel to the end of the first frame that
 * ran the feed's scroll handlers.
 * @param {Page} page
 */
function scrollRuns(page) {
  return repeat("scroll", async () => {
    const distance = await page.evaluate(() => {
      const bar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const months = [...document.querySelectorAll("section[data-month]")];
      const next = months.find((month) => month.getBoundingClientRect().top > bar + 1);
      const drawnEnd = months.at(-1)?.getBoundingClientRect().bottom ?? bar + innerHeight;
      return Math.round((next ? next.getBoundingClientRect().top : drawnEnd) - bar);
    });
    const viewport = page.viewportSize() ?? { width: 400, height: 800 };
    await page.mouse.move(viewport.width / 2, viewport.height / 2);
    const since = await page.evaluate(() => performance.now());
    const from = await page.evaluate(() => scrollY);
    await page.mouse.wheel(0, distance);
    await page.waitForFunction((wheeledAfter) => /** @type {{ bench: Bench }} */ (/** @type {unknown} */ (globalThis)).bench.scrolls.some((scroll) => scroll.at >= wheeledAfter), since);
    // Until the feed stops moving (a wheel's scroll may be animated) and what the scroll drew is done.
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = scrollY;
          let still = 0;
          const look = () => {
            still = scrollY === last ? still + 1 : 0;
            last = scrollY;
            if (still >= 5) resolve(null);
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        }),
    );
    await quiet(page);
    const bench = await benchOf(page);
    const latency = bench.scrolls.find((scroll) => scroll.at >= since)?.latency ?? 0;
    const moved = (await page.evaluate(() => scrollY)) - from;
    if (verbose) {
      console.info(`    wheel ${distance} px, moved ${Math.round(moved)} px`);
      console.info(breakdown(bench.longFrames, since));
    }
    return { "a month down": latency };
  });
}

/** @param {number[]} averages */
const loadLine = (averages) => averages.map((value) => value.toFixed(2)).join(" ");

// Before the benchmark adds its own: what else the machine is doing.
const loadBefore = loadavg();
log(`Load average before building and seeding: ${loadLine(loadBefore)} (${cpus().length} cores)`);
const server = await startPreview({ root, skipBuild, log });
/** @type {Awaited<ReturnType<typeof startVirtualDisplay>>} */
let screen = null;
/** @type {import("playwright-core").Browser | undefined} */
let browser;
try {
  screen = headless ? null : await startVirtualDisplay();
  if (!headless && !screen) log("No Xvfb here (apt-get install -y xvfb): headless, where a like's figure may run on to its toast.");
  const drawnOn = screen ? `a virtual screen (Xvfb ${screen.display})` : "no screen (headless)";
  browser = await launchChromium({ display: screen?.display });
  const context = await browser.newContext({ ...profileOptions(PHONE), baseURL: server.baseURL });
  await context.addInitScript(recordInteractions, { longFrames: verbose });
  const page = await context.newPage();
  log(`Seeding a parent with ${EVENTS} events (${RANGES} ranges) and two children...`);
  await becomeBusyParent(page);
  await openFeed(page);
  // The slowdown starts once the feed is open: the setup is not what is measured.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  await quiet(page);
  // The load when measuring starts: a build just before raises the 1-minute figure by itself.
  const loadAtStart = loadavg();
  const drawn = await page.evaluate(() => ({ tiles: document.querySelectorAll('main a[href^="/focus/event/"]').length, elements: document.getElementsByTagName("*").length }));
  log(`The feed as it opens: ${drawn.tiles} tiles drawn, ${drawn.elements} elements in the page.`);
  log(`Measuring on ${PHONE} at ${CPU_SLOWDOWN}× CPU slowdown, ${RUNS} runs each, drawn on ${drawnOn}...`);

  if (traceFile) await browser.startTracing(page, { path: traceFile });
  // The scroll goes last: it draws the later months, and the taps are measured on the feed as it opens.
  const drawer = await drawerRuns(page);
  const like = await likeRuns(page);
  const picker = await pickerRuns(page);
  const tray = await trayRuns(page);
  const scroll = await scrollRuns(page);
  if (traceFile) {
    await browser.stopTracing();
    log(`Trace written to ${traceFile} (traced figures run high)`);
  }
  const loadAtEnd = loadavg();

  /** @type {[string, string, number[]][]} */
  const rows = [
    ["drawer", "open", drawer.open ?? []],
    ["drawer", "close", drawer.close ?? []],
    ["drawer", "on screen", drawer.shown ?? []],
    ["drawer", BASELINE, drawer.plain ?? []],
    ["tray", "open", tray.open ?? []],
    ["tray", "next month", tray.next ?? []],
    ["like", "tap", like.tap ?? []],
    ["picker", "open the list", picker.list ?? []],
    ["picker", "pick a child", picker.pick ?? []],
    ["picker", "save", picker.save ?? []],
    ["scroll", "a month down", scroll["a month down"] ?? []],
  ];
  console.log("");
  console.log(`Input to next frame, median of ${RUNS} (${PHONE}, ${CPU_SLOWDOWN}× CPU slowdown, ${EVENTS} events, on ${drawnOn}; budget ${BUDGET_MS} ms)`);
  /** @type {Map<string, number>} */
  const worst = new Map();
  for (const [figure, step, runs] of rows) {
    const ms = Math.round(median(runs));
    const each = runs.map((value) => Math.round(value)).join(", ");
    if (step === BASELINE) {
      console.log(`  ${`  ${step}`.padEnd(22)} ${String(ms).padStart(4)} ms         (${each})`);
      continue;
    }
    // Each figure is the slowest of its steps: INP is the page's worst interaction, and a
    // parent who opens the drawer also closes it (the drawer is its opening, unless closing is slower).
    worst.set(figure, Math.max(worst.get(figure) ?? 0, ms));
    console.log(`  ${`${figure} ${step}`.padEnd(22)} ${String(ms).padStart(4)} ms${ms > BUDGET_MS ? "  OVER" : ""}   (${each})`);
  }
  console.log(`  Event Timing rounds to 8 ms; ${EVENT_TIMING_FLOOR_MS} means under ${EVENT_TIMING_FLOOR_MS} ms (no entry reported).`);
  console.log(`  ${BASELINE}: the drawer's markup opened by a plain click, no React or router, on the same feed (the browser's part of "on screen"; not a figure).`);
  console.log(
    `Load average (1, 5, 15 min, ${cpus().length} cores): before the benchmark ${loadLine(loadBefore)}; measuring, at start ${loadLine(loadAtStart)}, at end ${loadLine(loadAtEnd)}`,
  );
  // While measuring, the benchmark's own browser and server add one or two to the load by themselves.
  if ((loadBefore[0] ?? 0) >= cpus().length / 2) console.log("  Not a quiet machine (load before the benchmark): the figures run high.");
  const figure = (/** @type {string} */ name) => `${name} ${worst.get(name) ?? 0} ms`;
  console.log(`interaction: ${["drawer", "tray", "like", "picker", "scroll"].map(figure).join(", ")}`);
} finally {
  await browser?.close();
  screen?.stop();
  await server.stop();
}
