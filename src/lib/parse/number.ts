/** A printed numeric token, or why it is not one. */
export type ParsedNumber = { ok: true; value: number } | { ok: false; reason: string };

const PLAIN = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;

/**
 * Parses a number as benchmark tools print it: plain decimals, `1,000`-style thousands separators
 * and scientific notation. `inf`, `nan`, `N/A` and the like are refused, never turned into a value.
 */
export function parseNumber(token: string): ParsedNumber {
  const t = token.trim();
  if (PLAIN.test(t)) return { ok: true, value: Number(t) };
  if (THOUSANDS.test(t)) return { ok: true, value: Number(t.replace(/,/g, '')) };
  if (/^[+-]?(inf|infinity)$/i.test(t)) return { ok: false, reason: 'infinite value' };
  if (/^nan$/i.test(t)) return { ok: false, reason: 'not a number (NaN)' };
  if (/^(n\/a|none|null|not set)$/i.test(t)) return { ok: false, reason: 'no value was printed' };
  return { ok: false, reason: 'not a number' };
}

/** Seconds → ms without binary noise: 553.4 s is 553400 ms, not 553399.99999999994; exponents count. */
export function toMilliseconds(seconds: number, printed: string): number {
  const match = /^-?\d+(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(printed);
  const decimals = (match?.[1]?.length ?? 0) - Number(match?.[2] ?? 0);
  return Number((seconds * 1000).toFixed(Math.min(100, Math.max(0, decimals - 3))));
}
