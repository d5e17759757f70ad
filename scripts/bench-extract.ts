/**
 * `npm run bench:extract`: the built-in extractor's speed per message, in
 * this process (no server), over the yardstick corpora beside the project
 * (../shared/eval/dev and ../shared/eval/real): reading plus extraction, the
 * work the queue job does for one mail. Median and p95 of several passes.
 * Budget (issue 12): ≤ 10 ms median per mail.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { extractEvents } from "../app/.server/extract/pipeline";
import { readSource } from "./extract-source";

const BUDGET_MEDIAN_MS = 10;
const PASSES = 5;
const evalDir = fileURLToPath(new URL("../../shared/eval/", import.meta.url));

interface Item {
  file: string;
  now: Date | null;
  timeZone: string;
}

async function itemsOf(corpus: string): Promise<Item[]> {
  const dir = join(evalDir, corpus);
  const names = (await readdir(dir)).filter((n) => /\.(?:eml|txt|html|pdf|ics)$/.test(n));
  return Promise.all(
    names.map(async (name) => {
      const gold = JSON.parse(await readFile(join(dir, name.replace(/\.[^.]+$/, ".gold.json")), "utf8")) as { tz: string; now?: string };
      return { file: join(dir, name), now: gold.now ? new Date(gold.now) : null, timeZone: gold.tz };
    }),
  );
}

async function timeOne(item: Item): Promise<number> {
  const started = performance.now();
  const document = await readSource(item.file);
  await extractEvents(document, { now: item.now ?? document.sentAt ?? new Date(), timeZone: item.timeZone });
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const items = [...(await itemsOf("dev")), ...(await itemsOf("real"))];
for (const item of items) await timeOne(item); // warm-up: module loading and first-use regexes
const times: number[] = [];
for (let pass = 0; pass < PASSES; pass++) for (const item of items) times.push(await timeOne(item));
times.sort((a, b) => a - b);
const median = percentile(times, 50);
console.log(`extractor on ${items.length} messages × ${PASSES} passes: median ${median.toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms per message (budget: median ≤ ${BUDGET_MEDIAN_MS} ms)`);
process.exit(median <= BUDGET_MEDIAN_MS ? 0 : 1);
