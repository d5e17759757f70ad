#!/usr/bin/env node
/**
 * `npm run lighthouse [-- --skip-build] [--runs N] [--without-scripts] [/path]`
 *
 * Lighthouse (mobile, default throttling) on the production build served by
 * `vite preview`, for /focus as a parent with 300 events (40 of them ranges)
 * written through the app's local services door into the preview's throwaway D1.
 * Budgets (issue 17): performance ≥ 0.98, accessibility 1.00, LCP ≤ 1.5 s,
 * TBT ≤ 50 ms, CLS 0. Debian's Chromium only.
 *
 * `vite preview` sends everything uncompressed, which Cloudflare never does
 * (it serves brotli or gzip to every browser that asks). So Lighthouse talks to
 * a small local proxy that compresses text responses as the edge would; pass
 * --raw to measure the preview as it is.
 *
 * Each run measures the page and, right after it, the same page with its scripts
 * taken out: the screen as the server draws it, which is what Lighthouse can
 * measure of the page before any of the app's JavaScript counts (ADR 012 part 7).
 * The last lines give both medians, side by side from the same run (issue 32);
 * --without-scripts measures that variant alone.
 */
import { createServer, request as httpRequest } from "node:http";
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from "node:zlib";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { launchChromium, profileOptions } from "../tests/e2e/chromium.mjs";
import { startPreview } from "../tests/e2e/preview-server.mjs";
import { becomeReturningParent } from "../tests/e2e/returning-parent.mjs";
import { loadLighthouse } from "./lib/lighthouse-tool.mjs";
import { framesAfterFirstPaint, longTasksAfterFirstPaint } from "./lib/main-thread-time.mjs";

// Lighthouse lives outside the app's dependencies (installed on first use, ADR 025).
const { lighthouse, chromeLauncher } = await loadLighthouse();

const root = fileURLToPath(new URL("..", import.meta.url));
const skipBuild = process.argv.includes("--skip-build") || process.env.E2E_SKIP_BUILD === "1";
/** Issue 17's targets: the category scores, and the metrics behind the performance score. */
const BUDGETS = { performance: 0.98, accessibility: 1 };
const METRIC_BUDGETS = { "largest-contentful-paint": 1500, "total-blocking-time": 50, "cumulative-layout-shift": 0 };
const raw = process.argv.includes("--raw");
const withoutScripts = process.argv.includes("--without-scripts");
/** Runs to take the median of: `--runs 5`. */
const runsAt = process.argv.indexOf("--runs");
const runs = runsAt > 0 ? Math.max(1, Number(process.argv[runsAt + 1]) || 1) : 3;
/** The screen to measure: /focus unless another path is given (for comparison). */
const route = process.argv.slice(2).find((arg) => arg.startsWith("/")) ?? "/focus";

/**
 * A compressing reverse proxy in front of the preview, like Cloudflare's edge:
 * hashed assets are compressed once at the best level and then served from
 * memory (the edge keeps them compressed), pages on the fly at a fast level.
 * Event streams pass through untouched.
 * @param {string} target
 * @param {{ stripScripts: boolean }} options
 * @returns {Promise<{ url: string, close: () => void }>}
 */
