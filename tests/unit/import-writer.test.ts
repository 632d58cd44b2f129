// npm run import's writer (src/pipeline/import-writer.ts) and the draft's file list: the import
// writes its whole guide or nothing. Run in a scratch site (PERFLAB_ROOT, set before the pipeline
// loads): a move that fails half-way is undone, and two blocks on one path are a page problem.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DraftFiles } from '../../src/lib/import/draft-files.ts';

const root = mkdtempSync(join(tmpdir(), 'perflab-import-writer-'));
mkdirSync(join(root, 'data/raw'), { recursive: true });
mkdirSync(join(root, 'content/guides'), { recursive: true });
vi.stubEnv('PERFLAB_ROOT', root);
const { importTargetProblem, writeImport } = await import('../../src/pipeline/import-writer.ts');
vi.unstubAllEnvs();
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = {
  raw: new Map([
    ['engine/vllm.txt', 'block one\n'],
    ['cases/main/baseline.txt', 'block two\n'],
  ]),
  guideYaml: 'title: draft\n',
  enMd: '# draft\n',
  problems: [],
};

describe('writeImport', () => {
  it('writes every file at once, leaving no staging folder, and refuses the same guide again', () => {
    // What an interrupted import left is removed first.
    mkdirSync(join(root, 'data/.import-staging/raw/old'), { recursive: true });
    writeImport('tiny/h100', files);
    expect(readFileSync(join(root, 'data/raw/tiny/h100/cases/main/baseline.txt'), 'utf8')).toBe('block two\n');
    expect(readFileSync(join(root, 'content/guides/tiny/h100/guide.yaml'), 'utf8')).toBe('title: draft\n');
    expect(readdirSync(join(root, 'data'))).toEqual(['raw']);
    expect(importTargetProblem('tiny/h100')).toBe(
      'content/guides/tiny/h100 already exists (pass another <model>/<hardware>)',
    );
  });

  it('when the second folder cannot be moved into place, moves the first back: nothing is written', () => {
    // The content folder appears after the check (another process, a race): its move is refused.
    mkdirSync(join(root, 'content/guides/tiny/a100'), { recursive: true });
    writeFileSync(join(root, 'content/guides/tiny/a100/keep.txt'), 'theirs');
    expect(() => writeImport('tiny/a100', files)).toThrow('content/guides/tiny/a100 already exists');
    expect(existsSync(join(root, 'data/raw/tiny/a100'))).toBe(false);
    expect(existsSync(join(root, 'data/.import-staging'))).toBe(false);
    expect(readdirSync(join(root, 'content/guides/tiny/a100'))).toEqual(['keep.txt']);
  });
});

describe('DraftFiles', () => {
  it('refuses a second block on a path, or on a path one file makes a folder, at the later line', () => {
    const draft = new DraftFiles();
    draft.add('cases/x.txt', 'one', 10);
    draft.add('cases/x.txt/baseline.txt', 'two', 20);
    draft.add('Cases/X.txt', 'three', 30);
    draft.add('cases', 'four', 40);
    draft.add('cases/y.txt', 'five', 50);
    expect([...draft.texts.keys()]).toEqual(['cases/x.txt', 'cases/y.txt']);
    expect(draft.problems.map((p) => [p.line, p.message.replace(/: give one.*/, '')])).toEqual([
      [
        20,
        'this block would be written to data/raw/<guide>/cases/x.txt/baseline.txt, where the block at line 10 already goes (cases/x.txt)',
      ],
      [
        30,
        'this block would be written to data/raw/<guide>/Cases/X.txt, where the block at line 10 already goes (Cases/X.txt)',
      ],
      [40, 'this block would be written to data/raw/<guide>/cases, where the block at line 10 already goes (cases)'],
    ]);
  });
});
