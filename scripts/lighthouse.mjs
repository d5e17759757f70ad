#!/usr/bin/env node
/**
 * `npm run lighthouse [-- --skip-build] [--keep]`
 *
 * Lighthouse (mobile, default throttling) on the production build served by
 * `vite preview`, for /focus as a parent with 300 events (40 of them ranges)
 * seeded by scripts/seed-feed.ts into the preview's throwaway local D1.
 * Budgets: performance ≥ 0.95, accessibility ≥ 0.95. Debian's Chromium only.
 *
 * `vite preview` sends everything uncompressed, which Cloudflare never does
 * (it serves brotli or gzip to every browser that asks). So Lighthouse talks to
 * a small local proxy that compresses text responses as the edge would; pass
 * --raw to measure the preview as it is.
 */
import { spawn } from "node:child_process";
import { createServer, request as httpRequest } from "node:http";
import { createBrotliCompress, createGzip } from "node:zlib";
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
const raw = process.argv.includes("--raw");
/** The screen to measure: /focus unless another path is given (for comparison). */
const route = process.argv.slice(2).find((arg) => arg.startsWith("/")) ?? "/focus";

/**
 * A compressing reverse proxy in front of the preview, like Cloudflare's edge.
 * Event streams pass through untouched.
 * @param {string} target
 * @returns {Promise<{ url: string, close: () => void }>}
 */
function compressingProxy(target) {
  const upstream = new URL(target);
  const proxy = createServer((incoming, outgoing) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: { ...incoming.headers, host: upstream.host } },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const accepts = String(incoming.headers["accept-encoding"] ?? "");
        const compressible = /text\/(html|css|plain)|javascript|json|svg/.test(type) && !answer.headers["content-encoding"];
        const encoding = compressible ? (accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null) : null;
        if (!encoding) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const headers = { ...answer.headers, "content-encoding": encoding, vary: "accept-encoding" };
        delete headers["content-length"];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(encoding === "br" ? createBrotliCompress() : createGzip()).pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  return new Promise((resolve) => {
    proxy.listen(0, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (proxy.address());
      resolve({ url: `http://localhost:${address.port}`, close: () => proxy.close() });
    });
  });
}

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
/** @type {{ url: string, close: () => void } | null} */
let proxy = null;
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
  proxy = raw ? null : await compressingProxy(server.baseURL);
  const url = `${proxy?.url ?? server.baseURL}${route}`;
  console.info(`[lighthouse] Measuring ${url}${raw ? " (uncompressed, as vite preview serves it)" : " (brotli, as Cloudflare serves it)"}`);
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
    extraHeaders: { Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ") },
  });
  if (!result) throw new Error("Lighthouse returned nothing");
  const { lhr } = result;
  if (new URL(lhr.finalDisplayedUrl).pathname !== route) throw new Error(`Lighthouse landed on ${lhr.finalDisplayedUrl}, not ${route}`);
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
  proxy?.close();
  await chrome?.kill();
  await server.stop();
}
