#!/usr/bin/env node
/**
 * `npm test`: the three layers in order — unit (Node) and worker (workerd with a
 * real local D1), then end-to-end (the production build in workerd, driven by
 * Debian's Chromium). Stops at the first failing layer, and ends with one plain
 * "N passed, N failed" line for whoever reads the log.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const reports = mkdtempSync(join(tmpdir(), "cubby-tests-"));
// The end-to-end layer's server output (tests/e2e/global-setup.ts): a failing
// test only sees a status code, the reason is in what the Worker logged.
const previewLog = join(reports, "preview.log");
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  CUBBY_PREVIEW_LOG: previewLog,
};
// A layer that outlives its limit has hung (a pool waiting on a reply that never comes):
// it is stopped and reported, rather than holding CI until its own 90 minutes run out.
// Each limit is about three times the layer's slowest run on a busy two-core machine.
const layers = [
  { name: "unit and worker", projects: ["unit", "worker"], limitMinutes: 10 },
  { name: "end-to-end", projects: ["e2e"], limitMinutes: 40 },
];
const SERVER_LOG_LINES = 200;
/** A request the server answered without a 5xx: noise beside the failure. */
const ANSWERED_REQUEST = /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ [1-4]\d\d /;
const totals = { passed: 0, failed: 0, skipped: 0 };
let status = 0;

/**
 * Runs one layer's Vitest in its own process group, so that a hung run can be stopped with
 * everything it started (workerd, Chromium, the preview server). Resolves to its exit status.
 * @param {string[]} args
 * @param {number} limitMinutes
 * @returns {Promise<number>}
 */
function runLayer(args, limitMinutes) {
  return new Promise((resolve) => {
    const child = spawn("npx", args, { stdio: "inherit", env, detached: true });
    const stopGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group has already gone.
      }
    };
    const limit = setTimeout(() => {
      console.log(`\n── stopped after ${limitMinutes} min: the layer hung (its last lines above show where) ──`);
      stopGroup();
    }, limitMinutes * 60_000);
    const interrupted = () => {
      stopGroup();
      process.exit(130);
    };
    process.once("SIGINT", interrupted);
    process.once("SIGTERM", interrupted);
    child.on("exit", (code) => {
      clearTimeout(limit);
      process.off("SIGINT", interrupted);
      process.off("SIGTERM", interrupted);
      resolve(code ?? 1);
    });
  });
}

for (const [index, { name, projects, limitMinutes }] of layers.entries()) {
  console.log(`\n── ${name} tests ──`);
  const report = join(reports, `${index}.json`);
  const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${report}`);
  const started = Date.now();
  status = await runLayer(args, limitMinutes);
  try {
    const counts = JSON.parse(readFileSync(report, "utf8"));
    totals.passed += counts.numPassedTests;
    totals.failed += counts.numFailedTests;
    totals.skipped += counts.numPendingTests + counts.numTodoTests;
  } catch {
    // No report: the run broke before any test; its exit status says so.
  }
  console.log(`── ${name}: ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) {
    if (existsSync(previewLog)) {
      const lines = readFileSync(previewLog, "utf8")
        .trimEnd()
        .split("\n")
        .filter((line) => !ANSWERED_REQUEST.test(line))
        .slice(-SERVER_LOG_LINES);
      console.log(`\n── what the preview server said (last ${lines.length} lines, 1xx–4xx requests left out) ──`);
      console.log(lines.join("\n"));
    }
    break;
  }
}

rmSync(reports, { recursive: true, force: true });
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(status);
