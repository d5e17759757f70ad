#!/usr/bin/env node
/**
 * `npm run measure:js [-- [--skip-build] [--verbose] [route...]]`
 *
 * How much a phone really downloads per screen: builds the app, serves it
 * with `vite preview` (as the e2e tests do), loads each route in Debian's
 * Chromium with the Pixel 7 profile and a cold cache, and compresses what it
 * got as the edge would: every script with gzip (level 9) and brotli (quality
 * 11), as hashed assets are compressed once; the HTML document with gzip
 * (level 6) and brotli (quality 5), as a page is compressed on the fly.
 * Routes default to the landing page, /focus, /profile and the onboarding
 * screens; routes other than the landing pages are loaded as the returning
 * parent `npm run lighthouse` measures (a username, 300 events).
 *
 * Exits non-zero when a route is over a brotli budget (its JavaScript or its
 * document), or did not render (an error status or a redirect elsewhere would
 * measure the wrong screen). Sizes are in kB of 1000 bytes, as Vite reports them.
 */
import { fileURLToPath } from "node:url";
import { launchChromium, profileOptions } from "../tests/e2e/chromium.mjs";
import { BUDGETS, ONBOARDING, WEIGHED_ON as PROFILE, weigh } from "../tests/e2e/page-weight.mjs";
import { startPreview } from "../tests/e2e/preview-server.mjs";
import { becomeReturningParent } from "../tests/e2e/returning-parent.mjs";

/** @typedef {import("playwright-core").Browser} Browser */
/** @typedef {import("playwright-core").BrowserContextOptions["storageState"]} StorageState */
/** @typedef {import("../tests/e2e/page-weight.mjs").Measurement} Measurement */

/** Screens a parent sees before signing in: measured without a session. */
const PUBLIC_ROUTES = new Set(["/", "/join"]);

const args = process.argv.slice(2);
const routes = args.filter((arg) => !arg.startsWith("--"));
if (routes.length === 0) routes.push("/", "/focus", "/profile", ...ONBOARDING);
const skipBuild = args.includes("--skip-build") || process.env.E2E_SKIP_BUILD === "1";
const verbose = args.includes("--verbose");

const root = fileURLToPath(new URL("..", import.meta.url));
const kB = (/** @type {number} */ bytes) => (bytes / 1000).toFixed(1);

/**
 * A signed-in parent past onboarding, as cookies for a fresh context (so the cache starts cold).
 * @param {Browser} browser
 * @param {string} baseURL
 */
async function signedInState(browser, baseURL) {
  const context = await browser.newContext({ ...profileOptions(PROFILE), baseURL });
  try {
    const page = await context.newPage();
    await becomeReturningParent(page, { root, label: "measurejs" });
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * @param {Browser} browser
 * @param {string} baseURL
 * @param {string} route
 * @param {StorageState} storageState
 */
async function measure(browser, baseURL, route, storageState) {
  const context = await browser.newContext({ ...profileOptions(PROFILE), baseURL, storageState });
  try {
    return await weigh(await context.newPage(), route);
  } finally {
    await context.close();
  }
}

/**
 * Prints the table and returns what is wrong.
 * @param {Measurement[]} results
 */
function report(results) {
  const rows = [["route", "js files", "js raw", "js gzip", "js brotli", "budget", "html raw", "html gzip", "html brotli", "budget", ""]];
  const problems = [];
  for (const result of results) {
    const budget = BUDGETS[result.route];
    const overJs = budget !== undefined && result.brotli > budget.js;
    const overDocument = budget !== undefined && result.document.brotli > budget.document;
    const wrongScreen = result.status >= 400 || result.landedOn !== result.route;
    if (overJs) problems.push(`${result.route} ships ${kB(result.brotli)} kB of JavaScript (brotli), over its ${kB(budget.js)} kB budget.`);
    if (overDocument) {
      problems.push(`${result.route}'s document is ${kB(result.document.brotli)} kB (brotli), over its ${kB(budget.document)} kB budget.`);
    }
    if (wrongScreen) {
      problems.push(`${result.route} answered ${result.status} on ${result.landedOn}: not the screen to measure.`);
    }
    rows.push([
      result.route,
      String(result.files.length),
      kB(result.raw),
      kB(result.gzip),
      kB(result.brotli),
      budget === undefined ? "-" : kB(budget.js),
      kB(result.document.raw),
      kB(result.document.gzip),
      kB(result.document.brotli),
      budget === undefined ? "-" : kB(budget.document),
      wrongScreen ? "WRONG SCREEN" : overJs || overDocument ? "OVER" : "ok",
    ]);
    if (verbose) {
      for (const file of result.files) {
        rows.push([`  ${file.path}`, "", kB(file.raw), kB(file.gzip), kB(file.brotli), "", "", "", "", "", ""]);
      }
    }
  }
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) {
    console.log(row.map((cell, column) => (column === 0 ? cell.padEnd(widths[0]) : cell.padStart(widths[column]))).join("  ").trimEnd());
  }
  return problems;
}

const server = await startPreview({ root, skipBuild, log: (message) => console.error(`[measure-js] ${message}`) });
/** @type {string[]} */
let problems = [];
try {
  const browser = await launchChromium();
  try {
    const needsSession = routes.some((route) => !PUBLIC_ROUTES.has(route));
    const storageState = needsSession ? await signedInState(browser, server.baseURL) : undefined;
    const results = [];
    for (const route of routes) {
      results.push(await measure(browser, server.baseURL, route, PUBLIC_ROUTES.has(route) ? undefined : storageState));
    }
    console.log(`\nJavaScript and HTML loaded per route, kB (${PROFILE}, cold cache; the parent has 300 events):\n`);
    problems = report(results);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
for (const problem of problems) console.error(problem);
process.exitCode = problems.length > 0 ? 1 : 0;
