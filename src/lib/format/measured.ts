import type { Direction } from '../schema/metric.ts';
import { formatFixed } from './number.ts';

/**
 * A measured value as pages, downloads and reports show it: 2 decimals (3 for accuracy
 * fractions), the precision the printed blocks use, so a JSON source's 4862.502448679064 reads
 * 4862.50 like its block.
 */
export function shown(cell: { value: number; unit: string }): string {
  return formatFixed(cell.value, cell.unit === 'fraction' ? 3 : 2);
}

/** "2", or "1.33" for a replica count that is not whole. */
export function formatScale(scale: number): string {
  return Number.isInteger(scale) ? String(scale) : formatFixed(scale, 2);
}

/** "7081.34" or, for a configuration replicated to fill the machine, "7081.34x2". */
export function scaledText(measured: { primary: { value: number; unit: string }; scale: number }): string {
  return measured.scale === 1 ? shown(measured.primary) : `${shown(measured.primary)}x${formatScale(measured.scale)}`;
}

/** Whether a change of the objective metric by `percent` is an improvement (a rounded 0 counts as one). */
export function isImprovement(percent: number, decimals: number, direction: Direction): boolean {
  const rounded = Number(formatFixed(percent, decimals));
  return direction === 'lower' ? rounded <= 0 : rounded >= 0;
}
