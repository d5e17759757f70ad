/**
 * spec §2 "Upgrade card", §7 checkout and billing portal links: a Basic parent
 * compares the plans, goes through checkout (the local fake, which starts a
 * week's trial at once) and comes back Premium, with the portal one tap away.
 */
import { describe, expect, it } from "vitest";
import { baseURL, BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("upgrading on %s", (phone) => {
  it("goes from the Upgrade card through checkout to Premium", async () => {
    const page = await open(phone);
    await signIn(page, uniqueEmail(`${phone}-upgrade`));
    await claimUsername(page, `upg${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
    // The fake's links point at the app's configured address (APP_URL, port
    // 5173); this server answers on another port. Cookies ignore ports.
    const served = new URL(baseURL());
    await page.route(
      (url) => url.hostname === served.hostname && url.port !== served.port,
      (route) => route.continue({ url: route.request().url().replace(/^http:\/\/[^/]+/, served.origin) }),
    );

    await page.goto("/profile");
    const subscription = page.getByRole("region", { name: "Subscription" });
    await subscription.getByRole("rowheader", { name: "Events from webpages and PDFs" }).waitFor();
    await subscription.getByText("Premium: one week free, then $4.99 per month.").waitFor();
    const checkout = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/billing/checkout");
    await subscription.getByRole("button", { name: "Upgrade to Premium" }).click();
    expect((await checkout).status()).toBe(200);

    await subscription.getByRole("button", { name: "Manage Subscription" }).waitFor();
    const profile = (await (await page.request.get("/api/user/profile")).json()) as { user: { subscription: { subscriptionStatus: string } } };
    expect(profile.user.subscription.subscriptionStatus).toBe("trialing");
    expect(await subscription.getByRole("button", { name: "Upgrade to Premium" }).count()).toBe(0);
  });
});
