/**
 * JSON with object keys sorted and a trailing newline, so the same data always serializes to the
 * same bytes and diffs of committed data stay small. Array order is the caller's and is kept.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

/**
 * The value with every object's keys in sorted order and undefined fields dropped. A part already
 * in that shape is returned as it is, not copied: ingest sorts every run of every guide.
 */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    let copied = false;
    const items = value.map((item: unknown) => {
      const sorted = sortKeys(item);
      if (sorted !== item) copied = true;
      return sorted;
    });
    return copied ? items : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  // Only a plain object is kept as it is: JSON.stringify would call a Date's toJSON, a copy has none.
  const prototype: unknown = Object.getPrototypeOf(source);
  let inOrder = prototype === Object.prototype || prototype === null;
  const fields: [string, unknown][] = [];
  let previousKey: string | undefined;
  for (const key of keys) {
    const field = source[key];
    if (field === undefined) {
      inOrder = false;
    } else {
      const sorted = sortKeys(field);
      if (sorted !== field || (previousKey !== undefined && previousKey > key)) inOrder = false;
      fields.push([key, sorted]);
    }
    previousKey = key;
  }
  if (inOrder) return value;
  // By UTF-16 code unit; the object then lists index-like keys first, as JavaScript objects always
  // do, so the output is JSON.stringify's of a key-sorted copy.
  fields.sort(([a], [b]) => (a < b ? -1 : 1));
  const sorted: Record<string, unknown> = {};
  for (const [key, field] of fields) sorted[key] = field;
  return sorted;
}
