#!/usr/bin/env node
/**
 * `npm run db:migrate` (local) / `npm run db:migrate:remote` (production): applies the
 * migrations to the directory and to every family shard, each database once (ADR 027).
 * `--persist-to <dir>` for a throwaway local state (tests, benchmarks).
 */
import { execFileSync } from "node:child_process";
import { d1Bindings } from "./lib/d1-bindings.mjs";

const remote = process.argv.includes("--remote");
const persistAt = process.argv.indexOf("--persist-to");
const persist = persistAt > 0 ? ["--persist-to", process.argv[persistAt + 1]] : [];
const environment = remote ? "production" : undefined;
for (const binding of d1Bindings(environment)) {
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", binding, remote ? "--remote" : "--local", ...persist, ...(environment ? ["--env", environment] : [])], {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
  });
}
