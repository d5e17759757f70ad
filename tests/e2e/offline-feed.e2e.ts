/**
 * At the field (issue 15, ADR 024): a parent who opened /focus
 * with a signal and reloads it with none sees the last feed with the quiet
 * offline line, and a like says it needs a connection instead of failing.
 * Logging out forgets the kept feed, and lands on / even when the feed's own
 * events call answers 401 on the way out.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled, shot } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail, zoneSaved } from "./parent.mjs";

const open = useBrowser();
const FROM = "office@maplegrove.example.edu";

interface KeptCaches {
  keys(): Promise<string[]>;
  open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }>;
}

/**
 * What the service worker keeps: the feed page and events answer of this
 * session, and whether the shell holds every module the page and the event
 * drawer need.
 */
function keptFiles(page: Page) {
  return page.evaluate(async () => {
    const scope = globalThis as unknown as {
      caches: KeptCaches;
      document: { querySelectorAll(selector: string): Iterable<{ href: string }> };
      performance: { getEntriesByType(type: string): { name: string }[] };
      __reactRouterManifest?: { routes: Record<string, { module: string; imports?: string[] }> };
    };
    const names = await scope.caches.keys();
    const feeds = names.filter((name) => name.startsWith("cubby-feed:"));
    const kept = feeds[0] ? (await (await scope.caches.open(feeds[0])).keys()).map((request) => new URL(request.url).pathname) : [];
    const shell = names.includes("cubby-shell-v1") ? (await (await scope.caches.open("cubby-shell-v1")).keys()).map((request) => new URL(request.url).pathname) : [];
    // React Router names its route manifest on window; the drawer's files are listed there.
    // oxlint-disable-next-line no-underscore-dangle -- React Router's own global
    const drawer = scope.__reactRouterManifest?.routes["focus-event"] ?? { module: "", imports: [] };
    const loaded = scope.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname).filter((path) => path.startsWith("/assets/"));
    const preloaded = [...scope.document.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);
    const needed = [...loaded, ...preloaded, drawer.module, ...(drawer.imports ?? [])].filter(Boolean);
    return { feeds: feeds.length, kept, shell, loaded, shellComplete: needed.every((path) => shell.includes(path)) };
  });
}

/** The feed's parts that load when first shown (FocusFeed.tsx, UrlWidget.tsx): their chunks are named after them. */
const LATER_PARTS = ["CalendarTray", "LatestEvents", "ProgressRing", "UnsureDates", "UrlPanel", "WaitingMail"];
const partsIn = (paths: string[]) => LATER_PARTS.filter((part) => paths.some((path) => path.startsWith(`/assets/${part}-`)));

describe.each(BEHAVIOUR_PHONES)("the feed without a signal on %s", (phone) => {
  it("shows the last feed with the offline line, and a like says it needs a connection", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-offline`);
    await signIn(page, email);
    // The feed asks for its events when the check's first answer says it found some: no re-read may reset it.
    await zoneSaved(page);
    const claim = await claimUsername(page, `field${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;
    const game = spokenDate(3);
    await deliverRaw(address, plainMail({ to: address, from: FROM, subject: "Soccer", text: `The Soccer Game is on ${game.spoken} at 10:00 a.m.` }), email);

    // With a signal: the first visit installs the worker, the next ones go through it.
    await page.goto("/focus");
    await settled(page);
    // A function, not a string: the page's CSP forbids the eval a string's polling runs.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await page.getByText(/Soccer Game/i).first().waitFor({ timeout: 20_000 });
    await settled(page);
    await expect.poll(async () => (await keptFiles(page)).kept.toSorted()).toEqual(["/api/events", "/focus"]);
    await expect.poll(async () => (await keptFiles(page)).shellComplete).toBe(true);
    // The worker fetched the parts the feed loads when first shown; the page itself ran none of them (ADR 024).
    await expect.poll(async () => partsIn((await keptFiles(page)).shell)).toEqual(LATER_PARTS);
    expect(partsIn((await keptFiles(page)).loaded)).toEqual([]);
    expect(await page.getByRole("status").filter({ hasText: /^Offline/ }).count()).toBe(0);

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(/Soccer Game/i).first().waitFor();
    await page.getByText(/^Offline, showing what Cubby knew at \d{1,2}:\d{2} (am|pm)$/).waitFor();
    await shot(page, phone, "feed-offline");
    // The parts a feed loads when first shown were kept too: the month calendar opens.
    await page.locator('button[aria-controls="month-calendar"]').click();
    const tray = page.locator("#month-calendar");
    await tray.getByRole("button", { name: "Next month" }).waitFor();
    await tray.getByRole("button", { name: "Close calendar" }).click();
    await tray.waitFor({ state: "detached" });

    await page.getByRole("link", { name: /Soccer Game/i }).first().click();
    const drawer = page.getByRole("dialog", { name: /Soccer Game/i });
    await drawer.waitFor();
    await drawer.getByRole("button", { name: "Save to Google Calendar" }).click();
    await page.getByText("You're offline").waitFor();
    await page.getByText("Adding to Google Calendar needs a connection. Try again when you're back online.").waitFor();
    await shot(page, phone, "feed-offline-like");

    // Back online, logging out forgets the kept feed.
    await page.context().setOffline(false);
    await page.goto("/api/logout");
    await expect.poll(async () => (await keptFiles(page)).feeds).toBe(0);
  });
});

