/**
 * Runs a gold corpus (shared/eval format) through the same readers and
 * pipeline as the CLI, in-process, and scores it simply: a prediction matches
 * a gold event on the same local day whose keyword it contains. Used by the
 * corpus test (quality floors) and the benchmark (time per item).
 */
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { extractEvents } from "../app/.server/extract/pipeline";
import type { ExtractedEvent } from "../app/.server/extract/types";
import { readSource } from "./extract-source";

interface GoldEvent {
  keywords: string[];
  start: string;
}

export interface ItemResult {
  file: string;
  gold: number;
  predicted: number;
  matched: number;
  ms: number;
}

const fold = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

function mentions(event: ExtractedEvent, keyword: string): boolean {
  const text = fold(`${event.eventName} ${event.description ?? ""}`);
  const k = fold(keyword).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^a-z0-9])${k}`).test(text);
}

function countMatches(gold: GoldEvent[], predicted: ExtractedEvent[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const g of gold) {
    const i = predicted.findIndex((p, j) => !used.has(j) && p.start.slice(0, 10) === g.start.slice(0, 10) && g.keywords.some((k) => mentions(p, k)));
    if (i >= 0) {
      used.add(i);
      matched++;
    }
  }
  return matched;
}

export async function runCorpus(dir: string): Promise<ItemResult[]> {
  const files = (await readdir(dir)).filter((f) => !f.endsWith(".gold.json") && /\.(eml|html|txt|pdf|ics)$/.test(f)).toSorted();
  const results: ItemResult[] = [];
  for (const file of files) {
    const goldPath = join(dir, file.replace(/\.[^.]+$/, ".gold.json"));
    const gold = JSON.parse(await readFile(goldPath, "utf8")) as { tz: string; now?: string; events: GoldEvent[] };
    const started = performance.now();
    const document = await readSource(join(dir, file));
    const now = gold.now ? new Date(gold.now) : (document.sentAt ?? new Date());
    const events = await extractEvents(document, { now, timeZone: gold.tz });
    const ms = performance.now() - started;
    results.push({ file, gold: gold.events.length, predicted: events.length, matched: countMatches(gold.events, events), ms });
  }
  return results;
}

export function summarise(results: ItemResult[]) {
  const sum = (f: (r: ItemResult) => number) => results.reduce((n, r) => n + f(r), 0);
  const precision = sum((r) => r.matched) / Math.max(1, sum((r) => r.predicted));
  const recall = sum((r) => r.matched) / Math.max(1, sum((r) => r.gold));
  const times = results.map((r) => r.ms).toSorted((a, b) => a - b);
  return {
    precision,
    recall,
    f1: (2 * precision * recall) / Math.max(1e-9, precision + recall),
    negativeFalsePositives: sum((r) => (r.gold === 0 ? r.predicted : 0)),
    medianMs: times[Math.floor(times.length / 2)] ?? 0,
    maxMs: times[times.length - 1] ?? 0,
  };
}
