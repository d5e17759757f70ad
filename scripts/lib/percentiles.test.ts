import { describe, expect, it } from "vitest";
import { median, percentile } from "./percentiles";

describe("percentile", () => {
  it("picks the nearest-rank value, whatever the input order", () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i); // 200 … 1
    expect(percentile(values, 95)).toBe(190);
    expect(percentile(values, 100)).toBe(200);
    expect(percentile(values, 0)).toBe(1);
    expect(median(values)).toBe(100);
  });

  it("handles one value and no values", () => {
    expect(median([7])).toBe(7);
    expect(percentile([], 95)).toBeNull();
  });

  it("does not reorder the caller's array", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
});
