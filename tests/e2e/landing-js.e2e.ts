/**
 * The landing page is server-rendered without hydration to stay within its
 * JavaScript budget: loading it on a phone must fetch none of the app's bundles.
 */
import { describe, expect, it } from "vitest";
import { BEHAVIOUR_PHONES, useBrowser } from "./browser";

const open = useBrowser();

describe.each(BEHAVIOUR_PHONES)("the landing page on %s", (phone) => {
  it("loads no application JavaScript", async () => {
    const page = await open(phone);
    const scripts: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === "script" || url.pathname.endsWith(".js")) scripts.push(url.pathname);
    });

    // networkidle also catches scripts that would load late (modulepreload, lazy imports).
    await page.goto("/", { waitUntil: "networkidle" });

    await page.getByRole("link", { name: "Continue with Google" }).waitFor();
    expect(scripts.filter((path) => path.startsWith("/assets/"))).toEqual([]);
  });
});
