/**
 * issue 30 through the real mail path: a newsletter gives one sure
 * date and two Cubby is unsure of. The unsure ones wait under the top bar with
 * their source lines, out of the feed; Add puts one in the feed, "Not an event"
 * hides the other, and a Rescan does not ask again. The sure event's drawer shows
 * the line it came from, and the message card opened from it marks that line.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { auditBothSchemes, blocking, report } from "./axe";
import { onOnePhone, useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";
import { alternativeMail, deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { shot } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail, zoneSaved } from "./parent.mjs";

const open = useBrowser();
const FROM = "office@maplegrove.example.edu";
const MAYBE_FRIDAY =
  "If enough of you are around we might possibly try to get together on Friday for a bit, though last year it rained and nobody was sure where to meet or what to bring along with them.";
const MAYBE_SATURDAY =
  "Some of the parents were wondering whether we could maybe meet up at the park on Saturday if the weather is nice, though nothing was decided last time and it depends on who is around that weekend.";

interface ApiEvent {
  _id: string;
  eventName: string;
  needsReview: boolean;
  dislike: boolean;
  source: string | null;
}

async function eventsOf(page: Page): Promise<ApiEvent[]> {
  return ((await (await page.request.get("/api/events")).json()) as { events: ApiEvent[] }).events;
}

async function newsletterParent(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signIn(page, email);
  await zoneSaved(page);
  const claim = await claimUsername(page, `unsure${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`);
  expect(claim.status).toBe(200);
  const address = claim.body.forwardingAddress!.address;
  const pictureLine = `Picture day is ${spokenDate(9).spoken} at 9:00 a.m. in the gym.`;
  const text = ["Hello families,", "", pictureLine, "", MAYBE_FRIDAY, "", MAYBE_SATURDAY, "", "Maple Grove Office"].join("\n");
  await deliverRaw(address, plainMail({ to: address, from: FROM, subject: "Room 12 news", text }), email);
  await expect.poll(async () => (await eventsOf(page)).length, { timeout: 20_000 }).toBe(3);
  const events = await eventsOf(page);
  return { events, picture: events.find((e) => !e.needsReview)!, unsure: events.filter((e) => e.needsReview), pictureLine };
}

const tileOf = (page: Page, id: string) => page.locator(`main a[href="/focus/event/${encodeURIComponent(id)}"]`);

/** The newsletter as an HTML mail too: its card shows the HTML part, in the sandboxed frame. */
function htmlNewsletter(to: string, pictureLine: string): string {
  const html = `<html><body><h2>Room 12 news</h2><table><tr><td><p>Hello families,</p></td></tr><tr><td><p><b>${pictureLine}</b></p></td></tr><tr><td><p>Maple Grove Office</p></td></tr></table></body></html>`;
  return alternativeMail({ to, from: FROM, subject: "Room 12 news", text: `Hello families,\n\n${pictureLine}\n\nMaple Grove Office`, html });
}

