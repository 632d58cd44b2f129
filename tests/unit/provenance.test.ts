// Every number in the guides' tables points at the raw line that printed it, and that line does
// print it: a reader (or reviewer) can go from any cell to its evidence.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideView, type MeasuredCell } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

function lineAt(source: string): string {
  const [file, line] = [source.slice(0, source.lastIndexOf(':')), Number(source.slice(source.lastIndexOf(':') + 1))];
  return readFileSync(join(repoRoot, file), 'utf8').split('\n')[line - 1]!;
}

const numberOf = (text: string) => text.split(': ')[1]!.replace(/x\d+$/, '');

for (const id of ['glm-5.2/h200', 'glm-4.x/h200']) {
  describe(`${id} provenance`, () => {
    const guide = buildFromDisk(id).guide!;
    const view = guideView(guide, { title: '', description: '', slots: {} }, 'en');
    const cells: MeasuredCell[] = [
      ...view.conclusion.comparison!.table.rows.flatMap((r) => [r.baseline, r.optimized]),
      ...view.optimizationSummary.rows.flatMap((r) =>
        r.cells.filter((c): c is MeasuredCell => typeof c !== 'string' && 'primary' in c),
      ),
    ];

    it('each table number is printed on the raw line it names', () => {
      expect(cells.length).toBeGreaterThan(4);
      for (const cell of cells) {
        expect(lineAt(cell.primary.source), cell.primary.source).toContain(numberOf(cell.primary.text));
        expect(lineAt(cell.primary.source)).toMatch(/Total Token throughput/i);
        for (const line of cell.secondary) expect(lineAt(line.source), line.source).toContain(numberOf(line.text));
      }
    });

    it('each metric of each run names a line that prints its value', () => {
      for (const step of guide.steps) {
        for (const variant of step.variants) {
          if (!variant.measured) continue;
          const line = lineAt(`${guide.runs[variant.measured.runId]!.file}:${variant.measured.primary.line}`);
          expect(line).toContain(variant.measured.primary.printed);
        }
      }
    });
  });
}
