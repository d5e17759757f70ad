/**
 * The parent `npm run lighthouse` and `npm run measure:js` measure: signed in,
 * a username chosen, the tutorial seen, the zone of their first visit saved,
 * and a year of 300 events (40 of them ranges). Plain JavaScript typed with
 * JSDoc so the scripts can share it (Node runs feed-sample.ts as it is).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { claimUsername, signIn, uniqueEmail } from "./parent.mjs";

/** @typedef {import("playwright-core").Page} Page */

/**
 * The parent's 300 events (40 ranges), written through the running app's own
 * local door (`POST /api/dev/events`, local services only), as the full-feed
 * e2e does: never a second process writing into the preview's D1 underneath it.
 * @param {string} root The repository root.
 * @param {import("playwright-core").APIRequestContext} request
 * @param {string} idPrefix Event ids are the database's keys: unique per parent.
 */
async function seedYear(root, request, idPrefix) {
  // The same made-up year as seed:feed, bench:feed and the e2e.
  const { sampleEvents } = await import(pathToFileURL(join(root, "tests/e2e/feed-sample.ts")).href);
  /** @type {{ _id: string }[]} */
  const year = sampleEvents(300, 40, Date.now());
  const events = year.map((event) => ({ ...event, _id: `${idPrefix}-${event._id}` }));
  const written = await request.post("/api/dev/events", { data: { events } });
  if (!written.ok()) throw new Error(`Seeding answered ${written.status()}: ${await written.text()}`);
}

/**
 * Makes `page`'s context that parent (its cookies are the session).
 * @param {Page} page
 * @param {{ root: string, label: string }} options
 */
export async function becomeReturningParent(page, { root, label }) {
  await signIn(page, uniqueEmail(label));
  const claim = await claimUsername(page, `${label.slice(0, 4)}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  if (claim.status !== 200) throw new Error(`Could not claim a username: ${JSON.stringify(claim)}`);
  // A returning parent: the tutorial seen, and the zone their first visit saved (the machine's).
  await page.request.post("/api/user/preferences", { data: { preferences: { firstViewTutorial: true } } });
  await page.request.post("/api/timezone", { data: { timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } });
  await seedYear(root, page.request, label);
}
