/**
 * Issue 15, "A parent's first week", on a phone: Cancel on Google's
 * consent screen lands on Cubby's own screen with the way back; a Basic
 * parent sees the mail waiting beyond the month's five and reads it by
 * upgrading; the profile leads to Enable Notifications; the filter guide
 * shows spec §9's demo From field.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { deliverRaw, plainMail, spokenDate } from "./feed-mail";
import { settled, shot, waitForPath } from "./onboarding-steps";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

/** The local fake Google answers the next consent as if the parent pressed Cancel (fake-google.ts). */
function denyGoogleConsent(page: Page) {
  return page.context().addCookies([{ name: "cubby_fake_google_consent", value: "deny", url: baseURL() }]);
}

/** The fake checkout's links point at APP_URL's port; this server answers on another (as in upgrade.e2e.ts). */
async function followFakeCheckout(page: Page) {
  const served = new URL(baseURL());
  await page.route(
    (url) => url.hostname === served.hostname && url.port !== served.port,
    (route) => route.continue({ url: route.request().url().replace(/^http:\/\/[^/]+/, served.origin) }),
  );
}

describe.each(BEHAVIOUR_PHONES)("a parent's first week on %s", (phone) => {
  it("lands on Cubby's screen after Cancel on Google's sign-in, and goes back to the landing page", async () => {
    const page = await open(phone);
    await denyGoogleConsent(page);
    await page.goto("/");
    await page.getByRole("link", { name: "Continue with Google" }).click();

    await waitForPath(page, /^\/google\/declined$/);
    await page.getByRole("heading", { name: "You're not signed in" }).waitFor();
    await shot(page, phone, "google-declined-signin");
    expect((await page.request.get("/api/user/profile")).status()).toBe(401);

    await page.getByRole("link", { name: "Go Back" }).click();
    await waitForPath(page, /^\/$/);
    await page.getByRole("link", { name: "Continue with Google" }).waitFor();
  });

  it("after Cancel on Gmail access goes back to the choice, and its other way is forwarding", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-gmail-cancel`));
    await page.goto("/join/email");
    await settled(page);
    await denyGoogleConsent(page);
    await page.getByRole("link", { name: "Allow Access" }).click();

    await waitForPath(page, /^\/google\/declined$/);
    await page.getByRole("heading", { name: "Gmail isn't connected" }).waitFor();
    await shot(page, phone, "google-declined-gmail");
    await page.getByRole("link", { name: "Go Back" }).click();
    await waitForPath(page, /^\/join\/email$/);
    await page.getByRole("heading", { name: "needs Email Access" }).waitFor();

    await page.goBack();
    await waitForPath(page, /^\/google\/declined$/);
    await page.getByRole("link", { name: "Try another way" }).click();
    await waitForPath(page, /^\/forward\/address$/);
    await page.getByRole("heading", { name: "Personal Forwarding Address" }).waitFor();
    const profile = (await (await page.request.get("/api/user/profile")).json()) as { user: { emailProvider: string | null } };
    expect(profile.user.emailProvider).toBeNull();
  });

  it("tells a Basic parent how many mails wait, and reads them once they upgrade", async () => {
    const page = await open(phone);
    const email = uniqueEmail(`${phone}-waiting`);
    await signIn(page, email);
    const claim = await claimUsername(page, `wait${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    expect(claim.status).toBe(200);
    const address = claim.body.forwardingAddress!.address;
    // Seven forwards this month: Basic reads five, the sixth and seventh wait.
    for (let i = 1; i <= 7; i++) {
      const day = spokenDate(2 + i);
      const text = `Hello families,\n\nBake Sale ${i} is on ${day.spoken} at 3:00 p.m. in the gym.\n\nMaple Grove Office`;
      await deliverRaw(address, plainMail({ to: address, from: "office@maplegrove.example.edu", subject: `Bake sale ${i}`, text }), email);
    }

    await page.goto("/focus");
    await settled(page);
    const waiting = page.locator("#waiting-mail");
    await expect.poll(async () => (await waiting.textContent())?.replace(/\s+/g, " ").trim()).toBe(
      "2 messages are waiting. Upgrade to read them",
    );
    await page.getByText(/Bake Sale 5/).first().waitFor({ timeout: 20_000 });
    expect(await page.getByText(/Bake Sale [67]/).count()).toBe(0);
    await shot(page, phone, "feed-waiting-mail");

    await followFakeCheckout(page);
    const checkout = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/billing/checkout");
    await waiting.getByRole("button", { name: "Upgrade" }).click();
    expect((await checkout).status()).toBe(200);
    await waitForPath(page, /^\/profile$/);

    await page.goto("/focus");
    await page.getByText(/Bake Sale 6/).first().waitFor({ timeout: 20_000 });
    await page.getByText(/Bake Sale 7/).first().waitFor({ timeout: 20_000 });
    expect(await waiting.count()).toBe(0);
  });

  it("leads from the profile to Enable Notifications, and shows the filter guide's demo From field", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-paths`));
    await page.goto("/profile");
    await settled(page);
    const notifications = page.getByRole("region", { name: "This Phone" }).getByRole("link", { name: "Notifications" });
    expect(await notifications.getAttribute("href")).toBe("/notifications");
    await notifications.click();
    await waitForPath(page, /^\/notifications$/);
    await page.getByRole("heading", { name: "Enable Notifications" }).waitFor();

    await page.goto("/filter/create");
    await page.getByRole("heading", { name: "Enter Filter Settings" }).waitFor();
    await page.getByText("parentsquare.com OR schoolmessenger.com OR remind.com").waitFor();
    await shot(page, phone, "onboarding-filter-create");
  });
});
