import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LATER_FILES_TOKEN, laterFiles, writeLaterFiles } from "./later-files.mjs";

/** A feed chunk as the bundler links it: two lazy parts, one sharing a chunk with the profile. */
const chunks = {
  "assets/feed.js": { imports: ["assets/framework.js"], dynamicImports: ["assets/Tray.js", "assets/UrlPanel.js"] },
  "assets/framework.js": { imports: [], dynamicImports: ["assets/DesktopGate.js"] },
  "assets/Tray.js": { imports: ["assets/framework.js", "assets/feed.js"], dynamicImports: [] },
  "assets/UrlPanel.js": { imports: ["assets/feed.js", "assets/screen.js"], dynamicImports: ["assets/Checkout.js"] },
  "assets/screen.js": { imports: ["assets/framework.js"], dynamicImports: [] },
  "assets/Checkout.js": { imports: ["assets/billing.js"], dynamicImports: [] },
  "assets/billing.js": { imports: [], dynamicImports: [] },
  "assets/DesktopGate.js": { imports: [], dynamicImports: [] },
};

describe("the feed's later parts for the offline copy", () => {
  it("lists what the lazy parts load, in turn, and not what the page loaded with the chunk", () => {
    expect(laterFiles("assets/feed.js", chunks)).toEqual([
      "assets/Checkout.js",
      "assets/Tray.js",
      "assets/UrlPanel.js",
      "assets/billing.js",
      "assets/screen.js",
    ]);
  });

  it("leaves out the lazy parts of the chunks the page loaded with it (the framework's desktop gate)", () => {
    expect(laterFiles("assets/feed.js", chunks)).not.toContain("assets/DesktopGate.js");
  });

  it("writes the list as site paths where the chunk holds the token, in any quotes", () => {
    const files = ["assets/Tray.js", "assets/screen.js"];
    expect(writeLaterFiles(`const later = "${LATER_FILES_TOKEN}";`, files)).toBe('const later = ["/assets/Tray.js","/assets/screen.js"];');
    expect(writeLaterFiles(`f('${LATER_FILES_TOKEN}')`, files)).toBe('f(["/assets/Tray.js","/assets/screen.js"])');
    expect(writeLaterFiles("const other = 1;", files)).toBeNull();
  });

  it("finds the token where the offline copy keeps it", () => {
    const source = readFileSync(fileURLToPath(new URL("../../app/components/offline/use-offline-copy.ts", import.meta.url)), "utf8");
    expect(source).toContain(`"${LATER_FILES_TOKEN}"`);
  });
});
