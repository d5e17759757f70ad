// Resolved from this folder, so both come from tools/lighthouse/node_modules
// (installed on demand by scripts/lib/lighthouse-tool.mjs), not the app's.
export { default as lighthouse } from "lighthouse";
export * as chromeLauncher from "chrome-launcher";
