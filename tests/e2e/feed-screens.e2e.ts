/**
 * The full feed's layout with a year of events (the bench and Lighthouse
 * generator, written into the app's local D1): the Today pointer, the month
 * calendar, and the committed screenshots (iPhone 14, 390×844) of the feed,
 * drawer, message card, calendar tray and tutorial.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sampleEvents } from "./feed-sample";
import { onOnePhone, useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { awake } from "./axe";
import { answerMessage } from "./message-card";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

/** Screens of the iPhone 14 run are committed; the Pixel 7 ones go to the temp folder for review. */
async function shot(page: Page, phone: string, name: string) {
  const { tmpdir } = await import("node:os");
  const file = phone === "iPhone 14" ? new URL(`../../docs/screenshots/feed-${name}.png`, import.meta.url).pathname : `${tmpdir()}/cubby-shots/pixel-feed-${name}.png`;
  await page.screenshot({ path: file, animations: "disabled" });
}

async function onScreen(page: Page, locator: ReturnType<Page["locator"]>): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return Boolean(box && box.y + box.height > 0 && box.y < height);
}

/** The page's `CSS.supports` answers no for `feature`, as in a browser without it (Safari, for the ones asked here). */
function withoutCssFeature(page: Page, feature: string) {
  return page.addInitScript((missing) => {
    const supports = CSS.supports.bind(CSS) as (property: string, value?: string) => boolean;
    CSS.supports = ((property: string, value?: string) =>
      !property.includes(missing) && (value === undefined ? supports(property) : supports(property, value))) as typeof CSS.supports;
  }, feature);
}

