/**
 * JSON with object keys sorted and a trailing newline, so the same data always serializes to the
 * same bytes and diffs of committed data stay small. Array order is the caller's and is kept.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, field]) => field !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, field]) => [key, sortKeys(field)]),
    );
  }
  return value;
}
