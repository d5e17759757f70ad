/**
 * Issue 17's budgets in `npm test`, for the screens nearest them: what a phone downloads for the
 * feed and the profile, on a cold cache, as `npm run measure:js` weighs every screen. Leaks into
 * these budgets went unseen for weeks while only that script measured them (ADR 012 part 10).
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useBrowser } from "./browser";
import { BUDGETS, WEIGHED_ON, weigh } from "./page-weight.mjs";
import { becomeReturningParent } from "./returning-parent.mjs";

const open = useBrowser();
const root = fileURLToPath(new URL("../..", import.meta.url));
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

describe("the screens nearest their budget", () => {
  it.each(["/focus", "/profile"])("%s ships its JavaScript and its document within budget, on a cold cache", async (route) => {
    const setup = await open(WEIGHED_ON);
    // Event ids are the database's keys: one label per parent.
    await becomeReturningParent(setup, { root, label: `weight${route.replaceAll("/", "-")}` });
    const { cookies } = await setup.context().storageState();
    const page = await open(WEIGHED_ON);
    await page.context().addCookies(cookies);

    const weighed = await weigh(page, route);
    expect({ status: weighed.status, landedOn: weighed.landedOn }).toEqual({ status: 200, landedOn: route });
    const files = weighed.files.map((file) => `${file.path} ${kB(file.brotli)}`).join(", ");
    expect(weighed.brotli, `JavaScript (brotli) ${kB(weighed.brotli)}: ${files}`).toBeLessThanOrEqual(BUDGETS[route].js);
    expect(weighed.document.brotli, `document (brotli) ${kB(weighed.document.brotli)}`).toBeLessThanOrEqual(BUDGETS[route].document);
  }, 60_000);
});
