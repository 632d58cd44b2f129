/**
 * JSON with object keys sorted and a trailing newline, so the same data always serializes to the
 * same bytes and diffs of committed data stay small. Array order is the caller's and is kept.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/** stableJson without indentation, one line and a trailing newline: the published API files, read by programs. */
export function stableCompactJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value))}\n`;
}

/**
 * The value with every object's keys in sorted order and undefined fields dropped. A part already
 * in that shape is returned as it is, not copied, and nothing is allocated to find that out:
 * ingest sorts every run of every guide, nearly all of them already in order but their metrics.
 */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let items: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object') continue;
      const sorted = sortKeys(item);
      if (sorted !== item) (items ??= [...(value as unknown[])])[i] = sorted;
    }
    return items ?? value;
  }
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  // Only a plain object is kept as it is: JSON.stringify would call a Date's toJSON, a copy has none.
  const prototype: unknown = Object.getPrototypeOf(source);
  let inOrder = prototype === Object.prototype || prototype === null;
  let changed: Map<string, unknown> | undefined;
  let previousKey: string | undefined;
  for (const key of keys) {
    const field = source[key];
    if (field === undefined) inOrder = false;
    else if (field !== null && typeof field === 'object') {
      const sorted = sortKeys(field);
      if (sorted !== field) (changed ??= new Map()).set(key, sorted);
    }
    if (previousKey !== undefined && previousKey > key) inOrder = false;
    previousKey = key;
  }
  if (inOrder && changed === undefined) return value;
  // By UTF-16 code unit; the object then lists index-like keys first, as JavaScript objects always
  // do, so the output is JSON.stringify's of a key-sorted copy. fromEntries makes each key an own
  // field, "__proto__" too.
  return Object.fromEntries(
    keys
      .filter((key) => source[key] !== undefined)
      .sort((a, b) => (a < b ? -1 : 1))
      .map((key) => [key, changed?.has(key) ? changed.get(key) : source[key]]),
  );
}
