// The unit files share their worker's loaded modules (vitest.config.ts): a file that stubs the
// environment or a module, or starts chart-thread.ts's worker, would leave it to the files after it
// (an import writer loaded with another PERFLAB_ROOT writes into that root). Such a file must run in
// the `unit-isolated` project.
import { existsSync, globSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isolatedUnitTests } from '../helpers/isolated-unit-tests.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const sharesState = /\bvi\.(?:stubEnv|stubGlobal|mock|doMock|resetModules)\(|src\/chart-thread\.ts/;

describe('unit files that need modules of their own', () => {
  it('are every file that stubs the environment or a module, or loads the chart thread, and exist', () => {
    const files = globSync('tests/unit/**/*.test.ts', { cwd: repoRoot })
      .filter((file) => file !== 'tests/unit/isolation.test.ts')
      .sort();
    const stubbing = files.filter((file) => sharesState.test(readFileSync(join(repoRoot, file), 'utf8')));
    expect(stubbing).toEqual([...isolatedUnitTests].sort());
    for (const file of isolatedUnitTests) expect(existsSync(join(repoRoot, file)), file).toBe(true);
  });

  it('the pattern finds a stub', () => {
    expect(sharesState.test("vi.stubEnv('PERFLAB_ROOT', root);")).toBe(true);
    expect(sharesState.test("await import('../../src/chart-thread.ts')")).toBe(true);
    expect(sharesState.test('vi.fn()')).toBe(false);
  });
});
