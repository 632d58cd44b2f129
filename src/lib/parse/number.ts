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
