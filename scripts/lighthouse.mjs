#!/usr/bin/env node
/**
 * `npm run lighthouse [-- --skip-build] [--keep]`
 *
 * Lighthouse (mobile, default throttling) on the production build served by
 * `vite preview`, for /focus as a parent with 300 events (40 of them ranges)
 * seeded by scripts/seed-feed.ts into the preview's throwaway local D1.
 * Budgets: performance ≥ 0.95, accessibility ≥ 0.95. Debian's Chromium only.
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { launchChromium, profileOptions } from "../tests/e2e/chromium.mjs";
import { claimUsername, signIn, uniqueEmail } from "../tests/e2e/parent.mjs";
import { startPreview } from "../tests/e2e/preview-server.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const skipBuild = process.argv.includes("--skip-build") || process.env.E2E_SKIP_BUILD === "1";
const BUDGETS = { performance: 0.95, accessibility: 0.95 };

/**
 * Seeds through the seed script, as a person would run it.
 * @param {string} email
 * @param {string} persistTo
 */
function seed(email, persistTo) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${root}node_modules/.bin/tsx`, "scripts/seed-feed.ts", "--email", email, "--persist-to", persistTo], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
    });
    child.once("close", (code) => (code === 0 ? resolve(undefined) : reject(new Error(`seed-feed exited with ${code}`))));
  });
}

const server = await startPreview({ root, skipBuild, log: (message) => console.info(`[lighthouse] ${message}`) });
let chrome;
try {
  // A parent with a username (so /focus is theirs), signed in through the app's own local sign-in.
  const browser = await launchChromium();
  const context = await browser.newContext({ ...profileOptions("Pixel 7"), baseURL: server.baseURL });
  const page = await context.newPage();
  const email = uniqueEmail("lighthouse");
  await signIn(page, email);
  await claimUsername(page, `lh${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`);
  await page.request.post("/api/user/preferences", { data: { preferences: { firstViewTutorial: true } } });
  const cookies = await context.cookies();
  await browser.close();
  await seed(email, server.stateDir);

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const url = `${server.baseURL}/focus`;
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  if (!result) throw new Error("Lighthouse returned nothing");
  const { lhr } = result;
  if (new URL(lhr.finalDisplayedUrl).pathname !== "/focus") throw new Error(`Lighthouse landed on ${lhr.finalDisplayedUrl}, not /focus`);
  const report = join(tmpdir(), "cubby-lighthouse-focus.json");
  await writeFile(report, JSON.stringify(lhr));
  console.log(`Report: ${report}`);
  let failed = false;
  for (const [category, budget] of Object.entries(BUDGETS)) {
    const score = lhr.categories[category]?.score ?? 0;
    console.log(`${category}: ${score.toFixed(2)} (budget ${budget})`);
    if (score < budget) failed = true;
  }
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
    console.log(`  ${id}: ${lhr.audits[id]?.displayValue}`);
  }
  for (const audit of Object.values(lhr.audits)) {
    if (audit.score !== null && audit.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id)) {
      console.log(`  accessibility: ${audit.id} — ${audit.title}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await chrome?.kill();
  await server.stop();
}
