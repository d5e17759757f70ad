#!/usr/bin/env node
/**
 * Makes a fresh clone runnable with no account or key: writes .dev.vars with a
 * random TOKEN_KEY (secrets never live in wrangler.toml), then applies the D1
 * migrations to the local directory and every shard, and opens the newest shard, so
 * that new local families go there (two shards, ADR 027). Runs before `npm run dev`
 * and `npm run preview`.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shardNumbers } from "./lib/d1-bindings.mjs";

const devVars = new URL("../.dev.vars", import.meta.url);
if (!existsSync(devVars)) {
  writeFileSync(
    devVars,
    [
      "# Local secrets for `npm run dev` (git-ignored). Leave GOOGLE_* unset to use local sign-in.",
      `TOKEN_KEY=${randomBytes(32).toString("base64")}`,
      "",
    ].join("\n"),
  );
  console.log("Wrote .dev.vars with a fresh local TOKEN_KEY.");
}

const toolEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" };
execFileSync("node", [fileURLToPath(new URL("./migrate-all.mjs", import.meta.url))], { stdio: ["ignore", "inherit", "inherit"], env: toolEnv });
const newest = Math.max(...shardNumbers(undefined));
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--command", `INSERT OR IGNORE INTO shards (number, created_at) VALUES (${newest}, ${Date.now()})`], {
  stdio: ["ignore", "ignore", "inherit"],
  env: toolEnv,
});
