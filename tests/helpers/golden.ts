// Golden files: the expected output of a fixture, committed beside it. A mismatch writes the actual
// output next to the golden as `<name>-changed.<ext>` (git-ignored) so the two can be compared with
// any diff tool; UPDATE_GOLDEN=1 (or =<group>) rewrites the golden itself, to be reviewed in git.
import { existsSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { expect } from 'vitest';

export function changedPath(goldenPath: string): string {
  return goldenPath.replace(/(\.[^./]+)?$/, (ext) => `-changed${ext}`);
}

export function expectGolden(goldenPath: string, actual: string, group: string): void {
  const update = process.env.UPDATE_GOLDEN === '1' || process.env.UPDATE_GOLDEN === group;
  if (update) writeFileSync(goldenPath, actual);
  // A missing golden fails: writing it here would make the test pass by construction.
  expect(existsSync(goldenPath), `${goldenPath} is missing: run UPDATE_GOLDEN=${group} and review it`).toBe(true);
  const expected = readFileSync(goldenPath, 'utf8');
  const changed = changedPath(goldenPath);
  if (actual === expected) {
    rmSync(changed, { force: true });
    return;
  }
  writeFileSync(changed, actual);
  expect(actual, `output differs from ${goldenPath}; the actual output is in ${changed}`).toBe(expected);
}
