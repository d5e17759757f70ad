/**
 * The feed on a phone (spec §2 "Feed screen", §4, §8): a new parent's mail
 * becomes tiles; tiles and links open the drawer; dragging closes it; like
 * and hide work; the message card shows hostile mail without running or
 * loading anything; the URL form speaks the spec's words; the Today pointer
 * finds today again.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { deliverRaw, hostileMail, plainMail, spokenDate } from "./feed-mail";
import { settled } from "./axe";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { becomePremium, claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const FROM = "office@maplegrove.example.edu";

interface ApiEvent {
  _id: string;
  eventName: string;
  like: boolean;
  dislike: boolean;
  mentions: { sourceContentId: string }[];
}

/** Each test parent's sign-in address by their Cubby address: the envelope sender of what they forward. */
const parentEmails = new Map<string, string>();

/** A parent with a forwarding address; returns the address. */
async function newParent(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signIn(page, email);
  const username = `feed${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const claim = await claimUsername(page, username);
  expect(claim.status).toBe(200);
  parentEmails.set(claim.body.forwardingAddress!.address, email);
  return claim.body.forwardingAddress!.address;
}

/** The school's mail as the parent forwards it to their Cubby address. */
function deliver(to: string, raw: string) {
  return deliverRaw(to, raw, parentEmails.get(to)!);
}

/** The parent's events once extraction has stored at least `count` (the queue runs in the background). */
async function eventsOnceExtracted(page: Page, count: number): Promise<ApiEvent[]> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await page.request.get("/api/events");
    const { events } = (await response.json()) as { events: ApiEvent[] };
    if (events.length >= count) return events;
    await page.waitForTimeout(200);
  }
  throw new Error(`Extraction stored fewer than ${count} events`);
}

/** Connects Google Calendar as a parent does, through 'Allow Access' (Google is the local fake). */
async function withCalendar(page: Page) {
  await page.goto("/add/calendar");
  await page.getByRole("link", { name: "Allow Access" }).click();
  await page.waitForURL((url) => url.pathname !== "/add/calendar" && !url.pathname.startsWith("/api/"));
  const profile = (await (await page.request.get("/api/user/profile")).json()) as { user: { calendarProvider: string | null } };
  expect(profile.user.calendarProvider).toBe("gcal");
}

async function drag(page: Page, by: number) {
  // The sheet slides up as it opens, and eases between states: grab the handle where it comes to rest.
  // Two equal positions in a row do not prove that: a busy page holds a new animation at its first
  // frame, with the handle below the screen, for as long as it takes to start it.
  await settled(page);
  const box = (await page.locator("dialog[open] [data-drag-handle]").first().boundingBox())!;
  const x = box.x + box.width / 3;
  const y = box.y + 10;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + by / 2, { steps: 4 });
  await page.mouse.move(x, y + by, { steps: 4 });
  await page.mouse.up();
}

describe.each(BEHAVIOUR_PHONES)("the feed on %s", (phone) => {
  it("turns mail into tiles that open, close, like and hide", async () => {
    const page = await open(phone);
    const address = await newParent(page, `${phone}-tiles`);
    const fair = spokenDate(12);
    const books = spokenDate(15);
    await deliver(
      address,
      plainMail({
        to: address,
        from: FROM,
        subject: "Science fair and book fair",
        text: `Hello families,\n\nThe Science Fair is on ${fair.spoken} at 6:00 p.m. in the gym.\n\nThe Book Fair opens ${books.spoken}.\n\nMaple Grove Office`,
      }),
    );
    const events = await eventsOnceExtracted(page, 1);
    const science = events.find((event) => /science fair/i.test(event.eventName))!;
    expect(science).toBeDefined();

    await withCalendar(page);
    await page.goto("/focus");
    const tile = page.getByRole("link", { name: new RegExp(science.eventName) }).first();
    await tile.click();
    const drawer = page.getByRole("dialog", { name: science.eventName });
    await drawer.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/focus/event/${science._id}`);

    // A drag down of more than 40 px closes the drawer and returns to the feed.
    await drag(page, 120);
    await drawer.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/focus");

    // A link straight to the event opens the drawer too; a drag up maximizes it, a small one down snaps back.
    await page.goto(`/focus/event/${science._id}`);
    await drawer.waitFor();
    await drag(page, -80);
    await expect.poll(() => drawer.getAttribute("data-state")).toBe("maximized");
    await drag(page, 20);
    expect(await drawer.getAttribute("data-state")).toBe("maximized");

    // Like saves to the calendar with the spec's toast; again removes it.
    await drawer.getByRole("button", { name: "Save to Google Calendar" }).click();
    await page.getByText("Added to Google Calendar").waitFor();
    await page.getByText(/ on \w{3}, \w{3} \d+$/).first().waitFor();
    let saved = (await eventsOnceExtracted(page, 1)).find((event) => event._id === science._id)!;
    expect(saved.like).toBe(true);
    await drawer.getByRole("button", { name: "Save to Google Calendar" }).click();
    await page.getByText("Removed from Google Calendar").waitFor();

    // Hide with a reason: the drawer closes and the tile leaves the feed.
    await drawer.getByRole("button", { name: "Event options" }).click();
    // The tile leaves at once; the server has the hide when its answer is back.
    const hidden = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith("/dislike"));
    await drawer.getByRole("button", { name: "Wrong date or time" }).click();
    expect((await hidden).status()).toBe(200);
    await drawer.waitFor({ state: "detached" });
    await page.getByRole("link", { name: new RegExp(science.eventName) }).waitFor({ state: "detached" });
    saved = (await eventsOnceExtracted(page, 1)).find((event) => event._id === science._id)!;
    expect(saved.dislike).toBe(true);
  });

  it("asks to connect Google Calendar before a like when none is connected", async () => {
    const page = await open(phone);
    const address = await newParent(page, `${phone}-connect`);
    await deliver(address, plainMail({ to: address, from: FROM, subject: "Concert", text: `Winter Concert is on ${spokenDate(9).spoken} at 6:30 p.m.` }));
    const [event] = await eventsOnceExtracted(page, 1);
    await page.goto(`/focus/event/${event!._id}`);
    await page.getByRole("button", { name: "Save to Google Calendar" }).click();
    const prompt = page.getByRole("dialog", { name: "Save to Google Calendar" });
    await prompt.getByRole("button", { name: "Try Later" }).waitFor();
    await prompt.getByRole("button", { name: "Connect" }).click();
    await page.waitForURL("**/join/calendar");
    expect(new URL(page.url()).pathname).toBe("/join/calendar");
  });

  it("asks to connect again when Google access was withdrawn since", async () => {
    const page = await open(phone);
    const address = await newParent(page, `${phone}-revoked`);
    await deliver(address, plainMail({ to: address, from: FROM, subject: "Recital", text: `Piano recital is on ${spokenDate(10).spoken} at 5:00 p.m.` }));
    const [event] = await eventsOnceExtracted(page, 1);
    await withCalendar(page);
    // What the server answers once Google refuses the parent's grant (worker-tested).
    await page.route("**/api/events/*/like", (route) =>
      route.fulfill({ status: 409, json: { error: "Oops, this event wasn't added to Google Calendar", calendarProvider: null } }),
    );
    await page.goto(`/focus/event/${event!._id}`);
    const like = page.getByRole("button", { name: "Save to Google Calendar" });
    await like.click();
    const prompt = page.getByRole("dialog", { name: "Save to Google Calendar" });
    await prompt.getByRole("button", { name: "Connect" }).waitFor();
    expect(await page.getByText("Added to Google Calendar").count()).toBe(0);
    expect(await like.getAttribute("aria-pressed")).not.toBe("true");
  });

  it("shows hostile mail without running scripts or loading remote images until asked", async () => {
    const page = await open(phone);
    const address = await newParent(page, `${phone}-hostile`);
    await deliver(address, hostileMail({ to: address, from: FROM, eventLine: `Pajama Day is on ${spokenDate(10).spoken}.` }));
    const [event] = await eventsOnceExtracted(page, 1);
    const messageId = event!.mentions[0]!.sourceContentId;

    const remote: string[] = [];
    await page.route(/tracker\.example|images\.example/, async (route) => {
      remote.push(route.request().url());
      await route.abort();
    });
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/messages/${messageId}`);
    await page.goto(`/focus/message/${messageId}`);
    // The page only ever receives the Worker's sanitised body (ADR 028).
    const sent = (await (await answer).json()) as { html: string; hiddenImages: number };
    expect(sent.html).toContain("Pajama Day");
    expect(sent.html).not.toMatch(/<script|<svg|onerror|onload|javascript:|tracker\.example|images\.example/i);
    expect(sent.hiddenImages).toBe(2);
    const card = page.getByRole("dialog", { name: "Winter newsletter" });
    await card.getByText("1 event in this message").waitFor();
    const frameElement = card.locator("iframe");
    await frameElement.waitFor();
    expect(await frameElement.getAttribute("sandbox")).not.toContain("allow-scripts");
    const frame = (await frameElement.elementHandle())!;
    const content = (await frame.contentFrame())!;
    await content.getByText("Pajama Day").waitFor();
    expect(await content.locator("script").count()).toBe(0);
    expect(await content.locator("[onerror], [onload]").count()).toBe(0);
    expect(await content.locator('a[href^="javascript:"]').count()).toBe(0);
    expect(await content.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content")).toContain("script-src 'none'");

    expect(await page.evaluate(() => (globalThis as Record<string, unknown>).cubbyPwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(remote).toEqual([]);

    // Remote images load only when the parent asks.
    await card.getByRole("button", { name: /Show images/ }).click();
    await expect.poll(() => remote.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (globalThis as Record<string, unknown>).cubbyPwned)).toBeUndefined();

    // The close button closes the card.
    await card.getByRole("button", { name: "Close" }).first().click();
    await card.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/focus");
  });

  it("says 'Failed to load message' for a message that cannot load", async () => {
    const page = await open(phone);
    await newParent(page, `${phone}-missing`);
    await page.goto("/focus/message/no-such-message");
    const prompt = page.getByRole("dialog", { name: "Error" });
    await prompt.getByText("Failed to load message. Please try again later.").waitFor();
    await prompt.getByRole("button", { name: "Close" }).click();
    await page.waitForURL((url) => url.pathname === "/focus");
    expect(new URL(page.url()).pathname).toBe("/focus");
  });

  it("offers a Basic parent the upgrade, not a form the server would refuse (spec §6)", async () => {
    const page = await open(phone);
    await newParent(page, `${phone}-url-basic`);
    await page.goto("/focus");
    await page.getByRole("button", { name: "Grab events from a webpage" }).click();
    const panel = page.getByRole("region", { name: "Grab events from a webpage" });
    await panel.getByText("Grab events from any webpage or PDF").waitFor();
    await panel.getByText("Importing web pages and PDFs is a Premium feature.").waitFor();
    expect(await panel.getByText("Premium", { exact: true }).count()).toBe(1);
    expect(await panel.getByRole("textbox").count()).toBe(0);
    // The way to upgrade: the checkout, as from the profile's Upgrade card.
    const checkout = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/billing/checkout");
    await panel.getByRole("button", { name: "Upgrade" }).click();
    await checkout;
  });

  it("checks a URL in the spec's order and words", async () => {
    const page = await open(phone);
    await newParent(page, `${phone}-url`);
    await becomePremium(page);
    await page.goto("/focus");
    await page.getByRole("button", { name: "Grab events from a webpage" }).click();
    await page.getByText("Grab events from any webpage or PDF").waitFor();
    const input = page.getByRole("textbox", { name: "Enter URL Here" });
    const submit = page.getByRole("button", { name: "Find events" });

    await submit.click();
    await page.getByRole("alert").getByText("You must type or paste in a URL").waitFor();
    await input.fill("school calendar");
    await submit.click();
    await page.getByRole("alert").getByText("URL is missing a domain name (e.g., .com, .org, .me)").waitFor();
    await input.fill("https://school.example.org/<calendar>");
    await submit.click();
    await page.getByRole("alert").getByText("URL contains invalid characters").waitFor();

    // An address Cubby will not fetch ends in the spec's own words, not the server's (issue 31).
    await input.fill("http://127.0.0.1/calendar");
    await submit.click();
    await page.getByRole("status").getByText("No events found. Try a different URL.").waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "Grab events from a webpage" }).waitFor();
    // Nothing was found, so no source card opens.
    expect(new URL(page.url()).pathname).toBe("/focus");
  });
});
