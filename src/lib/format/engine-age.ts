// Which guides were measured on an older engine release than another guide of the site used: the
// guide page marks them (decision-view.ts). Computed at build time from every guide's freshness.
import type { ComputedGuide } from '../schema/computed.ts';

/** A version's release numbers, "v0.5.6.post2" → [0, 5, 6]; undefined when it starts with none. */
export function releaseNumbers(version: string): number[] | undefined {
  const match = /^v?(\d+(?:\.\d+)*)/.exec(version.trim());
  return match?.[1]?.split('.').map(Number);
}

/**
 * -1, 0 or 1 as `a`'s release numbers are below, equal to or above `b`'s (missing parts count as
 * 0); undefined when either has none. Only the numbers are compared: what follows them (post2,
 * rc1, RC1) orders differently from one engine to another, so two versions of one release are
 * never called older or newer.
 */
export function compareReleases(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = releaseNumbers(a);
  const y = releaseNumbers(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/** The newest release of each engine on the site, and the first guide (by id) measured on it. */
export type NewestEngines = ReadonlyMap<string, { version: string; guide: string }>;

export function newestEngines(guides: readonly Pick<ComputedGuide, 'id' | 'decision'>[]): NewestEngines {
  const newest = new Map<string, { version: string; guide: string }>();
  for (const guide of [...guides].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)))
    for (const engine of guide.decision.freshness.engines) {
      if (!engine.version) continue;
      const known = newest.get(engine.id);
      if (!known || compareReleases(engine.version, known.version) === 1)
        newest.set(engine.id, { version: engine.version, guide: guide.id });
    }
  return newest;
}

/** A guide's engines whose release is below the newest another guide of the site was measured on. */
export function olderEngines(guide: Pick<ComputedGuide, 'decision'>, newest: NewestEngines) {
  return guide.decision.freshness.engines.flatMap((engine) => {
    const top = newest.get(engine.id);
    return engine.version && top && compareReleases(engine.version, top.version) === -1
      ? [{ name: engine.name, version: engine.version, newer: top.version, guide: top.guide }]
      : [];
  });
}
