#!/usr/bin/env node
/**
 * `npm test`: the three layers in order — unit (Node) and worker (workerd with a
 * real local D1), then end-to-end (the production build in workerd, driven by
 * Debian's Chromium). Stops at the first failing layer.
 */
import { spawnSync } from "node:child_process";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const layers = [
  { name: "unit and worker", args: ["vitest", "run", "--project", "unit", "--project", "worker"] },
  { name: "end-to-end", args: ["vitest", "run", "--project", "e2e"] },
];

for (const { name, args } of layers) {
  console.log(`\n── ${name} tests ──`);
  const started = Date.now();
  const { status } = spawnSync("npx", args, { stdio: "inherit", env });
  console.log(`── ${name}: ${status === 0 ? "passed" : "FAILED"} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) process.exit(status ?? 1);
}
