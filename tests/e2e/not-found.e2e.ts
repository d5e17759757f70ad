/** spec §2: any other path shows 'Page Not Found' with a 'Go Home' way back to /. */
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("an unknown path on %s", (phone) => {
  it("answers 404 with 'Page Not Found' and leads home", async () => {
    const page = await open(phone);
    const response = await page.goto("/no/such/page");

    // Crawlers and caches must see a real 404, not a 200 page that says so.
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();

    await page.getByRole("link", { name: "Go Home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Continue with Google" }).waitFor();
  });
});
