// What perflab prints about a hostile pull request's files must be the lines it means: a file name
// with a line break or a terminal escape is reported, escaped, on its own diagnostic line. Each case
// runs the real CLI on a scratch copy of the repository.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, errorAt } from '../../src/lib/diagnostics/diagnostics.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-names-');
afterAll(() => repo.remove());

describe('a raw file name that could forge a line of check', () => {
  it('is an E_FILE_NAME error on one line, its line break escaped, and nothing forged', () => {
    // A name holds no "/": the forged line names a file of the folder, as check would.
    const forged = 'x.txt\nguide.yaml:1:1: error E_FORGED: \x1b]52;c;Zm9yZ2Vk\x07 all good';
    const path = join(repo.root, 'data/raw/glm-5.2/h200/engine', forged);
    writeFileSync(path, 'not read\n');
    try {
      const result = repo.run('check.ts');
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n');
      expect(lines.filter((line) => line.includes('E_FILE_NAME'))).toEqual([
        'data/raw/glm-5.2/h200/engine/x.txt\\x0aguide.yaml:1:1: error E_FORGED: \\x1b]52;c;Zm9yZ2Vk\\x07 all good: error E_FILE_NAME: the name holds a line break or another control character; not read',
      ]);
      expect(lines.some((line) => line.startsWith('guide.yaml'))).toBe(false);
      expect(result.stderr).not.toContain('\x1b');
    } finally {
      rmSync(path);
    }
  });
});

describe('formatDiagnostic', () => {
  it('escapes control characters, line breaks and direction overrides in every part', () => {
    const text = formatDiagnostic(
      errorAt('E_JSON', 'a\nb.json', 'not \x1b[31mred\x1b[0m', { line: 2, found: 'x\u202ey', expected: 'z\u2028w' }),
    );
    expect(text.split('\n')).toEqual([
      'a\\x0ab.json:2: error E_JSON: not \\x1b[31mred\\x1b[0m',
      '  expected: z\\u2028w',
      '  found: x\\u202ey',
      '  hint: raw JSON must be the file the tool wrote, unedited and complete',
    ]);
  });
});
