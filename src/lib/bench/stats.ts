// Small statistics for benchmark figures.

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** `12.3 s (11.9–13.0)` for several runs, `12.3 s` for one. */
export function describeRuns(values: readonly number[], unit: string, decimals = 1): string {
  const fixed = (v: number) => v.toFixed(decimals);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return values.length > 1
    ? `${fixed(median(values))} ${unit} (${fixed(low)}–${fixed(high)})`
    : `${fixed(median(values))} ${unit}`;
}