function compressingProxy(target, { stripScripts }) {
  const upstream = new URL(target);
  /**
   * At the edge the page and the app are one origin: the app's origin check
   * (state-changing requests) sees its own.
   * @param {import("node:http").IncomingHttpHeaders} headers
   */
  const upstreamHeaders = (headers) => ({ ...headers, host: upstream.host, ...(headers.origin ? { origin: upstream.origin } : {}) });
  /** @type {Map<string, { status: number, headers: import("node:http").IncomingHttpHeaders, body: Buffer }>} */
  const assets = new Map();
  const proxy = createServer((incoming, outgoing) => {
    const accepts = String(incoming.headers["accept-encoding"] ?? "");
    const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
    const asset = incoming.method === "GET" && incoming.url?.startsWith("/assets/");
    const cached = asset ? assets.get(`${encoding}:${incoming.url}`) : undefined;
    if (cached) {
      outgoing.writeHead(cached.status, cached.headers);
      outgoing.end(cached.body);
      return;
    }
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: upstreamHeaders(incoming.headers) },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const compressible = encoding && /text\/(html|css|plain)|javascript|json|svg/.test(type) && !answer.headers["content-encoding"];
        if (!compressible) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const headers = { ...answer.headers, "content-encoding": encoding, vary: "accept-encoding" };
        delete headers["content-length"];
        if (asset) {
          const chunks = /** @type {Buffer[]} */ ([]);
          answer.on("data", (chunk) => chunks.push(chunk));
          answer.on("end", () => {
            const plain = Buffer.concat(chunks);
            const body = encoding === "br" ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : gzipSync(plain, { level: 9 });
            const entry = { status: answer.statusCode ?? 200, headers: { ...headers, "content-length": String(body.length) }, body };
            assets.set(`${encoding}:${incoming.url}`, entry);
            outgoing.writeHead(entry.status, entry.headers);
            outgoing.end(body);
          });
          return;
        }
        if (stripScripts && type.includes("text/html")) {
          const chunks = /** @type {Buffer[]} */ ([]);
          answer.on("data", (chunk) => chunks.push(chunk));
          answer.on("end", () => {
            const page = withoutTheScripts(Buffer.concat(chunks).toString("utf8"));
            outgoing.writeHead(answer.statusCode ?? 200, headers);
            outgoing.end(encoding === "br" ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(page));
          });
          return;
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        const compress = encoding === "br" ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : createGzip();
        answer.pipe(compress).pipe(outgoing);
      },
    );
    forward.on("error", () => outgoing.destroy());
    incoming.pipe(forward);
  });
  // The feed's live socket (ADR 022) goes through as it does at the edge; without it
  // the page would see itself offline and refetch its events at every retry.
  proxy.on("upgrade", (incoming, client, head) => {
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, path: incoming.url, method: incoming.method, headers: upstreamHeaders(incoming.headers) });
    forward.on("upgrade", (answer, server, serverHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      client.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (serverHead.length) client.write(serverHead);
      if (head.length) server.write(head);
      server.pipe(client).pipe(server);
      server.on("error", () => client.destroy());
      client.on("error", () => server.destroy());
    });
    forward.on("response", (answer) => {
      client.end(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\n\r\n`);
    });
    forward.on("error", () => client.destroy());
    forward.end();
  });
  return new Promise((resolve) => {
    proxy.listen(0, "127.0.0.1", () => {
      const address = /** @type {import("node:net").AddressInfo} */ (proxy.address());
      resolve({ url: `http://localhost:${address.port}`, close: () => proxy.close() });
    });
  });
}

/**
 * The page without its scripts and the links that would fetch them.
 * @param {string} html
 */
function withoutTheScripts(html) {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "").replace(/<link rel="modulepreload[^"]*"[^>]*>/g, "");
}

/**
 * Fetches the page's assets once through the proxy, so the measured load gets
 * them as the edge would: already compressed.
 * @param {string} url
 * @param {string} cookie
 */
async function warmAssets(url, cookie) {
  const html = await (await fetch(url, { headers: { cookie } })).text();
  const paths = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css)/g) ?? []);
  await Promise.all([...paths].map((path) => fetch(new URL(path, url), { headers: { "accept-encoding": "br" } }).then((answer) => answer.arrayBuffer())));
}

/**
 * One line of a run: the performance score and the metrics behind it.
 * @param {import("lighthouse").Result} lhr
 */
function summary(lhr) {
  const { audits } = lhr;
  return (
    `performance ${lhr.categories.performance?.score?.toFixed(2)}, LCP ${audits["largest-contentful-paint"]?.displayValue}, ` +
    `TBT ${audits["total-blocking-time"]?.displayValue}, CLS ${audits["cumulative-layout-shift"]?.displayValue}`
  );
}

/**
 * The run with the median performance score.
 * @param {import("lighthouse").RunnerResult[]} list
 */
function medianOf(list) {
  return /** @type {import("lighthouse").RunnerResult} */ (list.toSorted((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0))[Math.floor(list.length / 2)]);
}

