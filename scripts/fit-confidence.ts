/**
 * `npm run fit:confidence [-- --check b] [--negative-weight 4] [--committed]`: fits the built-in extractor's confidence
 * model (app/.server/extract/builtin/confidence.ts) on the corpus beside the project
 * and writes its weights to confidence-weights.ts.
 *
 * Every event the extractor reads (before twins are merged) is labelled by the shared
 * scorer: does it match a gold event? A logistic regression over its signals is fitted
 * on `dev` and the `real` items whose names do not start with the check letters, and
 * reported on both sides, so a signal that only helps the items it was fitted on shows.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { toExtractedEvent } from "../app/.server/extract/builtin/candidate";
import { SIGNALS, signalsOf } from "../app/.server/extract/builtin/confidence";
import { CONFIDENCE_WEIGHTS } from "../app/.server/extract/builtin/confidence-weights";
import { builtinCandidates } from "../app/.server/extract/builtin/extractor";
import { normaliseEvents } from "../app/.server/extract/normalise";
import type { ExtractedEvent } from "../app/.server/extract/types";
import { readSource } from "./extract-source";

interface GoldFile {
  tz: string;
  now?: string;
  events: unknown[];
}
type Scorer = (pred: ExtractedEvent[], gold: unknown[], tz: string) => { matches: { pred: string }[] };

const evalDir = fileURLToPath(new URL("../../shared/eval/", import.meta.url));
const checkAt = process.argv.indexOf("--check");
const check = checkAt === -1 ? "b" : (process.argv[checkAt + 1] ?? "b");
// Not part of the build: the shared scorer is plain JavaScript beside the project.
const { scoreItem } = (await import(join(evalDir, "score.mjs"))) as { scoreItem: Scorer };

interface Example {
  x: number[];
  y: number;
  held: boolean;
}

const label = (e: ExtractedEvent) => `${e.start} ${String(e.eventName).slice(0, 70)}`;

async function examplesOf(corpus: string): Promise<Example[]> {
  const dir = join(evalDir, corpus);
  const examples: Example[] = [];
  for (const file of readdirSync(dir).toSorted()) {
    if (file.endsWith(".gold.json") || file.endsWith(".md")) continue;
    const base = file.slice(0, -extname(file).length);
    const gold = JSON.parse(readFileSync(join(dir, `${base}.gold.json`), "utf8")) as GoldFile;
    const document = await readSource(join(dir, file));
    const context = { now: gold.now ? new Date(gold.now) : (document.sentAt ?? new Date()), timeZone: gold.tz };
    const read = builtinCandidates(document, context).flatMap((c) => {
      const [event] = normaliseEvents([toExtractedEvent(c)], context);
      return event ? [{ c, event }] : [];
    });
    const matched = new Set(scoreItem(read.map((r) => r.event), gold.events, gold.tz).matches.map((m) => m.pred));
    const held = corpus === "real" && check.includes(base[0]!);
    for (const { c, event } of read) examples.push({ x: signalsOf(c), y: matched.has(label(event)) ? 1 : 0, held });
  }
  return examples;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
const score = (w: number[], x: number[]) => sigmoid(x.reduce((s, v, i) => s + v * w[i]!, 0));

const weightAt = process.argv.indexOf("--negative-weight");
/**
 * How much a wrong event counts against a right one. Most events read are right, so an
 * unweighted fit is sure of everything; a wrong event in the feed costs the parent more
 * than a question does.
 */
const NEGATIVE_WEIGHT = weightAt === -1 ? 4 : Number(process.argv[weightAt + 1]);

/** Logistic regression by gradient descent, a little L2 so a rare signal cannot run away. */
function fit(examples: Example[]): number[] {
  const w = SIGNALS.map(() => 0);
  const rate = 0.5;
  const l2 = 0.01;
  for (let step = 0; step < 4000; step++) {
    const grad = w.map(() => 0);
    for (const { x, y } of examples) {
      const error = (score(w, x) - y) * (y === 0 ? NEGATIVE_WEIGHT : 1);
      for (let i = 0; i < w.length; i++) grad[i]! += error * x[i]!;
    }
    for (let i = 0; i < w.length; i++) w[i]! -= rate * (grad[i]! / examples.length + (i === 0 ? 0 : l2 * w[i]!));
  }
  return w.map((v) => Math.round(v * 1000) / 1000);
}

function report(name: string, w: number[], examples: Example[]): string {
  const sure = examples.filter((e) => score(w, e.x) >= 0.5);
  const right = examples.filter((e) => e.y === 1);
  const sureRight = sure.filter((e) => e.y === 1).length;
  return `${name}: events ${examples.length}, right ${right.length} | sure ${sure.length}, of them right ${sureRight} (sure-P ${(sureRight / Math.max(1, sure.length)).toFixed(3)}, sure-R ${(sureRight / Math.max(1, right.length)).toFixed(3)}) | asked ${examples.length - sure.length} (${(((examples.length - sure.length) / Math.max(1, examples.length)) * 100).toFixed(0)} %)`;
}

/**
 * Would the model do better as a gate, dropping an event outright below a lower bar (issue
 * 29's "is this block an event")? For each bar: the right events it would lose and the wrong
 * ones it would remove. ADR 033 records why the answer, so far, is no.
 */
function gateReport(name: string, w: number[], examples: Example[]): string {
  const bars = [0.1, 0.2, 0.3, 0.4].map((bar) => {
    const dropped = examples.filter((e) => score(w, e.x) < bar);
    const right = dropped.filter((e) => e.y === 1).length;
    return `below ${bar}: ${right} right lost, ${dropped.length - right} wrong removed`;
  });
  return `as a gate, ${name}: ${bars.join("; ")}`;
}

const examples = [...(await examplesOf("dev")), ...(await examplesOf("real"))];
const fitted = examples.filter((e) => !e.held);
const held = examples.filter((e) => e.held);
// `--committed`: report the weights in confidence-weights.ts on today's extractor, without fitting or writing.
const committed = process.argv.includes("--committed");
const weights = committed ? [...CONFIDENCE_WEIGHTS] : fit(fitted);
console.info(SIGNALS.map((s, i) => `${s} ${weights[i]}`).join(", "));
const lines = [report(`fitted on dev and real without ${check}`, weights, fitted), report(`checked on real ${check}`, weights, held)];
console.info(lines.join("\n"));
console.info(gateReport("fitted", weights, fitted));
console.info(gateReport(`checked on ${check}`, weights, held));
if (committed) process.exit(0);

const out = fileURLToPath(new URL("../app/.server/extract/builtin/confidence-weights.ts", import.meta.url));
writeFileSync(
  out,
  `/**
 * Written by \`npm run fit:confidence\` (${new Date().toISOString().slice(0, 10)}); the order is \`SIGNALS\` in confidence.ts.
${lines.map((l) => ` * ${l}`).join("\n")}
 */
export const CONFIDENCE_WEIGHTS: readonly number[] = [
${SIGNALS.map((s, i) => `  ${weights[i]}, // ${s}`).join("\n")}
];
`,
);
console.info(`weights written to ${out}`);
