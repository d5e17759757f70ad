/** The walk through every screen on the Pixel 7 (accessibility-screens.ts), and the desktop gate. */
import { describe, expect, it } from "vitest";
import { auditEveryScreen, auditor, PASSED } from "./accessibility-screens";
import { useBrowser } from "./browser";

const open = useBrowser();

auditEveryScreen("Pixel 7", open);

describe("accessibility of the desktop gate", () => {
  it("has no serious violation on 'Designed for Mobile'", async () => {
    const page = await open("Desktop");
    const { visit, verdict } = auditor(page, "Desktop");
    await visit("/", page.getByRole("dialog", { name: "Designed for Mobile" }));
    expect(verdict()).toEqual(PASSED);
  });
});
