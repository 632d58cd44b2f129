import type { Measured } from '../schema/computed.ts';

/** The one ranking of perflab: best first by score, in the objective's direction; ties keep their order. */
export function byScore(primaryHigher: boolean) {
  return (a: { measured: Measured }, b: { measured: Measured }): number =>
    primaryHigher ? b.measured.score - a.measured.score : a.measured.score - b.measured.score;
}

export function ranked<T extends { measured: Measured }>(items: readonly T[], primaryHigher: boolean): T[] {
  return [...items].sort(byScore(primaryHigher));
}

/** The worst item; of several equally bad, the first. */
export function worstOf<T extends { measured: Measured }>(items: readonly T[], primaryHigher: boolean): T | undefined {
  const compare = byScore(primaryHigher);
  return items.reduce<T | undefined>(
    (worst, item) => (worst === undefined || compare(worst, item) < 0 ? item : worst),
    undefined,
  );
}
