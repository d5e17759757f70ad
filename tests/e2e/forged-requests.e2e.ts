/**
 * Issue 14, "Forged requests", in a real Chromium: the browser itself marks
 * a navigation from another site (Sec-Fetch-Site: cross-site), and a broken
 * cookie reaches the server-drawn screens as well as the API.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";
import { baseURL, useBrowser } from "./browser";
import { signIn, uniqueEmail } from "./parent.mjs";

const open = useBrowser();

/** A page on another site (served by the test) with links into Cubby, as an attacker would host it. */
async function visitOtherSite(page: Page, paths: string[]) {
  await page.route("http://other-site.example/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><body>${paths.map((p) => `<a href="${baseURL()}${p}">${p}</a>`).join("<br>")}</body>`,
    }),
  );
  await page.goto("http://other-site.example/");
}

// Not about phones: one profile is enough.
it("refuses Cubby's state-changing GETs when another site sends the parent there", async () => {
  const page = await open("Pixel 7");
  await signIn(page, uniqueEmail("cross-site"));
  await visitOtherSite(page, ["/api/checkcalendars", "/api/logout"]);

  const refused = page.waitForResponse((r) => r.url().endsWith("/api/checkcalendars"));
  await page.getByRole("link", { name: "/api/checkcalendars" }).click();
  expect((await refused).status()).toBe(403);
  await page.getByText("Cross-site request refused: open Cubby and try again.").waitFor();

  // "Log out" from another site lands on Cubby, still signed in.
  await page.goBack();
  await page.getByRole("link", { name: "/api/logout" }).click();
  await page.waitForURL(`${baseURL()}/`);
  expect((await page.request.get("/api/user/profile")).status()).toBe(200);

  // The same address typed by the parent still works.
  const typed = await page.goto("/api/checkcalendars");
  expect(typed!.status()).toBe(200);
});

it("treats a session cookie that is not valid encoding as no session, not as an error", async () => {
  const page = await open("iPhone 14");
  await page.context().addCookies([{ name: "cubby_session", value: "%E0%A4%A", url: baseURL() }]);
  const response = await page.goto("/profile");
  expect(response!.status()).toBe(200);
  // spec §8: a profile call's 401 brings up 'Session Expired'.
  await page.getByRole("dialog", { name: "Session Expired" }).waitFor();
  expect(await page.getByText("Unexpected Application Error!").count()).toBe(0);
});
