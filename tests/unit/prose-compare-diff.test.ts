// The review report's prose and compare sections (prose-diff.ts, compare-diff.ts), on the GLM-4.x
// guides' committed data/prose and data/compare.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareDiffLines } from '../../src/lib/review/compare-diff.ts';
import { changedLines, proseDiffLines } from '../../src/lib/review/prose-diff.ts';
import { ComputedCompareSchema, type ComputedCompare } from '../../src/lib/schema/computed-compare.ts';
import { ComputedProseSchema, type ComputedProse } from '../../src/lib/schema/computed-prose.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { allNodes, expectInertReport } from '../helpers/github-markdown.ts';

const id = 'glm-4.x/h200';
const read = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as unknown;
const prose: ComputedProse = ComputedProseSchema.parse(read(`data/prose/${id}.json`));
const page: ComputedCompare = ComputedCompareSchema.parse(read('data/compare/model/glm-4.x.json'));
const withSlot = (slot: string, text: string): ComputedProse => ({
  ...prose,
  en: { ...prose.en, slots: { ...prose.en.slots, [slot]: text } },
});

describe('changedLines', () => {
  it('keeps only the lines between what both versions start and end with', () => {
    expect(changedLines('a\nb\nc\nd', 'a\nB\nC\nd')).toEqual({ removed: ['b', 'c'], added: ['B', 'C'] });
    expect(changedLines('a\nb', 'a\nb\nc')).toEqual({ removed: [], added: ['c'] });
    expect(changedLines('a\nb\na', 'a\na')).toEqual({ removed: ['b'], added: [] });
    expect(changedLines('same', 'same')).toEqual({ removed: [], added: [] });
  });
});

describe('proseDiffLines', () => {
  it('is empty when no prose changed', () => {
    expect(proseDiffLines(new Map([[id, prose]]), new Map([[id, prose]]))).toEqual([]);
  });

  it('shows the changed paragraph of a slot, and a changed title', () => {
    const notes = prose.en.slots.notes ?? '';
    const paragraphs = notes.split('\n');
    const edited = [...paragraphs.slice(0, 1), 'A sentence of our own.', ...paragraphs.slice(2)].join('\n');
    const after = withSlot('notes', edited);
    const retitled = { ...after, en: { ...after.en, title: 'Another title' } };
    const lines = proseDiffLines(new Map([[id, prose]]), new Map([[id, retitled]]));
    expect(lines).toEqual([
      '## Prose that changed',
      '',
      `- **${id}**, en, title: ${prose.en.title} → **Another title**`,
      `- **${id}**, en, slot notes:`,
      '',
      '  ```diff',
      `  - ${paragraphs[1]}`,
      '  + A sentence of our own.',
      '  ```',
      '',
    ]);
  });

  it('compares a renamed guide with its prose under the old id', () => {
    const after = withSlot('objective', 'Another objective.');
    const renamed = proseDiffLines(
      new Map([[id, prose]]),
      new Map([['glm-4.x/h200-sxm', after]]),
      new Map([['glm-4.x/h200-sxm', id]]),
    );
    expect(renamed).toContain('  + Another objective.');
    expect(renamed.join('\n')).not.toContain('new prose');
  });

  it('reports an untranslated zh page once, under en', () => {
    const untranslated = { ...prose, zh: { ...prose.en, untranslated: true as const } };
    const lines = proseDiffLines(new Map([[id, prose]]), new Map([[id, untranslated]]));
    expect(lines).toEqual([
      '## Prose that changed',
      '',
      `- **${id}**, zh: no translation any more; the page shows the English prose.`,
      '',
    ]);
  });

  it('hostile prose is text in the report: a line cannot close the fence, HTML and mentions stay inert', () => {
    const hostile = ['```', '</details><img src=x onerror=alert(1)> @org/team #1', '[link](https://evil.example)'].join(
      '\n',
    );
    const report = [
      '# report',
      '',
      ...proseDiffLines(new Map([[id, prose]]), new Map([[id, withSlot('notes', hostile)]])),
    ].join('\n');
    const code = allNodes(expectInertReport(report)).filter((node) => node.type === 'code');
    // One diff block, holding every hostile line as it was written.
    expect(code.map((node) => node.lang)).toEqual(['diff']);
    expect(
      code[0]?.value
        ?.replace(/\u200D/g, '')
        .split('\n')
        .slice(-3),
    ).toEqual(hostile.split('\n').map((line) => `+ ${line}`));
  });
});

describe('compareDiffLines', () => {
  it('is empty when no selection changed', () => {
    expect(compareDiffLines([page], [page])).toEqual([]);
  });

  it('names a case no longer shared, a metric no longer beside it, and new and removed pages', () => {
    const [first] = page.shared;
    expect(first).toBeDefined();
    const fewer: ComputedCompare = {
      ...page,
      shared: [{ ...first!, entries: first!.entries.slice(0, 2), secondary: [] }],
    };
    const where = `Compare model **${page.slug}**, case ${first!.key} by Total TPS`;
    const entries = (n: number) =>
      first!.entries
        .slice(0, n)
        .map((e) => `${e.guide} (${e.case})`)
        .join(', ');
    expect(compareDiffLines([page], [fewer])).toEqual([
      '## Compare pages whose selection changed',
      '',
      `- ${where}: ${entries(3)} → **${entries(2)}**.`,
      `- ${where}, beside it: Mean TPOT → **none**.`,
      '',
    ]);
    expect(compareDiffLines([], [page])).toContain(
      `- Compare model **${page.slug}**: new page, of ${page.guides.join(', ')}.`,
    );
    expect(compareDiffLines([page], [])).toContain(`- Compare model **${page.slug}**: removed.`);
    expect(compareDiffLines([page], [{ ...page, shared: [] }])).toContain(
      `- ${where}: no longer compared (was ${entries(3)}).`,
    );
  });
});
