/**
 * Percentiles for benchmark figures, nearest-rank: the reported value is one
 * that was really measured, and p95 of 200 samples is the 190th smallest.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null;
  if (p < 0 || p > 100) throw new RangeError(`Percentile must be 0-100, got ${p}`);
  const sorted = values.toSorted((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export function median(values: readonly number[]): number | null {
  return percentile(values, 50);
}
