/**
 * Scores child tagging on a fixture family (tests/fixtures/tagging): every
 * mail goes through the Worker's reader, the extraction pipeline and
 * tagChildren, and each gold event found by the extractor (same local day,
 * keyword in name or description) is compared with its expected children.
 *   npm exec tsx scripts/tagging-score.ts [dir] [--children family.json]
 * The corpus test (scripts/tagging-score.test.ts) holds the floors.
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { extractEvents } from "../app/.server/extract/pipeline";
import type { ExtractedEvent } from "../app/.server/extract/types";
import { childTagger } from "../app/.server/tagging/children";
import { readFamily } from "./tagging-family";
import { readSource } from "./extract-source";

interface GoldEvent {
  keywords: string[];
  start: string;
  children: string[];
}

export interface TaggedResult {
  file: string;
  keyword: string;
  start: string;
  expected: string[];
  /** Null when the extractor did not find the event: tagging is not scored on it. */
  actual: string[] | null;
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function mentions(event: ExtractedEvent, keyword: string): boolean {
  const k = fold(keyword).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^a-z0-9])${k}`).test(fold(`${event.eventName} ${event.description ?? ""}`));
}

export async function runTaggingCorpus(dir: string, familyFile = join(dir, "family.json")): Promise<TaggedResult[]> {
  const children = await readFamily(familyFile);
  const followed = JSON.parse(await readFile(join(dir, "watchlist.json"), "utf8")) as string[];
  const files = (await readdir(dir)).filter((f) => f.endsWith(".eml")).toSorted();
  const results: TaggedResult[] = [];
  for (const file of files) {
    const gold = JSON.parse(await readFile(join(dir, file.replace(/\.eml$/, ".gold.json")), "utf8")) as { tz: string; events: GoldEvent[] };
    const document = await readSource(join(dir, file));
    const events = await extractEvents(document, { now: document.sentAt ?? new Date(), timeZone: gold.tz });
    const tag = childTagger(document, children, followed);
    const used = new Set<number>();
    for (const g of gold.events) {
      const i = events.findIndex((e, j) => !used.has(j) && e.start.slice(0, 10) === g.start.slice(0, 10) && g.keywords.some((k) => mentions(e, k)));
      if (i >= 0) used.add(i);
      const actual = i >= 0 ? tag(events[i]!).toSorted() : null;
      results.push({ file, keyword: g.keywords[0]!, start: g.start, expected: g.children.toSorted(), actual });
    }
  }
  return results;
}

export function summariseTagging(results: TaggedResult[]) {
  const matched = results.filter((r) => r.actual !== null);
  const exact = matched.filter((r) => r.actual!.join() === r.expected.join());
  const unexpected = matched.filter((r) => r.actual!.some((id) => !r.expected.includes(id)));
  return {
    gold: results.length,
    matched: matched.length,
    exact: exact.length,
    exactShare: exact.length / Math.max(1, matched.length),
    withUnexpectedChild: unexpected.length,
  };
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const at = args.indexOf("--children");
  const familyFile = at >= 0 ? args.splice(at, 2)[1] : undefined;
  const dir = args[0] ?? fileURLToPath(new URL("../tests/fixtures/tagging", import.meta.url));
  const results = await runTaggingCorpus(dir, familyFile);
  for (const r of results) {
    const mark = r.actual === null ? "  (not extracted)" : r.actual.join() === r.expected.join() ? "" : "  <-- WRONG";
    process.stdout.write(`${r.file}  ${r.start}  ${r.keyword}: expected [${r.expected.join(", ")}] got [${r.actual?.join(", ") ?? "-"}]${mark}\n`);
  }
  process.stdout.write(`${JSON.stringify(summariseTagging(results))}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`tagging-score: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
