import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTaggingCorpus, summariseTagging } from "./tagging-score";

const corpus = fileURLToPath(new URL("../tests/fixtures/tagging", import.meta.url));

describe("child tagging on the fixture family's mail", () => {
  it("tags at least 95% of the extracted events exactly and never adds a child that is not expected", async () => {
    const results = await runTaggingCorpus(corpus);
    const score = summariseTagging(results);
    expect(new Set(results.map((r) => r.file)).size).toBeGreaterThanOrEqual(30);
    // The extractor must find most gold events, or the tagging figure means little.
    expect(score.matched / score.gold).toBeGreaterThanOrEqual(0.9);
    expect(score.exactShare).toBeGreaterThanOrEqual(0.95);
    expect(results.filter((r) => r.actual?.some((id) => !r.expected.includes(id)))).toEqual([]);
  }, 60_000);

  it("never tags another family's children on this family's mail", async () => {
    const family = new Set(["Maya", "Leo", "Sofia"]);
    const results = await runTaggingCorpus(corpus, `${corpus}/other-family.json`);
    const tagged = results.flatMap((r) => r.actual ?? []);
    expect(tagged.filter((id) => family.has(id))).toEqual([]);
    expect(tagged.every((id) => ["Noah", "Emma", "Liam"].includes(id))).toBe(true);
  }, 60_000);
});
