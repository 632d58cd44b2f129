/** Edit distance, for "did you mean" hints on misspelled ids and keys. */
export function editDistance(a: string, b: string): number {
  // One row of the table at a time: row[j] is the distance between a's prefix so far and b's first j characters.
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, substitution));
    }
    row = next;
  }
  return row[b.length] ?? 0;
}

/**
 * The closest candidate within a third of the word's length, or undefined. A word that is the
 * start of exactly one candidate is that candidate shortened (`vllm-bench` for `vllm-bench-serve`),
 * however many letters a nearer one shares (`trtllm-bench`).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const all = [...candidates];
  const lower = word.toLowerCase();
  const extended =
    lower.length >= 4 ? all.filter((c) => c.toLowerCase().startsWith(lower) && c.length > word.length) : [];
  if (extended.length === 1) return extended[0];
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of all) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best !== undefined && bestDistance <= Math.max(2, Math.ceil(word.length / 3)) ? best : undefined;
}

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const match = closest(word, candidates);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}
