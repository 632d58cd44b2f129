/**
 * The one place numbers are rounded and formatted. Rounding is half away from zero on the decimal
 * value (1.005 → 1.01), after removing binary noise left by subtraction (2.3799999999992 → 2.38).
 */
export function roundTo(value: number, decimals: number): number {
  const clean = Number(value.toFixed(10));
  const shifted = Number(`${Math.abs(clean)}e${decimals}`);
  const rounded = Number(`${Math.round(shifted)}e-${decimals}`);
  return clean < 0 ? -rounded : rounded;
}

/** Fixed decimals, no grouping: "5481.90" (the seeds never group digits, in either language). */
export function formatFixed(value: number, decimals: number): string {
  const rounded = roundTo(value, decimals);
  const text = rounded.toFixed(decimals);
  return text === `-${(0).toFixed(decimals)}` ? (0).toFixed(decimals) : text;
}

/** A figure where room is short (the index's cells): whole numbers from 100 up ("2191"), 2 decimals below ("85.31"). */
export function formatCompact(value: number): string {
  return formatFixed(value, Math.abs(value) >= 100 ? 0 : 2);
}

/** "+219.70%" / "-0.04%": the sign always shown, as in the seeds' before/after tables. */
export function formatSignedPercent(value: number, decimals: number): string {
  const text = formatFixed(value, decimals);
  return `${text.startsWith('-') ? '' : '+'}${text}%`;
}

/** "18.34%": an unsigned percentage, as in the summary sentences. */
export function formatPercent(value: number, decimals: number): string {
  return `${formatFixed(value, decimals)}%`;
}

/** Derived numbers are stored with 10 decimals: enough for any display, no binary noise in the JSON. */
export function stored(value: number): number {
  return Number(value.toFixed(10));
}