/** A signed-in parent's feed, awake; `askAgain` makes it ask for events as when the phone comes back to the foreground. */
async function openFeed(page: Page, label: string) {
  await signIn(page, uniqueEmail(label));
  expect((await claimUsername(page, `${label.replace(/\W/g, "").toLowerCase()}${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`)).status).toBe(200);
  // The feed listens for the phone's return in the same task that opens its live socket: once the
  // socket is there, so is the listener (a busy CI run once asked before it, and nothing was asked).
  const listening = page.waitForEvent("websocket", (socket) => socket.url().endsWith("/api/checkmessages"));
  await page.goto("/focus");
  await listening;
  await settled(page);
  return { askAgain: () => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange"))) };
}

/** A promise the test resolves when something has happened. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe.each(BEHAVIOUR_PHONES)("the events call's 401 on %s", (phone) => {
  it("sends a parent whose session ended to / (spec §8)", async () => {
    const page = await open(phone);
    const feed = await openFeed(page, `${phone}-expired`);
    await page.context().route("**/api/events", (route) => route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"Not signed in."}' }));
    await feed.askAgain();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByText("Continue with Google").count()).toBeGreaterThan(0);
  });

  // Once the parent has logged out, a call the feed was already making answers 401 too: the
  // feed must not start a page load of its own over the one under way, which would cut the
  // log out short (ERR_ABORTED).
  it("lets the log out land on / when it answers while the log out loads", async () => {
    const page = await open(phone);
    const feed = await openFeed(page, `${phone}-leaving`);
    const eventsAsked = signal();
    const loggingOut = signal();
    const eventsRefused = signal();
    // The context, not the page: the service worker's own requests are routed too.
    await page.context().route("**/api/events", async (route) => {
      eventsAsked.resolve();
      await loggingOut.promise;
      await route.fulfill({ status: 401, contentType: "application/json", body: '{"error":"Not signed in."}' });
      eventsRefused.resolve();
    });
    await page.context().route("**/api/logout", async (route) => {
      loggingOut.resolve();
      await eventsRefused.promise;
      // Time for the refused answer to reach the page, and its handler to run, before the log out answers.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await feed.askAgain();
    await eventsAsked.promise;

    const response = await page.goto("/api/logout");
    expect(new URL(page.url()).pathname).toBe("/");
    expect(response?.status()).toBe(200);
  });

  // The feed was fetching its events as the parent logged out: the answer, the old session's,
  // reaches the service worker after it forgot the kept feed, and must not be kept again.
  it("keeps nothing on the phone of an events answer that arrives after the log out", async () => {
    const page = await open(phone);
    const feed = await openFeed(page, `${phone}-late`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.reload();
    await settled(page);
    await expect.poll(async () => (await keptFiles(page)).feeds).toBe(1);

    const answered = signal();
    const loggedOut = signal();
    const delivered = signal();
    await page.context().route("**/api/events", async (route) => {
      // Answered while the session is still good, handed over only after the log out.
      const real = await route.fetch();
      answered.resolve();
      await loggedOut.promise;
      await route.fulfill({ response: real });
      delivered.resolve();
    });
    await feed.askAgain();
    await answered.promise;
    await page.goto("/api/logout");
    expect(new URL(page.url()).pathname).toBe("/");
    loggedOut.resolve();
    await delivered.promise;
    // Time for the worker to keep it, as it did before.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await keptFiles(page)).feeds).toBe(0);
  });
});
