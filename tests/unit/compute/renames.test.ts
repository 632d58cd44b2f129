// renamedFrom (guide.yaml): each former id becomes a page that sends readers to the guide, so it
// may be no guide's id now and be named by one guide only (src/lib/compute/renames.ts).
import { describe, expect, it } from 'vitest';
import { renameConflicts } from '../../../src/lib/compute/renames.ts';
import { formatDiagnostic } from '../../../src/lib/diagnostics/diagnostics.ts';
import { GuideSchema } from '../../../src/lib/schema/guide-yaml.ts';

const yaml = (ids: string[]) => `model: x\nrenamedFrom:\n${ids.map((id) => `  - ${id}\n`).join('')}`;
const guide = (id: string, renamedFrom: string[]) => ({
  id,
  file: `content/guides/${id}/guide.yaml`,
  text: yaml(renamedFrom),
  renamedFrom,
});

describe('renameConflicts', () => {
  it('former ids no guide has, each named once: no problem', () => {
    expect(renameConflicts(['m/a', 'm/b'], [guide('m/a', ['m/old-a']), guide('m/b', ['m/old-b', 'n/b'])])).toEqual([]);
  });

  it('a former id that is a guide now, or that two guides name, is an error at its line', () => {
    const found = renameConflicts(
      ['m/a', 'm/b'],
      [guide('m/a', ['m/b']), guide('m/b', ['m/old']), guide('m/a', ['m/gone', 'm/old'])],
    ).map(formatDiagnostic);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(
      /^content\/guides\/m\/a\/guide\.yaml:3(:\d+)?: error E_RENAMED_FROM: renamedFrom names "m\/b", a guide that exists/,
    );
    expect(found[1]).toMatch(
      /guide\.yaml:4(:\d+)?: error E_RENAMED_FROM: renamedFrom names "m\/old", which m\/b also names/,
    );
  });
});

describe('renamedFrom in guide.yaml', () => {
  const shape = GuideSchema.shape.renamedFrom;
  it('takes guide ids as their folders are named', () => {
    expect(shape.safeParse(['glm-4.x/h200', 'qwen3_8b/h100-latency']).success).toBe(true);
    for (const bad of [['../etc'], ['glm/../x'], ['GLM/H200'], ['one-part'], ['a/b/c'], []])
      expect(shape.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
