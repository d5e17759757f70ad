/**
 * What a phone downloads for a screen (issue 17's budgets): every script the page loads until
 * the network is idle, compressed as the edge would, and the document. Shared by
 * `npm run measure:js` (every screen, the table) and `page-weight.e2e.ts` (the screens nearest
 * their budget, in `npm test`). Plain JavaScript typed with JSDoc so the scripts can share it.
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** @typedef {import("playwright-core").Page} Page */
/** @typedef {{ raw: number, gzip: number, brotli: number }} Sizes */
/** @typedef {Sizes & { path: string }} ScriptFile */
/** @typedef {Sizes & { route: string, status: number, landedOn: string, files: ScriptFile[], document: Sizes }} Measurement */

/** The phone the screens are weighed on. */
export const WEIGHED_ON = "Pixel 7";

/** The onboarding screens a new parent walks through (spec §2), measured with the feed and the profile. */
export const ONBOARDING = ["/join/email", "/join/username", "/join/watchlist", "/join/calendar", "/join/child", "/join/success"];

/**
 * Brotli budgets in bytes per route: its JavaScript and its document (ADR 005
 * for the landing page, ADR 012 and issue 17 for the signed-in screens).
 * @type {Record<string, { js: number, document: number }>}
 */
export const BUDGETS = {
  "/": { js: 100_000, document: 20_000 },
  ...Object.fromEntries(["/focus", "/profile", ...ONBOARDING].map((route) => [route, { js: 110_000, document: 20_000 }])),
};

/**
 * A hashed asset, compressed once as the edge does: gzip level 9 and brotli quality 11.
 * @param {Buffer} body
 * @returns {Sizes}
 */
function assetSizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  };
}

/**
 * A page's HTML, compressed on the fly as the edge does (and as scripts/lighthouse.mjs's proxy).
 * @param {Buffer} body
 * @returns {Sizes}
 */
function documentSizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 6 }).length,
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
  };
}

/**
 * Loads `route` in `page` (a fresh context: a cold cache) and weighs what came.
 * @param {Page} page
 * @param {string} route
 * @returns {Promise<Measurement>}
 */
export async function weigh(page, route) {
  /** @type {Map<string, Promise<Buffer | null>>} */
  const bodies = new Map();
  page.on("response", (response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === "script" || url.pathname.endsWith(".js");
    if (isScript && !bodies.has(url.href)) bodies.set(url.href, response.body().catch(() => null));
  });
  // networkidle: lazy chunks and module preloads count too.
  const document = await page.goto(route, { waitUntil: "networkidle" });
  /** @type {ScriptFile[]} */
  const files = [];
  for (const [url, body] of bodies) {
    const content = await body;
    if (content) files.push({ path: new URL(url).pathname, ...assetSizes(content) });
  }
  const total = (/** @type {keyof Sizes} */ key) => files.reduce((sum, file) => sum + file[key], 0);
  const html = await document?.body().catch(() => null);
  return {
    route,
    document: documentSizes(html ?? Buffer.alloc(0)),
    status: document?.status() ?? 0,
    landedOn: new URL(page.url()).pathname,
    files,
    raw: total("raw"),
    gzip: total("gzip"),
    brotli: total("brotli"),
  };
}
