/**
 * The calendar feed out on a phone (issue 13): the profile's "Subscribe
 * in your calendar" copies the webcal:// link, opens it in the calendar app,
 * and "Reset link" replaces it; only the new link answers.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { settled } from "./onboarding-steps";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

function clipboardText(page: Page): Promise<string> {
  return page.evaluate(() => (navigator as unknown as { clipboard: { readText(): Promise<string> } }).clipboard.readText());
}

/** The link is built on APP_URL; this server answers on another port, so ask it for the path. */
function feedPath(webcal: string): string {
  return new URL(webcal.replace(/^webcal:/, "https:")).pathname;
}

async function feedStatus(page: Page, webcal: string) {
  const response = await page.request.get(feedPath(webcal));
  return { status: response.status(), type: response.headers()["content-type"] };
}

describe.each(BEHAVIOUR_PHONES)("the calendar feed out on %s", (phone) => {
  it("copies the subscription link, resets it, and then only the new link answers", async () => {
    const page = await open(phone);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await signIn(page, uniqueEmail(`${phone}-feed`));
    await page.goto("/profile");
    await settled(page);

    const section = page.getByRole("region", { name: "Subscribe in your calendar" });
    await section.getByRole("heading", { name: "Subscribe in your calendar" }).waitFor();
    await section.getByRole("button", { name: "Copy Your calendar link" }).click();
    await page.getByText("Copied to Clipboard").waitFor();
    const old = await clipboardText(page);
    expect(old).toMatch(/^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const openLink = section.getByRole("link", { name: "Open in Calendar" });
    expect(await openLink.getAttribute("href")).toBe(old);
    expect(await feedStatus(page, old)).toEqual({ status: 200, type: "text/calendar; charset=utf-8" });

    await section.getByRole("button", { name: "Reset link" }).click();
    const prompt = page.getByRole("dialog", { name: "Reset link" });
    await prompt.getByText("Calendars subscribed with the current link will stop updating.", { exact: false }).waitFor();
    await prompt.getByRole("button", { name: "Reset", exact: true }).click();
    await page.getByText("Your calendar link has been reset.").waitFor();
    await section.getByText(old).waitFor({ state: "detached" });
    const fresh = (await openLink.getAttribute("href"))!;
    expect(fresh).not.toBe(old);
    await section.getByText(fresh).waitFor();

    expect((await feedStatus(page, old)).status).toBe(404);
    expect(await feedStatus(page, fresh)).toEqual({ status: 200, type: "text/calendar; charset=utf-8" });
    await section.getByRole("button", { name: "Copy Your calendar link" }).click();
    await expect.poll(() => clipboardText(page)).toBe(fresh);
  });
});
