/**
 * The drawer's child picker (beyond spec §2; ADR 010): a parent with two
 * children corrects an event the mail tagged to one of them, sees the tile
 * change at once and finds the correction after a reload; a failed save puts
 * the children back with the spec's error toast (§8); an event may belong to
 * nobody.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { shot } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();
const FROM = "office@maplegrove.example.edu";

interface ApiEvent {
  _id: string;
  eventName: string;
  taggedPeople: string[];
}

/** Adds a child the way the child form does: a same-origin POST from the page. */
function addChild(page: Page, child: { firstName: string; grade: string; avatarId: string }): Promise<string> {
  return page.evaluate(async (body) => {
    const response = await fetch("/api/child", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { child: { _id: string } };
    return answer.child._id;
  }, child);
}

/** A parent with Maya and Leo and one event, which the mail tags to Maya (it names her). */
async function parentWithMayasEvent(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signIn(page, email);
  const claim = await claimUsername(page, `pick${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  expect(claim.status).toBe(200);
  const address = claim.body.forwardingAddress!.address;
  const maya = await addChild(page, { firstName: "Maya", grade: "grade 4", avatarId: "dolphin" });
  const leo = await addChild(page, { firstName: "Leo", grade: "grade 1", avatarId: "trex" });

  const mail = plainMail({
    to: address,
    from: FROM,
    subject: "A note for Maya's family",
    text: `Hello,\n\nThe Science Centre field trip is on ${spokenDate(11).spoken} at 9:00 a.m.\n\nMaple Grove Office`,
  });
  await deliverRaw(address, mail, email);
  const event = await firstEvent(page);
  // The setup this test stands on: the mail named Maya, so the event is hers.
  expect(event.taggedPeople).toEqual([maya]);
  return { maya, leo, event };
}

/** The parent's one event, once the queue has extracted it. */
async function firstEvent(page: Page): Promise<ApiEvent> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { events } = (await (await page.request.get("/api/events")).json()) as { events: ApiEvent[] };
    if (events[0]) return events[0];
    await page.waitForTimeout(200);
  }
  throw new Error("Extraction stored no event");
}

/** The event's tile in the feed (found by its link: under an open drawer the feed is inert). */
const tileOf = (page: Page, event: ApiEvent) => page.locator(`main a[href="/focus/event/${encodeURIComponent(event._id)}"]`).first();

function childrenSaved(page: Page) {
  return page.waitForResponse((r) => r.request().method() === "PUT" && r.url().endsWith("/children"));
}

describe.each(BEHAVIOUR_PHONES)("the child picker on %s", (phone) => {
  it("moves an event from one child to the other, on the tile at once and after a reload", async () => {
    const page = await open(phone);
    const { leo, event } = await parentWithMayasEvent(page, `${phone}-picker`);

    await page.goto("/focus");
    const tile = tileOf(page, event);
    await expect.poll(() => tile.textContent()).toContain("Maya");
    await tile.click();
    const drawer = page.getByRole("dialog", { name: event.eventName });
    await drawer.getByText("Maya", { exact: true }).waitFor();

    await drawer.getByRole("button", { name: "Edit children" }).click();
    const kids = drawer.getByRole("group", { name: "Your Kids" });
    const mayaBox = kids.getByRole("checkbox", { name: /Maya/ });
    const leoBox = kids.getByRole("checkbox", { name: /Leo/ });
    expect(await mayaBox.isChecked()).toBe(true);
    expect(await leoBox.isChecked()).toBe(false);
    await mayaBox.uncheck();
    await leoBox.check();
    // Checking scrolled the drawer down to the list: back to the top, so the picture has the title too.
    await drawer.locator("article").evaluate((article) => article.parentElement?.scrollTo(0, 0));
    await shot(page, phone, "child-picker");
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, phone, "child-picker-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // The save is held until the tile has been looked at: the change shows before the server answers.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route("**/api/events/*/children", async (route) => {
      await held;
      await route.continue();
    });
    const saved = childrenSaved(page);
    await kids.getByRole("button", { name: "Save" }).click();
    await kids.waitFor({ state: "detached" });
    await drawer.getByText("Leo", { exact: true }).waitFor();
    expect(await drawer.getByText("Maya", { exact: true }).count()).toBe(0);
    await expect.poll(() => tile.textContent()).toContain("Leo");
    expect(await tile.textContent()).not.toContain("Maya");
    answer();
    expect((await saved).ok()).toBe(true);
    await page.unroute("**/api/events/*/children");

    // Persisted: a fresh load of the feed shows Leo's event.
    await page.goto("/focus");
    await expect.poll(() => tileOf(page, event).textContent()).toContain("Leo");
    expect(await tileOf(page, event).textContent()).not.toContain("Maya");
    const stored = await firstEvent(page);
    expect(stored.taggedPeople).toEqual([leo]);
  });

  it("puts the children back when the save fails, and lets an event belong to nobody", async () => {
    const page = await open(phone);
    const { maya, event } = await parentWithMayasEvent(page, `${phone}-picker-fail`);
    await page.goto(`/focus/event/${event._id}`);
    const drawer = page.getByRole("dialog", { name: event.eventName });
    const kids = drawer.getByRole("group", { name: "Your Kids" });

    // The server fails once: the spec's generic error toast, and Maya is back.
    let failures = 0;
    await page.route("**/api/events/*/children", (route) => {
      failures++;
      return route.fulfill({ status: 500, json: { error: "down" } });
    });
    await drawer.getByRole("button", { name: "Edit children" }).click();
    await kids.getByRole("checkbox", { name: /Leo/ }).check();
    await kids.getByRole("button", { name: "Save" }).click();
    await page.getByText("Something went wrong. Please try again.").waitFor();
    expect(failures).toBe(1);
    await expect.poll(() => drawer.getByText("Leo", { exact: true }).count()).toBe(0);
    await drawer.getByText("Maya", { exact: true }).waitFor();
    expect((await firstEvent(page)).taggedPeople).toEqual([maya]);
    await page.unroute("**/api/events/*/children");

    // Cancel keeps what was there.
    await drawer.getByRole("button", { name: "Edit children" }).click();
    await kids.getByRole("checkbox", { name: /Maya/ }).uncheck();
    await kids.getByRole("button", { name: "Cancel" }).click();
    await kids.waitFor({ state: "detached" });
    await drawer.getByText("Maya", { exact: true }).waitFor();

    // Escape closes the list and leaves the drawer open, with focus back on Edit.
    await drawer.getByRole("button", { name: "Edit children" }).click();
    await kids.waitFor();
    await page.keyboard.press("Escape");
    await kids.waitFor({ state: "detached" });
    // (A closing drawer says so at once, before it slides away.)
    expect(await drawer.getAttribute("data-state")).toBe("open");
    await drawer.locator('button[aria-label="Edit children"]:focus').waitFor();

    // Nobody: the line offers to tag children, the tile names no child, and that sticks.
    await drawer.getByRole("button", { name: "Edit children" }).click();
    await kids.getByRole("checkbox", { name: /Maya/ }).uncheck();
    const saved = childrenSaved(page);
    await kids.getByRole("button", { name: "Save" }).click();
    await drawer.getByRole("button", { name: "Tag children" }).waitFor();
    expect((await saved).ok()).toBe(true);
    expect((await firstEvent(page)).taggedPeople).toEqual([]);
    await page.goto("/focus");
    const tile = tileOf(page, event);
    await tile.waitFor();
    expect(await tile.textContent()).not.toMatch(/Maya|Leo/);
    await tile.click();
    await drawer.getByRole("button", { name: "Tag children" }).waitFor();
    await shot(page, phone, "child-picker-nobody");
  });
});
