#!/usr/bin/env node
/**
 * `npm run eval`: the extraction yardstick on both corpora beside the project,
 * ../shared/eval/dev (our own 20 items) and ../shared/eval/real (80 real items),
 * each scored by the shared scorer and ending with its own summary line. For
 * `real` it then adds one line per letter group (r, a, b): issue 29 reads and
 * fixes from some groups and checks on the others, and reports each side.
 *
 * The scorer runs the extractor CLI once per item. Started through tsx that is
 * about 2 s an item; the CLI is bundled once with esbuild (already in the tree
 * for Vite and tsx) and run with plain node instead, the same code either way.
 * Extra arguments (--verbose, --jobs N, --only x) go to the scorer.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const evalDir = fileURLToPath(new URL("../../shared/eval/", import.meta.url));
const scorer = `${evalDir}score.mjs`;
if (!existsSync(scorer)) {
  console.error(`eval: no scorer at ${scorer} (the shared eval folder sits beside the project)`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "cubby-eval-"));
const bundle = join(work, "extract.mjs");
const built = spawnSync(
  join(root, "node_modules/.bin/esbuild"),
  [
    "scripts/extract.ts", "--bundle", "--platform=node", "--format=esm", `--outfile=${bundle}`, "--log-level=error",
    // CommonJS dependencies (pdf.js's helpers) still call require().
    "--banner:js=import{createRequire}from'module';const require=createRequire(import.meta.url);",
  ],
  { cwd: root, stdio: "inherit" },
);
const command = built.status === 0 ? `${process.execPath} ${bundle}` : "npm run --silent extract --";
if (built.status !== 0) console.warn("eval: could not bundle the CLI, running it through tsx (slower)");

/**
 * "group a: … F1 0.902 …": F1, precision and recall of the items whose names start with one letter.
 * @param {{ items: { file: string; gold: number; pred: number; tp: number }[] }} report the scorer's --json report
 */
function groupLines(report) {
  const groups = new Map();
  for (const item of report.items) {
    const letter = item.file[0];
    const g = groups.get(letter) ?? { items: 0, gold: 0, pred: 0, tp: 0 };
    g.items++;
    g.gold += item.gold;
    g.pred += item.pred;
    g.tp += item.tp;
    groups.set(letter, g);
  }
  return [...groups].map(([letter, g]) => {
    const p = g.pred ? g.tp / g.pred : 0;
    const r = g.gold ? g.tp / g.gold : 0;
    const f1 = p + r ? (2 * p * r) / (p + r) : 0;
    return `group ${letter}: items ${g.items} F1 ${f1.toFixed(3)} P ${p.toFixed(3)} R ${r.toFixed(3)} gold ${g.gold} predicted ${g.pred}`;
  });
}

let status = 0;
for (const corpus of ["dev", "real"]) {
  console.log(`\n── ${corpus} ──`);
  const json = join(work, `${corpus}.json`);
  const run = spawnSync(
    process.execPath,
    [scorer, "--dir", `${evalDir}${corpus}`, "--cmd", command, "--cwd", root, "--jobs", "2", "--json", json, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  status ||= run.status ?? 1;
  if (corpus === "real" && existsSync(json)) console.log(groupLines(JSON.parse(readFileSync(json, "utf8"))).join("\n"));
}
rmSync(work, { recursive: true, force: true });
process.exit(status);
