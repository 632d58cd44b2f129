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
  const extended = extensionsOf(word, all);
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

/** The candidates `word` (4 characters or more) is the start of: `vllm-bench` of `vllm-bench-serve` and `vllm-bench-sweep`. */
function extensionsOf(word: string, candidates: readonly string[]): string[] {
  const lower = word.toLowerCase();
  return lower.length >= 4 ? candidates.filter((c) => c.toLowerCase().startsWith(lower) && c.length > word.length) : [];
}

/** How many candidates a shortened word may stand for before a hint naming them all says nothing. */
const MAX_EXTENSIONS = 3;

export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const all = [...candidates];
  // A word several candidates start with is any of them shortened: name each, not a nearer other.
  const extended = extensionsOf(word, all);
  if (extended.length > 1 && extended.length <= MAX_EXTENSIONS)
    return `did you mean ${extended.map((c) => `"${c}"`).join(' or ')}?`;
  const match = closest(word, all);
  return match === undefined ? undefined : `did you mean "${match}"?`;
}
