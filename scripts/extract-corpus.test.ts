import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCorpus, summarise } from "./extract-corpus";

const corpus = fileURLToPath(new URL("../tests/fixtures/extract", import.meta.url));

describe("the built-in extractor on Cubby's fixture corpus", () => {
  it("keeps corpus-level precision and recall above their floors and finds nothing in negatives", async () => {
    const results = await runCorpus(corpus);
    expect(results.length).toBeGreaterThanOrEqual(60);
    const score = summarise(results);
    expect(score.precision).toBeGreaterThanOrEqual(0.92);
    expect(score.recall).toBeGreaterThanOrEqual(0.92);
    expect(score.negativeFalsePositives).toBe(0);
  }, 60_000);
});
