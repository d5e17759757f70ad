/**
 * spec §2: the landing page signs a parent in with Google (a local stand-in
 * here, since Google is not configured); new parents start onboarding with
 * their first child, returning ones go straight to the feed.
 */
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("signing in on %s", (phone) => {
  it("offers Google sign-in and the legal links on the landing page", async () => {
    const page = await open(phone);
    await page.goto("/");

    const signInLink = page.getByRole("link", { name: "Continue with Google" });
    await signInLink.waitFor();
    expect(await signInLink.getAttribute("href")).toMatch(/^\/api\/auth\/google(\?|$)/);

    const privacy = page.getByRole("link", { name: /privacy/i });
    const terms = page.getByRole("link", { name: /terms/i });
    expect(await privacy.getAttribute("href")).toBe("/privacy-policy.html");
    expect(await terms.getAttribute("href")).toBe("/terms-of-service.html");
    // Both documents are really there (static assets, not the 404 screen).
    for (const path of ["/privacy-policy.html", "/terms-of-service.html"]) {
      const status = (await page.request.get(path)).status();
      expect({ path, status }).toEqual({ path, status: 200 });
    }
  });

  it("takes a first-time parent from the landing page to 'Add Child'", async () => {
    const page = await open(phone);
    await page.goto("/");
    // The landing link has no login_hint, so this is the default local parent.
    // No test onboards that parent, so it always counts as new.
    await page.getByRole("link", { name: "Continue with Google" }).click();

    await page.getByRole("heading", { name: "Add Child" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/join/child");
  });

  it("creates the parent named by login_hint and starts onboarding", async () => {
    const page = await open(phone);
    const email = uniqueEmail(phone);
    await signIn(page, email);

    expect(new URL(page.url()).pathname).toBe("/join/child");
    await page.getByRole("heading", { name: "Add Child" }).waitFor();
    // The session cookie the redirect set belongs to exactly this parent.
    const profile = await page.request.get("/api/user/profile");
    expect(profile.status()).toBe(200);
    expect((await profile.json()).user.email).toBe(email);
  });

  it("sends a returning parent who has chosen a username to /focus", async () => {
    const page = await open(phone);
    const email = uniqueEmail(phone);
    await signIn(page, email);
    expect(new URL(page.url()).pathname).toBe("/join/child");

    const username = `e2e${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const claim = await claimUsername(page, username);
    expect(claim.status).toBe(200);
    expect(claim.body.forwardingAddress?.address).toMatch(new RegExp(`^${username}@`));

    // Log out, then come back as the same parent.
    await page.goto("/api/logout");
    expect((await page.request.get("/api/user/profile")).status()).toBe(401);
    const response = await signIn(page, email);

    expect(new URL(page.url()).pathname).toBe("/focus");
    // The feed itself rendered, not an error or 'Page Not Found' screen.
    expect(response?.status()).toBe(200);
  });
});
