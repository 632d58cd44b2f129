import type { ComparePageKind } from '../schema/computed-compare.ts';
import { hardwareSlugOf } from '../schema/guide-yaml.ts';

/** What names a guide's compare pages: its id and its machine. */
type Placed = { id: string; hardware: { name: string } };

/** "glm-4.x": the model part of a guide id, which names its compare page. */
export const modelSlug = (guide: Pick<Placed, 'id'>) => guide.id.split('/')[0] ?? guide.id;
/** "nvidia-h200": a machine's compare page. */
export const hardwareSlug = (guide: Placed) => hardwareSlugOf(guide.hardware.name);

/** Every compare page: models with guides on two or more machines, machines with two or more models. */
export function comparePages(all: readonly { guide: Placed }[]): { kind: ComparePageKind; slug: string }[] {
  const count = (slugOf: (g: Placed) => string) => {
    const counts = new Map<string, number>();
    for (const { guide } of all) counts.set(slugOf(guide), (counts.get(slugOf(guide)) ?? 0) + 1);
    return [...counts]
      .filter(([, n]) => n > 1)
      .map(([slug]) => slug)
      .sort();
  };
  return [
    ...count(modelSlug).map((slug) => ({ kind: 'model' as const, slug })),
    ...count(hardwareSlug).map((slug) => ({ kind: 'hardware' as const, slug })),
  ];
}

/** The slug of the compare page of `kind` a guide belongs on. */
export const slugOf = (kind: ComparePageKind, guide: Placed) =>
  kind === 'model' ? modelSlug(guide) : hardwareSlug(guide);
