/**
 * Integrations in the browser on a phone (spec §4 "Push permission", §6, §8,
 * §10; ADR 011): notifications turned on through the app reach the service
 * worker by the cron's real reminder path and the local push service; the
 * profile's switch turns them off; the feed shares the parent's location and
 * shows the weather on today's day block.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localDate, zonedInstant } from "../../app/lib/time-zone";
import { baseURL, BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverMail } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail, zoneSaved } from "./parent.mjs";

const open = useBrowser();

interface ShownNotification {
  title: string;
  body: string;
  url: string | undefined;
}

/** A signed-in parent with a forwarding address; returns it. */
async function newParent(page: Page, label: string): Promise<{ address: string; email: string }> {
  const email = uniqueEmail(label);
  await signIn(page, email);
  await zoneSaved(page);
  const claim = await claimUsername(page, `push${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  expect(claim.status).toBe(200);
  return { address: claim.body.forwardingAddress!.address, email };
}

/** Premium through the local fake checkout (reminders are Premium), as the app's Upgrade button goes. */
async function becomePremium(page: Page) {
  const { url } = (await (await page.request.get("/api/billing/checkout")).json()) as { url: string };
  // The link is built on APP_URL; the preview answers on another port.
  const checkout = new URL(url);
  await page.goto(checkout.pathname + checkout.search);
  expect(new URL(page.url()).pathname).toBe("/profile");
}

async function eventNames(page: Page): Promise<string[]> {
  const { events } = (await (await page.request.get("/api/events")).json()) as { events: { eventName: string }[] };
  return events.map((event) => event.eventName);
}

/** The notifications this origin's service worker registration is showing. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  // A string: the e2e project is typed for Node, without the DOM.
  return page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const shown = registration ? await registration.getNotifications() : [];
    return shown.map((n) => ({ title: n.title, body: n.body, url: n.data ? n.data.url : undefined }));
  })()`);
}

/** This phone's token as Cubby stored it (the device profile app/lib/push/device.ts makes). */
function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(`(async () => {
    const platform = (navigator.userAgentData && navigator.userAgentData.platform) || navigator.platform || "";
    const response = await fetch("/api/push/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ userAgent: navigator.userAgent, platform }),
    });
    return (await response.json()).token;
  })()`);
}

/**
 * Headless Chromium cannot run Cubby as an installed app, and its
 * display-mode media feature cannot be emulated: the page is told it runs
 * standalone, as it would from the home screen, so the profile shows the switch.
 */
async function asInstalled(context: BrowserContext) {
  await context.addInitScript(`{
    const real = window.matchMedia.bind(window);
    window.matchMedia = (query) => {
      const result = real(query);
      if (!query.includes("display-mode: standalone")) return result;
      return {
        matches: true,
        media: query,
        onchange: null,
        addEventListener: result.addEventListener.bind(result),
        removeEventListener: result.removeEventListener.bind(result),
        addListener: result.addListener.bind(result),
        removeListener: result.removeListener.bind(result),
        dispatchEvent: result.dispatchEvent.bind(result),
      };
    };
  }`);
}