/** A parent with a year of events in the app's D1: the feed draws them on the server, as for any parent. */
async function fullFeed(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signIn(page, email);
  await claimUsername(page, `scr${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  const prefix = crypto.randomUUID().slice(0, 8);
  const events = sampleEvents(120, 16, Date.now()).map((event, index) => ({
    ...event,
    _id: `${prefix}-${event._id}`,
    id: `${prefix}-${event._id}`,
    mentions: [
      {
        _id: `m${index}`,
        sourceContentId: "sample-message",
        sourceType: index % 4 === 0 ? "email/pdf" : "email",
        sourceSender: "Ms. Rivera via Remind",
        sourceAddress: "rivera@maplegrove.example.edu",
        sourceDate: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        sourceURL: null,
      },
    ],
  }));
  // Through the app's own local door: a second process must not write into the running app's D1.
  const written = await page.request.post("/api/dev/events", { data: { events } });
  expect(written.status()).toBe(200);
  await answerMessage(page, "sample-message", {
    html: "<h2>This week in Room 12</h2><p>Hello families! Our <b>Science Fair</b> is coming up, and projects are due on Friday.</p><p>Please send a water bottle with your child every day.</p><ul><li>Picture day: Tuesday</li><li>Book fair: all week in the library</li></ul><p>Thank you,<br>Ms. Rivera</p>",
    events: events.slice(0, 4),
  });
  return events;
}

describe.each(PHONES)("the full feed on %s", (phone) => {
  const onePhoneIt = onOnePhone(phone);
  it("points back to today and opens the month calendar", async () => {
    const page = await open(phone);
    await fullFeed(page, `${phone}-screens`);
    await page.goto("/focus");
    const today = page.locator('section[aria-label$=", today"]');
    await today.waitFor();
    await expect.poll(() => onScreen(page, today)).toBe(true);
    await page.getByRole("link", { name: /./ }).filter({ hasText: /AM|PM|All day/ }).first().waitFor();
    await shot(page, phone, "focus");

    // The server draws today and the three weeks after it; scrolling near their end draws the rest.
    const todayKey = (await today.getAttribute("data-day"))!;
    const threeWeeksOn = new Date(Date.parse(`${todayKey}T00:00:00Z`) + 21 * 86_400_000).toISOString().slice(0, 10);
    const later = (days: (string | null)[]) => days.filter((day) => day !== null && day > threeWeeksOn).length;
    const answer = await page.request.get("/focus");
    // It is this parent's page: no shared cache may keep it.
    expect(answer.headers()["cache-control"]).toBe("private, no-cache");
    const served = await answer.text();
    expect(later([...served.matchAll(/data-day="([\d-]+)"/g)].map((match) => match[1] ?? null))).toBe(0);

    // Scrolled far down, today is off-screen: the pointer appears and brings it back.
    await page.mouse.wheel(0, 6000);
    await expect.poll(async () => later(await page.locator("section[data-day]").evaluateAll((days) => days.map((day) => day.getAttribute("data-day"))))).toBeGreaterThan(0);
    // Once the rest is drawn, far down again: a busy machine may have turned the first wheel while only three weeks were there.
    await page.mouse.wheel(0, 6000);
    const pointer = page.getByRole("button", { name: "Today" });
    await pointer.waitFor();
    await pointer.click();
    await pointer.waitFor({ state: "detached" });
    await expect.poll(() => onScreen(page, today)).toBe(true);

    // The month title opens the SUN–SAT calendar.
    await page.getByRole("button", { expanded: false }).first().click();
    const grid = page.locator("#month-calendar");
    await grid.getByText("SUN").waitFor();
    await shot(page, phone, "calendar");
    await grid.getByRole("button", { name: "Close calendar" }).click();
    await grid.waitFor({ state: "detached" });
  });

  it("opens on today, under the bar, from the server's page alone: by CSS, or by the page's script where CSS cannot", async () => {
    const page = await open(phone);
    await fullFeed(page, `${phone}-opens-on-today`);
    // The app's modules never arrive: what is on screen is the server's page.
    await page.context().route("**/assets/*.js", (route) => route.abort());
    const todayAt = (tab: Page) =>
      tab.locator('section[aria-label$=", today"]').evaluate((day) => ({
        scrolled: window.scrollY,
        // Under the bar: the block's top where its scroll margin puts it.
        offBy: Math.abs(day.getBoundingClientRect().top - Number.parseFloat(getComputedStyle(day).scrollMarginTop)),
      }));

    // A browser with scroll-initial-target: CSS does it, with no script scrolling.
    await page.addInitScript(() => {
      Element.prototype.scrollIntoView = () => {};
    });
    await page.goto("/focus");
    const byCss = await todayAt(page);
    expect(byCss.scrolled).toBeGreaterThan(0);
    expect(byCss.offBy).toBeLessThan(2);

    // A browser without it (Safari today): the page's own script.
    const other = await page.context().newPage();
    await withoutCssFeature(other, "scroll-initial-target");
    await other.route("**/focus", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll("opens-below-bar", "");
      await route.fulfill({ response, body });
    });
    await other.goto("/focus");
    const byScript = await todayAt(other);
    expect(byScript.scrolled).toBeGreaterThan(0);
    expect(byScript.offBy).toBeLessThan(2);
  });

  it("keeps the parent's place as earlier months are drawn above, where the browser does not (Safari)", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-keeps-place`));
    const prefix = crypto.randomUUID().slice(0, 8);
    // Three weeks of days from today on (a feed taller than the screen), and every fourth day of the five
    // months before today's: those months are drawn only as the parent nears the top of the feed.
    const daysFromToday = [...Array.from({ length: 28 }, (_, n) => -150 + 4 * n), ...Array.from({ length: 21 }, (_, day) => day)];
    const events = sampleEvents(daysFromToday.length, 0).map((event, index) => {
      const day = new Date(Date.now() + daysFromToday[index]! * 86_400_000).toISOString().slice(0, 10);
      return { ...event, _id: `${prefix}-${event._id}`, id: `${prefix}-${event._id}`, start: day, end: null, dateTime: false, dislike: false };
    });
    expect((await page.request.post("/api/dev/events", { data: { events } })).status()).toBe(200);
    // Safari has no CSS scroll anchoring: the page is told so, and Chromium's own is off before the app wakes.
    await withoutCssFeature(page, "overflow-anchor");
    await page.addInitScript(() =>
      document.addEventListener("DOMContentLoaded", () => document.documentElement.style.setProperty("overflow-anchor", "none")),
    );
    await page.goto("/focus");
    await awake(page);

    const today = page.locator('section[aria-label$=", today"]');
    const todaysMonth = page.locator('section[data-month]:has(section[aria-label$=", today"])');
    const earlierMonths = page.locator('section[data-month]:has(~ section[data-month] section[aria-label$=", today"])');
    // Today's month starts on today, so the month before it is drawn as the feed wakes: today stays under the bar.
    await expect.poll(() => earlierMonths.count()).toBeGreaterThan(0);
    // The whole picture, not only the distance: a failure seen once on a loaded CI machine (today
    // 121 px off) did not come back here, and the next one should say where the page was.
    await expect
      .poll(() =>
        today.evaluate((day) => {
          const top = day.getBoundingClientRect().top;
          const underBar = Number.parseFloat(getComputedStyle(day).scrollMarginTop);
          return { offBy: Math.abs(top - underBar), top, underBar, scrolled: window.scrollY, months: document.querySelectorAll("section[data-month]").length };
        }),
      )
      .toSatisfy((place: { offBy: number }) => place.offBy < 2);

    // Up to the top of the feed: the month before that is drawn above what the parent reads.
    const drawnBefore = await earlierMonths.count();
    const topBefore = await todaysMonth.evaluate((month) => {
      window.scrollTo(0, 0);
      return month.getBoundingClientRect().top;
    });
    await expect.poll(() => earlierMonths.count()).toBeGreaterThan(drawnBefore);
    const place = await todaysMonth.evaluate((month) => ({ top: month.getBoundingClientRect().top, scrolled: window.scrollY }));
    expect(Math.abs(place.top - topBefore)).toBeLessThan(2);
    expect(place.scrolled).toBeGreaterThan(0);
  });

  onePhoneIt("lists the latest events with the unseen count and opens one", async () => {
    const page = await open(phone);
    const events = await fullFeed(page, `${phone}-latest`);
    await page.goto("/focus");
    await page.getByRole("link", { name: /./ }).filter({ hasText: /AM|PM|All day/ }).first().waitFor();
    await page.getByRole("button", { name: "Latest events" }).click();
    const card = page.getByRole("dialog", { name: "Latest Events" });
    await card.getByRole("heading", { name: /Latest Events/ }).waitFor();
    const badge = await card.getByLabel(/\d+ new/).textContent();
    expect(Number(badge)).toBeGreaterThan(0);
    const first = card.getByRole("link").first();
    const name = (await first.locator("span.truncate").first().textContent()) ?? "";
    expect(events.some((event) => event.eventName === name)).toBe(true);
    await first.click();
    await page.getByRole("dialog", { name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/focus\/event\//);
  });

  it("keeps the parent's place in the feed as a drawer, its message and the latest events open and close over it", async () => {
    const page = await open(phone);
    await fullFeed(page, `${phone}-keeps-place-under-drawer`);
    await page.goto("/focus");
    await awake(page);
    const today = page.locator('section[aria-label$=", today"]');
    await expect.poll(() => onScreen(page, today)).toBe(true);
    // The feed opens on today, well down a year of days: a reset would show its top.
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    // Where today's block is on screen: what the parent sees (the browser may change scrollY to keep it there).
    const todayAt = () => today.evaluate((day) => Math.round(day.getBoundingClientRect().top));
    const place = await todayAt();
    // A tile on screen, tapped where it is (a click would first scroll it into view).
    const href = await page.evaluate(() => {
      const bar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
      const onScreenTile = [...document.querySelectorAll('main a[href^="/focus/event/"]')].find((link) => {
        const box = link.getBoundingClientRect();
        return box.top >= bar && box.bottom <= innerHeight - 80;
      });
      return onScreenTile?.getAttribute("href");
    });
    expect(href).toBeTruthy();
    const tile = page.locator(`main a[href="${href}"]`);

    await tile.click();
    const drawer = page.getByRole("dialog");
    await drawer.getByRole("button", { name: /Ms. Rivera/ }).waitFor();
    expect(await todayAt()).toBe(place);
    await drawer.getByRole("button", { name: /Ms. Rivera/ }).click();
    const card = page.getByRole("dialog", { name: "This week in Room 12" });
    await card.locator("iframe").waitFor();
    expect(await todayAt()).toBe(place);
    await card.getByRole("button", { name: "Close", exact: true }).click();
    await card.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/focus");
    expect(await todayAt()).toBe(place);

    await tile.click();
    await drawer.getByRole("button", { name: "Close", exact: true }).click();
    await drawer.waitFor({ state: "detached" });
    expect(await todayAt()).toBe(place);

    await page.getByRole("button", { name: "Latest events" }).click();
    const latest = page.getByRole("dialog", { name: "Latest Events" });
    await latest.getByRole("link").first().click();
    await page.getByRole("dialog", { name: /./ }).getByRole("button", { name: /Ms. Rivera/ }).waitFor();
    expect(await todayAt()).toBe(place);
    expect(await onScreen(page, today)).toBe(true);
  });

  it("keeps what the parent reads under the top bar as a line appears in the bar and goes", async () => {
    const page = await open(phone);
    await fullFeed(page, `${phone}-bar-line`);
    await page.goto("/focus");
    await awake(page);
    const today = page.locator('section[aria-label$=", today"]');
    await expect.poll(() => onScreen(page, today)).toBe(true);
    // From the bar's bottom edge to the top of today's block: covered when below zero.
    const underBar = () =>
      today.evaluate((day) => Math.round(day.getBoundingClientRect().top - document.querySelector("header")!.getBoundingClientRect().bottom));
    const before = await underBar();
    expect(before).toBeGreaterThanOrEqual(0);

    // Offline, the bar takes a line (as it does for mail waiting): today moves down with the bar's edge.
    const offlineLine = page.getByRole("status").filter({ hasText: /^Offline/ });
    await page.context().setOffline(true);
    await offlineLine.waitFor();
    // Within a pixel: the bar's height is fractional, the page scrolls by whole device pixels.
    const movedWithBar = async () => Math.abs((await underBar()) - before) <= 1;
    await expect.poll(movedWithBar).toBe(true);
    // And back up with it when the line goes.
    await page.context().setOffline(false);
    await offlineLine.waitFor({ state: "detached" });
    await expect.poll(movedWithBar).toBe(true);
  });

  onePhoneIt("shows the drawer and the message card", async () => {
    const page = await open(phone);
    const events = await fullFeed(page, `${phone}-drawer`);
    const event = events.find((candidate) => candidate.location && !candidate.dislike && !candidate.range)!;
    await page.goto(`/focus/event/${event._id}`);
    const drawer = page.getByRole("dialog", { name: event.eventName });
    await drawer.getByText("1 mention").waitFor();
    await page.waitForTimeout(400);
    await shot(page, phone, "drawer");

    await drawer.getByRole("button", { name: /Ms. Rivera/ }).click();
    const card = page.getByRole("dialog", { name: "This week in Room 12" });
    await card.locator("iframe").waitFor();
    expect(await card.locator("iframe").getAttribute("sandbox")).not.toContain("allow-scripts");
    await page.waitForTimeout(600);
    await shot(page, phone, "message");
  });

  onePhoneIt("shows the tutorial", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-tutorial-shot`));
    await claimUsername(page, `tsh${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    await page.goto("/tutorial");
    await page.getByText("Tap event for details").waitFor();
    expect(await page.getByRole("button", { name: "Skip" }).count()).toBe(1);
    await shot(page, phone, "tutorial");
  });
});