const server = await startPreview({ root, skipBuild, log: (message) => console.info(`[lighthouse] ${message}`) });
let chrome;
/** @type {{ url: string, close: () => void }[]} */
const proxies = [];
try {
  // A parent with a username (so /focus is theirs), signed in through the app's own local sign-in.
  const browser = await launchChromium();
  const context = await browser.newContext({ ...profileOptions("Pixel 7"), baseURL: server.baseURL });
  const page = await context.newPage();
  await becomeReturningParent(page, { root, label: "lighthouse" });
  const cookies = await context.cookies();
  await browser.close();

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  // The parent's cookies go into the measuring browser's own jar (Lighthouse keeps
  // cookies between runs): the live socket's handshake carries them, as on a phone.
  const measuring = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  await measuring.contexts()[0]?.addCookies(cookies);
  await measuring.close();
  if (raw && withoutScripts) throw new Error("--without-scripts works through the compressing proxy: leave out --raw");
  const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  // The page, and beside it in the same run the page without its scripts: the floor the page
  // is measured against on this machine, at this load (issue 32). --without-scripts or --raw
  // measures one of them alone.
  /** @type {{ name: string, strip: boolean }[]} */
  const variants = raw ? [{ name: "page", strip: false }] : withoutScripts ? [{ name: "without scripts", strip: true }] : [{ name: "page", strip: false }, { name: "without scripts", strip: true }];
  /** @type {Map<string, string>} */
  const urls = new Map();
  for (const variant of variants) {
    const through = raw ? null : await compressingProxy(server.baseURL, { stripScripts: variant.strip });
    if (through) proxies.push(through);
    const url = `${through?.url ?? server.baseURL}${route}`;
    if (through) await warmAssets(url, cookieHeader);
    urls.set(variant.name, url);
    console.info(`[lighthouse] ${variant.name}: ${url}${raw ? " (uncompressed, as vite preview serves it)" : " (brotli, as Cloudflare serves it)"}`);
  }
  /** @type {Map<string, import("lighthouse").RunnerResult[]>} */
  const results = new Map(variants.map((variant) => [variant.name, []]));
  for (let run = 1; run <= runs; run++) {
    for (const variant of variants) {
      const result = await lighthouse(urls.get(variant.name) ?? route, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
      });
      if (!result) throw new Error("Lighthouse returned nothing");
      if (new URL(result.lhr.finalDisplayedUrl).pathname !== route) throw new Error(`Lighthouse landed on ${result.lhr.finalDisplayedUrl}, not ${route}`);
      console.info(`[lighthouse] Run ${run}, ${variant.name}: ${summary(result.lhr)}`);
      const long = longTasksAfterFirstPaint(/** @type {import("./lib/main-thread-time.mjs").Trace} */ (result.artifacts.Trace));
      if (long) {
        console.info(`[lighthouse]   ${long.tasks} main-thread tasks of 12.5 ms or more after the first paint: ${long.wallMs} ms long, of which the thread ran ${long.ranMs} ms`);
      }
      const frames = framesAfterFirstPaint(/** @type {import("./lib/main-thread-time.mjs").Trace} */ (result.artifacts.Trace));
      if (frames) console.info(`[lighthouse]   ${frames.frames} frames drawn after the first paint, ${frames.different} of them different`);
      results.get(variant.name)?.push(result);
    }
  }
  // Lighthouse's own advice for noisy machines: several runs, and the median is the figure.
  const medians = new Map(variants.map((variant) => [variant.name, medianOf(results.get(variant.name) ?? [])]));
  const median = medians.get(variants[0].name);
  if (!median) throw new Error("No Lighthouse run finished");
  const { lhr } = median;
  // For a closer look in Chrome's performance panel: LIGHTHOUSE_TRACE=path/to/trace.json
  if (process.env.LIGHTHOUSE_TRACE) await writeFile(process.env.LIGHTHOUSE_TRACE, JSON.stringify(median.artifacts.Trace));
  const report = join(tmpdir(), `cubby-lighthouse-${route.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "root"}.json`);
  await writeFile(report, JSON.stringify(lhr));
  console.log(`Report (the median of ${runs} runs, ${variants[0].name}): ${report}`);
  let failed = false;
  for (const [category, budget] of Object.entries(BUDGETS)) {
    const score = lhr.categories[category]?.score ?? 0;
    console.log(`${category}: ${score.toFixed(2)} (budget ${budget})`);
    if (score < budget) failed = true;
  }
  for (const id of ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"]) {
    const budget = METRIC_BUDGETS[/** @type {keyof typeof METRIC_BUDGETS} */ (id)];
    const over = budget !== undefined && (lhr.audits[id]?.numericValue ?? Infinity) > budget;
    if (over) failed = true;
    console.log(`  ${id}: ${lhr.audits[id]?.displayValue}${budget === undefined ? "" : ` (budget ${budget}${id.includes("shift") ? "" : " ms"})${over ? " OVER" : ""}`}`);
  }
  for (const audit of Object.values(lhr.audits)) {
    if (audit.score !== null && audit.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id)) {
      console.log(`  accessibility: ${audit.id} — ${audit.title}`);
    }
  }
  // The lines for other tools and the closing note: each variant's median, same run, same machine.
  for (const [name, result] of medians) console.log(`lighthouse ${route} ${name}: ${summary(result.lhr)}`);
  process.exitCode = failed ? 1 : 0;
} finally {
  for (const proxy of proxies) proxy.close();
  await chrome?.kill();
  await server.stop();
}