describe("reminder pushes on a Pixel 7", () => {
  it("turns notifications on, and the cron's reminder is shown by the service worker", async () => {
    const page = await open("Pixel 7");
    await page.context().grantPermissions(["notifications"]);
    const { address, email } = await newParent(page, "push-reminder");
    await becomePremium(page);

    // An event tomorrow in the parent's zone (the app saved the browser's).
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const today = localDate(new Date(), timeZone);
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000);
    const spoken = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(tomorrow);
    await deliverMail(address, {
      from: "office@maplegrove.example.edu",
      name: "Maple Grove Office",
      subject: "Picture Day tomorrow",
      body: `Hello families, Picture Day is on ${spoken} in the gym.`,
    }, email);
    await expect.poll(() => eventNames(page), { timeout: 20_000 }).toContainEqual(expect.stringMatching(/picture day/i));

    // /notifications: Allow Notifications subscribes this phone and goes on to the feed.
    await page.goto("/notifications");
    await page.getByRole("button", { name: "Allow Notifications" }).click();
    await page.waitForURL("**/focus");
    const token = await storedToken(page);
    expect(JSON.parse(token!)).toMatchObject({ endpoint: expect.stringMatching(/^https:\/\/push\.cubby\.localhost\//) });

    // The real cron, at 6:30 pm in the parent's zone (reminders go out from 6 pm).
    const evening = zonedInstant(`${today}T18:30`, timeZone).getTime();
    const cron = await fetch(`${baseURL()}/cdn-cgi/handler/scheduled?cron=${encodeURIComponent("*/15 * * * *")}&time=${evening}`);
    expect(cron.status).toBe(200);

    // The local push service's page hands what it holds to the service worker, which shows it.
    await page.goto("/api/dev/push");
    await expect.poll(() => shownNotifications(page), { timeout: 10_000 }).toEqual([
      { title: "Tomorrow: 1 event", body: expect.stringMatching(/picture day/i), url: "/focus" },
    ]);
    await page.getByRole("listitem").filter({ hasText: "Tomorrow: 1 event" }).waitFor();

    // The worker's push handler shows a real push event's payload the same way (DevTools' "Push").
    const cdp = await page.context().newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL()}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send("ServiceWorker.enable");
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL(),
      registrationId: await registrationId,
      data: JSON.stringify({ title: "Tomorrow: 2 events", body: "Picture Day, Bake sale", url: "/focus/event/abc" }),
    });
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => `${n.title} → ${n.url}`).toSorted(), { timeout: 10_000 })
      .toEqual(["Tomorrow: 1 event → /focus", "Tomorrow: 2 events → /focus/event/abc"]);
    // Tapping a notification (notificationclick) needs a notification UI headless Chromium does not have.
  });

  it("turns notifications off from the profile's switch, and says so when it cannot", async () => {
    const page = await open("Pixel 7");
    await asInstalled(page.context());
    await page.context().grantPermissions(["notifications"]);
    await newParent(page, "push-switch");
    // The switch is a Premium parent's; a Basic parent sees the Premium tag (issue 31).
    await becomePremium(page);
    await page.goto("/profile");
    const toggle = page.getByRole("switch", { name: /Notifications/ });
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await toggle.isChecked()).toBe(false);

    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(true);
    expect(await storedToken(page)).not.toBeNull();

    // The server refusing: the switch stays on and the spec's error shows.
    await page.route("**/api/push/unsubscribe", (route) => route.fulfill({ status: 500, json: { error: "x" } }));
    await toggle.click();
    await page.getByText("Failed to disable notifications.").waitFor();
    expect(await toggle.isChecked()).toBe(true);
    await page.unroute("**/api/push/unsubscribe");

    await toggle.click();
    await expect.poll(() => toggle.isChecked(), { timeout: 10_000 }).toBe(false);
    expect(await storedToken(page)).toBeNull();
  });

  it("asks the parent to allow notifications in the browser's settings when denied", async () => {
    const page = await open("Pixel 7");
    await asInstalled(page.context());
    // No grant: headless Chromium answers the permission prompt with 'denied'.
    await newParent(page, "push-denied");
    await becomePremium(page);
    await page.goto("/profile");
    const toggle = page.getByRole("switch", { name: /Notifications/ });
    await expect.poll(() => toggle.isEnabled(), { timeout: 10_000 }).toBe(true);
    await toggle.click();
    await page.getByText("Please allow notifications in your browser settings.").waitFor();
    await page.getByText("Permission Denied").waitFor();
    expect(await toggle.isChecked()).toBe(false);
    expect(await storedToken(page)).toBeNull();
  });

  it("shows a Basic parent the Premium tag where the switch would be (spec §6)", async () => {
    const page = await open("Pixel 7");
    await asInstalled(page.context());
    await newParent(page, "push-basic");
    await page.goto("/profile");
    const thisPhone = page.getByRole("region", { name: "This Phone" });
    await thisPhone.getByText("Notifications").waitFor();
    await thisPhone.getByRole("link", { name: "Premium" }).waitFor();
    expect(await thisPhone.getByRole("switch").count()).toBe(0);
  });
});

describe.each(BEHAVIOUR_PHONES)("weather where the parent is, on %s", (phone) => {
  it("shares the phone's location and shows today's weather", async () => {
    const page = await open(phone);
    await page.context().grantPermissions(["geolocation"]);
    await page.context().setGeolocation({ latitude: 45.42, longitude: -75.69 });
    await newParent(page, `${phone}-weather`);
    const shared = page.waitForRequest((request) => request.url().endsWith("/api/location") && request.method() === "POST");
    await page.goto("/focus");
    expect(JSON.parse((await shared).postData()!)).toEqual({ lat: 45.42, lng: -75.69 });
    const today = page.locator("section[aria-label$=', today']");
    await expect.poll(() => today.textContent(), { timeout: 10_000 }).toMatch(/-?\d+°[CF]/);
    // A parent who never chose units gets the phone region's, saved once, and sees them.
    const units = async () => ((await (await page.request.get("/api/user/profile")).json()) as { user: { preferences: { tempUnits?: string; distUnits?: string } } }).user.preferences;
    await expect.poll(async () => (await units()).tempUnits, { timeout: 10_000 }).toMatch(/^[fc]$/);
    const saved = await units();
    const region = await page.evaluate(() => new Intl.Locale(navigator.language).maximize().region);
    expect(saved).toMatchObject(region === "US" ? { tempUnits: "f", distUnits: "m" } : { tempUnits: "c" });
    expect(await today.textContent()).toContain(saved.tempUnits === "f" ? "°F" : "°C");
  });
});
