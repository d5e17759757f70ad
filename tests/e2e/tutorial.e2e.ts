/**
 * spec §2 "Tutorial overlay", §4 "Demo mode": the tutorial runs on the sample
 * event and message with no server calls at all, then marks itself viewed
 * (the one call) and lands on /focus after its 600 ms fade.
 */
import { describe, expect, it } from "vitest";
import { settled } from "./axe";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("the tutorial on %s", (phone) => {
  it("runs end to end without a single API request", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-tutorial`));
    await claimUsername(page, `tut${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);

    await page.goto("/tutorial");
    const coach = page.getByText("Tap event for details");
    await coach.waitFor();
    // From here on (the signed-in frame has its profile) the demo must not call the server.
    const calls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    const pathBefore = new URL(page.url()).pathname;

    await page.getByRole("button", { name: /Welcome to Cubby/ }).click();
    const drawer = page.getByRole("dialog", { name: "Welcome to Cubby" });
    await drawer.waitFor();
    // Calendar access is shown but cannot lead out of the tutorial.
    expect(await drawer.getByRole("button", { name: "Allow Access" }).isDisabled()).toBe(true);
    expect(await drawer.getByRole("link", { name: "Allow Access" }).count()).toBe(0);
    // Like in demo mode changes only local data.
    await drawer.getByRole("button", { name: "Save to Google Calendar" }).click();
    await page.getByText("Added to Google Calendar").waitFor();
    await drawer.getByRole("button", { name: /Cubby/ }).last().click();
    const message = page.getByRole("dialog", { name: "Welcome to Cubby message" });
    await message.getByText("1 event in this message").waitFor();
    // spec §3: the demo message is HTML, shown in the same sandboxed frame as real mail.
    const frame = message.locator("iframe");
    expect(await frame.getAttribute("sandbox")).not.toContain("allow-scripts");
    await message.frameLocator("iframe").getByText("Every event in your feed comes from a message like this one.").waitFor();
    // Close where the card comes to rest: while its slide up waits to start, the button is below the screen.
    await settled(page);
    await message.getByRole("button", { name: "Close" }).first().click();
    expect(new URL(page.url()).pathname).toBe(pathBefore);

    const done = page.getByRole("dialog", { name: "You Got It!" });
    // The card's closing animation comes first: more than a moment on a busy machine.
    await done.getByText("Now it's time for your schedule").waitFor({ timeout: 20_000 });
    expect(calls).toEqual([]);

    const saved = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/user/preferences");
    await done.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL((url) => url.pathname === "/focus");
    expect(calls[0]).toBe("POST /api/user/preferences");
    expect((await saved).ok()).toBe(true);
    const profile = await page.request.get("/api/user/profile");
    expect((await profile.json()).user.preferences.firstViewTutorial).toBe(true);
  });

  it("lets the parent skip", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-skip`));
    await claimUsername(page, `skp${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    await page.goto("/tutorial");
    // The coachmark appears once the page is interactive.
    await page.getByText("Tap event for details").waitFor();
    await page.getByRole("button", { name: "Skip" }).click();
    await page.waitForURL((url) => url.pathname === "/focus");
    expect(new URL(page.url()).pathname).toBe("/focus");
  });
});
