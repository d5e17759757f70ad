import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCorpus, summarise } from "./extract-corpus";

const corpus = fileURLToPath(new URL("../tests/fixtures/extract", import.meta.url));

describe("the built-in extractor on Cubby's fixture corpus", () => {
  it("keeps corpus-level precision and recall above their floors and finds nothing in negatives", async () => {
    const results = await runCorpus(corpus);
    expect(results.length).toBeGreaterThanOrEqual(60);
    const score = summarise(results);
    const misses = results.filter((r) => r.matched < r.gold || r.predicted > r.matched).map((r) => `${r.file} ${r.matched}/${r.gold} of ${r.predicted}`);
    expect(score.precision, misses.join("\n")).toBeGreaterThanOrEqual(0.92);
    expect(score.recall, misses.join("\n")).toBeGreaterThanOrEqual(0.92);
    expect(score.negativeFalsePositives).toBe(0);
  }, 60_000);
});
