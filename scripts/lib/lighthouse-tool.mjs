/**
 * Lighthouse and its Chrome launcher for `npm run lighthouse`, loaded from
 * tools/lighthouse/ rather than the app's dependencies: they are about 200
 * packages that only this one script needs, so a newcomer's `npm install` skips
 * them (ADR 025). The first run installs them with `npm ci` from that folder's
 * own lockfile (the npm registry is all it needs); later runs reuse them.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const tool = new URL("../../tools/lighthouse/", import.meta.url);

/** @param {URL} file */
const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));

/** True when tools/lighthouse/node_modules holds the pinned Lighthouse. */
function installed() {
  const installedManifest = new URL("node_modules/lighthouse/package.json", tool);
  if (!existsSync(installedManifest)) return false;
  return readJson(installedManifest).version === readJson(new URL("package.json", tool)).dependencies.lighthouse;
}

/**
 * @returns {Promise<{ lighthouse: typeof import("lighthouse").default, chromeLauncher: typeof import("chrome-launcher") }>}
 */
export async function loadLighthouse() {
  if (!installed()) {
    console.info("[lighthouse] Installing Lighthouse into tools/lighthouse (first run only)…");
    execFileSync("npm", ["ci", "--no-audit", "--no-fund", "--prefix", fileURLToPath(tool)], { stdio: "inherit" });
  }
  return import(new URL("index.mjs", tool).href);
}
