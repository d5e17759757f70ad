/**
 * npm run bench:feed — the feed model (range expansion, day and month groups,
 * Latest Events, the new-events count) for 2,000 events, timed over repeated
 * runs. Budget: a median of 20 ms or less.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { median, percentile } from "./lib/percentiles";

// Loaded by path: the app's modules are outside the scripts' TypeScript project.
const root = join(import.meta.dirname, "..");
const importFromRoot = (path: string) => import(pathToFileURL(join(root, path)).href);

interface FeedShape {
  items: unknown[];
  days: unknown[];
  months: unknown[];
}
const { buildFeed } = (await importFromRoot("app/lib/feed/build.ts")) as {
  buildFeed: (events: unknown[], clock: { timeZone: string; today: string; now: number }) => FeedShape;
};
const { sampleEvents } = (await importFromRoot("tests/e2e/feed-sample.ts")) as {
  sampleEvents: (count: number, ranges: number, from: number) => unknown[];
};

const EVENTS = 2_000;
const RANGES = Math.round(EVENTS * (40 / 300));
const RUNS = 100;
/** Runs before timing starts, so the figure is the optimised code, as after a few renders. */
const WARM_UP = 20;
const BUDGET_MS = 20;
const timeZone = "America/Toronto";

const now = Date.now();
const events = sampleEvents(EVENTS, RANGES, now);
const today = new Date(now).toLocaleDateString("en-CA", { timeZone });
const clock = { timeZone, today, now };

// A cold first run: the phone pays for it once per page load, so it is reported too.
const coldStart = performance.now();
let feed = buildFeed(events, clock);
const cold = performance.now() - coldStart;

for (let run = 0; run < WARM_UP; run++) buildFeed(events, clock);
const times: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const start = performance.now();
  feed = buildFeed(events, clock);
  times.push(performance.now() - start);
}
const middle = median(times)!;
const p95 = percentile(times, 95)!;

console.log(`feed model: ${EVENTS} events (${RANGES} ranges) → ${feed.items.length} items, ${feed.days.length} days, ${feed.months.length} months`);
console.log(`cold ${cold.toFixed(1)} ms · median ${middle.toFixed(2)} ms · p95 ${p95.toFixed(2)} ms over ${RUNS} runs (budget ${BUDGET_MS} ms)`);
if (middle > BUDGET_MS) {
  console.error(`Over budget: median ${middle.toFixed(2)} ms > ${BUDGET_MS} ms`);
  process.exitCode = 1;
}