describe.each(PHONES)("dates Cubby is unsure of, on %s", (phone) => {
  const onePhoneIt = onOnePhone(phone);
  it("wait with their source lines out of the feed; Add puts one in, Not an event hides the other, also after a Rescan", async () => {
    const page = await open(phone);
    const { picture, unsure } = await newsletterParent(page, `${phone}-unsure`);
    expect(unsure).toHaveLength(2);
    const [friday, saturday] = [unsure.find((e) => e.source?.includes("Friday"))!, unsure.find((e) => e.source?.includes("Saturday"))!];

    await page.goto("/focus");
    await tileOf(page, picture._id).first().waitFor();
    const line = page.getByRole("button", { name: "Cubby isn't sure about 2 dates" });
    await line.waitFor();
    for (const event of unsure) expect(await tileOf(page, event._id).count()).toBe(0);

    // By keyboard: the line opens the list, and the next stop is the first date's Add.
    await line.focus();
    await page.keyboard.press("Enter");
    const list = page.locator("[data-unsure-list]");
    await list.getByText(MAYBE_FRIDAY).waitFor();
    await list.getByText(MAYBE_SATURDAY).waitFor();
    expect(await line.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Add");
    const findings = await auditBothSchemes(page, `unsure dates on ${phone}`);
    await report(findings, "unsure-dates");
    expect(blocking(findings)).toEqual([]);
    await shot(page, phone, "unsure-dates");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, phone, "unsure-dates-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Offline the list still reads, and its buttons say they need a connection.
    await page.context().setOffline(true);
    await list.locator("li", { hasText: MAYBE_FRIDAY }).getByRole("button", { name: "Add" }).click();
    await page.getByText("Adding a date needs a connection. Try again when you're back online.").waitFor();
    await page.context().setOffline(false);
    expect((await eventsOf(page)).find((e) => e._id === friday._id)).toMatchObject({ needsReview: true });
    // A fresh page, online again, with the list open.
    await page.reload();
    await line.click();
    await list.getByText(MAYBE_FRIDAY).waitFor();

    // Add: the Friday date becomes an ordinary event, in the feed.
    const confirmed = page.waitForResponse((r) => r.url().endsWith(`/api/events/${friday._id}/confirm`));
    await list.locator("li", { hasText: MAYBE_FRIDAY }).getByRole("button", { name: "Add" }).click();
    expect((await confirmed).ok()).toBe(true);
    await page.getByRole("button", { name: "Cubby isn't sure about 1 date" }).waitFor();
    await tileOf(page, friday._id).first().waitFor();

    // Not an event: hidden with its reason, gone from the list.
    const hidden = page.waitForResponse((r) => r.url().endsWith(`/api/events/${saturday._id}/dislike`));
    await page.locator("[data-unsure-list] li", { hasText: MAYBE_SATURDAY }).getByRole("button", { name: "Not an event" }).click();
    expect((await hidden).ok()).toBe(true);
    await page.getByRole("button", { name: /Cubby isn't sure about/ }).waitFor({ state: "detached" });
    expect((await eventsOf(page)).find((e) => e._id === saturday._id)).toMatchObject({ dislike: true });

    // A Rescan of the message reads the same dates again and asks about none of them.
    await tileOf(page, picture._id).first().click();
    const drawer = page.getByRole("dialog", { name: picture.eventName });
    await drawer.locator("[data-source-line]").click();
    const card = page.getByRole("dialog", { name: "Room 12 news" });
    await card.getByRole("button", { name: "Message options" }).click();
    const rescanned = page.waitForResponse((r) => r.url().includes("/reset") && r.request().method() === "POST");
    await card.getByRole("button", { name: "Rescan Message" }).click();
    expect((await rescanned).ok()).toBe(true);
    await expect
      .poll(async () => (await eventsOf(page)).map((e) => [e._id, e.needsReview, e.dislike].join()).toSorted(), { timeout: 20_000 })
      // The hidden one still waits in name (needsReview) but is hidden, so nobody is asked.
      .toEqual([`${picture._id},false,false`, `${friday._id},false,false`, `${saturday._id},true,true`].toSorted());
    await page.goto("/focus");
    await tileOf(page, picture._id).first().waitFor();
    expect(await page.getByRole("button", { name: /Cubby isn't sure about/ }).count()).toBe(0);
  });

  onePhoneIt("shows the line an event came from in its drawer, and marks it in the message", async () => {
    const page = await open(phone);
    const { picture, pictureLine } = await newsletterParent(page, `${phone}-source`);
    await page.goto(`/focus/event/${picture._id}`);
    const drawer = page.getByRole("dialog", { name: picture.eventName });
    const source = drawer.locator("[data-source-line]");
    await source.waitFor();
    expect(await source.textContent()).toMatch(new RegExp(`^From Maple Grove Office, \\w{3}, \\w{3} \\d{1,2}: ${pictureLine.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await shot(page, phone, "event-source-line");

    await source.click();
    const card = page.getByRole("dialog", { name: "Room 12 news" });
    const mark = card.locator("mark#cubby-source");
    await mark.waitFor();
    expect(await mark.textContent()).toBe(pictureLine);
    // Only the line is marked, not the message around it.
    expect(await card.locator("mark").count()).toBe(1);
    await shot(page, phone, "message-source-marked");

    // An unsure date opened from the message asks, where a sure one offers Save.
    const unsure = (await eventsOf(page)).find((e) => e.needsReview)!;
    await page.goto(`/focus/event/${unsure._id}`);
    const asking = page.getByRole("dialog", { name: unsure.eventName });
    await asking.getByRole("region", { name: "Cubby isn't sure about this date" }).waitFor();
    expect(await asking.getByRole("button", { name: "Save to Google Calendar" }).count()).toBe(0);
    const confirmed = page.waitForResponse((r) => r.url().endsWith(`/api/events/${unsure._id}/confirm`));
    await asking.getByRole("button", { name: "Add" }).click();
    expect((await confirmed).ok()).toBe(true);
    await asking.getByRole("button", { name: "Save to Google Calendar" }).waitFor();
  });

  onePhoneIt("keeps an answer given while the feed was fetching its events", async () => {
    const page = await open(phone);
    const { unsure, picture } = await newsletterParent(page, `${phone}-race`);
    // The context's route: the page's fetches pass through its service worker.
    // Once the question shows, the feed's fetches of its events are read at once, before the
    // answer, and held back until the answer is in: an answer older than the parent's tap
    // arrives after it (as when the progress socket's first message asks for the events).
    // They rename the sure event, so that the test sees when the feed has taken one. (A
    // fetch the feed gave up for a newer one is not taken: each is held, not only the first.)
    const olderName = "Picture day, as the older answer has it";
    let holding = false;
    let answered!: () => void;
    const answerIn = new Promise<void>((resolve) => (answered = resolve));
    let asked!: () => void;
    const feedAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.context().route(
      (url) => url.pathname === "/api/events",
      async (route) => {
        if (!holding) return route.continue();
        const older = await route.fetch();
        const body = (await older.json()) as { events: ApiEvent[] };
        asked();
        await answerIn;
        const events = body.events.map((e) => (e._id === picture._id ? { ...e, eventName: olderName } : e));
        // A fetch the page has given up on cannot be answered.
        await route.fulfill({ response: older, json: { ...body, events } }).catch(() => {});
      },
    );
    await page.goto(`/focus/event/${unsure[0]!._id}`);
    const asking = page.getByRole("dialog", { name: unsure[0]!.eventName });
    const question = asking.getByRole("region", { name: "Cubby isn't sure about this date" });
    await question.waitFor();
    holding = true;
    // Back in the foreground, the feed catches up with what was stored meanwhile.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await feedAsked;

    const confirmed = page.waitForResponse((r) => r.url().endsWith(`/api/events/${unsure[0]!._id}/confirm`));
    await asking.getByRole("button", { name: "Add" }).click();
    expect((await confirmed).ok()).toBe(true);
    answered();
    await page.locator("main").getByText(olderName).first().waitFor({ state: "attached" });
    // The feed has the older answer, and the parent's answer still stands.
    expect(await asking.getByRole("button", { name: "Save to Google Calendar" }).count()).toBe(1);
    expect(await question.count()).toBe(0);
  });

  onePhoneIt("marks the line in an HTML message's frame", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-html-source`);
    await signIn(page, email);
    await zoneSaved(page);
    const claim = await claimUsername(page, `unsureh${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`);
    const address = claim.body.forwardingAddress!.address;
    const pictureLine = `Picture day is ${spokenDate(9).spoken} at 9:00 a.m. in the gym.`;
    await deliverRaw(address, htmlNewsletter(address, pictureLine), email);
    await expect.poll(async () => (await eventsOf(page)).length, { timeout: 20_000 }).toBe(1);
    const [picture] = await eventsOf(page);
    await page.goto(`/focus/event/${picture!._id}`);
    await page.getByRole("dialog", { name: picture!.eventName }).locator("[data-source-line]").click();
    const frame = page.getByRole("dialog", { name: "Room 12 news" }).frameLocator("iframe");
    const mark = frame.locator("mark#cubby-source");
    await mark.waitFor();
    expect(await mark.textContent()).toBe(pictureLine);
    expect(await frame.locator("mark").count()).toBe(1);
  });
});
