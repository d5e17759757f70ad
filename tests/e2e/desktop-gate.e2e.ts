/**
 * spec §1 "Desktop gate": desktop browsers get a 'Designed for Mobile' dialog
 * with a QR code to open Cubby on a phone; the supported phones never see it.
 */
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { PHONES } from "./chromium.mjs";

const open = useBrowser();
const gate = { name: "Designed for Mobile" } as const;

describe("the desktop gate", () => {
  it("shows 'Designed for Mobile' with a QR code on a desktop browser", async () => {
    const page = await open("Desktop");
    await page.goto("/");

    const dialog = page.getByRole("dialog", gate);
    await dialog.waitFor();
    // The QR code is an inline SVG, drawn on the server (the landing ships no JS).
    expect(await dialog.locator("svg").count()).toBeGreaterThan(0);
    expect(await dialog.locator("svg").first().isVisible()).toBe(true);
  });

  it.each(PHONES)("stays away on %s", async (phone) => {
    const page = await open(phone);
    // The gate is decided on the server, so the loaded document is final.
    await page.goto("/", { waitUntil: "load" });

    await page.getByRole("link", { name: "Continue with Google" }).waitFor();
    expect(await page.getByRole("dialog", gate).count()).toBe(0);
  });
});
