/**
 * Acting as a parent against the local app: local sign-in and claiming a
 * username. Plain JavaScript typed with JSDoc (no Vitest) so that
 * scripts/measure-js.mjs can share it.
 */

/** @typedef {import("playwright-core").Page} Page */

/**
 * A login hint no other test uses, so tests sharing one database never collide.
 * @param {string} label
 */
export function uniqueEmail(label) {
  const slug = label.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return `${slug}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Local sign-in (Google not configured, request to localhost) creates or finds
 * the parent and follows the redirect: /join/child for a new parent, /focus
 * for one who has set something up.
 * @param {Page} page
 * @param {string} email
 */
export function signIn(page, email) {
  return page.goto(`/api/auth/google?login_hint=${encodeURIComponent(email)}`);
}

/**
 * Waits until the first signed-in page has saved the phone's time zone (the signed-in layout
 * does it once hydrated). Mail that arrives before is read again when it is saved (issue 31):
 * a test that counts on the check's first answer waits for the zone before mailing, as a real
 * phone has it by then.
 * @param {Page} page
 */
export async function zoneSaved(page) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await page.request.get("/api/user/profile");
    if (response.ok() && (await response.json()).user.timezone) return;
    await page.waitForTimeout(100);
  }
  throw new Error("The first page never saved the time zone");
}

/**
 * Claims a username (and so a forwarding address) the way the app does: a
 * same-origin fetch from the page.
 * @param {Page} page
 * @param {string} username
 */
export function claimUsername(page, username) {
  return page.evaluate(async (name) => {
    const response = await fetch("/api/user/username", {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: name }),
    });
    const body = /** @type {{ forwardingAddress?: { address: string } }} */ (await response.json());
    return { status: response.status, body };
  }, username);
}

/**
 * A same-origin JSON request from the page, as the app sends them; answers its status.
 * @param {Page} page
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<number>}
 */
export function sendJson(page, method, path, body) {
  return page.evaluate(
    async ([m, p, b]) => {
      const response = await fetch(/** @type {string} */ (p), {
        method: /** @type {string} */ (m),
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return response.status;
    },
    /** @type {const} */ ([method, path, body]),
  );
}

/**
 * Premium through the local billing's checkout, which lands back on /profile.
 * @param {Page} page
 */
export async function becomePremium(page) {
  const { url } = /** @type {{ url: string }} */ (await (await page.request.get("/api/billing/checkout")).json());
  const checkout = new URL(url);
  await page.goto(checkout.pathname + checkout.search);
  const landed = new URL(page.url()).pathname;
  if (landed !== "/profile") throw new Error(`The checkout landed on ${landed}, not /profile`);
}
