#!/usr/bin/env node
/**
 * Makes a fresh clone runnable with no account or key: writes .dev.vars with a
 * random TOKEN_KEY (secrets never live in wrangler.toml), then applies the D1
 * migrations to the local database. Runs before `npm run dev` and `npm run preview`.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

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

execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], {
  stdio: ["ignore", "inherit", "inherit"],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
});
