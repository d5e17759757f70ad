#!/usr/bin/env node
/**
 * `npm run eval`: the extraction yardstick on both corpora beside the project,
 * ../shared/eval/dev (our own 20 items) and ../shared/eval/real (30 real pages),
 * each scored by the shared scorer and ending with its own summary line.
 * Extra arguments (--verbose, --jobs N) go to the scorer.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const evalDir = fileURLToPath(new URL("../../shared/eval/", import.meta.url));
const scorer = `${evalDir}score.mjs`;
if (!existsSync(scorer)) {
  console.error(`eval: no scorer at ${scorer} (the shared eval folder sits beside the project)`);
  process.exit(1);
}
let status = 0;
for (const corpus of ["dev", "real"]) {
  console.log(`\n── ${corpus} ──`);
  const run = spawnSync(process.execPath, [scorer, "--dir", `${evalDir}${corpus}`, "--jobs", "2", ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  status ||= run.status ?? 1;
}
process.exit(status);
