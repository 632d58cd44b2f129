// Files a pull request cannot make perflab read: links out of the repo, special files, huge files,
// folders that are not slugs. Each is an error naming the path; none of their bytes is read.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-boundary-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const raw = join(scratch, 'data/raw/glm-5.2/h200');
const outside = join(scratch, 'outside-secret.txt');
let check: { status: number | null; stderr: string };

beforeAll(() => {
  for (const dir of ['data/raw/glm-5.2', 'content/guides/glm-5.2'])
    cpSync(join(repoRoot, dir), join(scratch, dir), { recursive: true });
  writeFileSync(outside, 'TOP-SECRET-LINE: root:x:0:0\n');
  symlinkSync(outside, join(raw, 'engine/linked.txt'));
  symlinkSync('/etc', join(raw, 'etc-dir'));
  execFileSync('mkfifo', [join(raw, 'engine/pipe.txt')]);
  writeFileSync(join(raw, 'engine/huge.txt'), '');
  truncateSync(join(raw, 'engine/huge.txt'), 513 * 2 ** 20); // sparse: no disk used
  mkdirSync(join(scratch, 'data/raw/Bad Model/h100'), { recursive: true });
  writeFileSync(join(scratch, 'data/raw/Bad Model/h100/x.txt'), 'x\n');
  // A guide source that is a link is refused as well.
  const guide = join(scratch, 'content/guides/glm-5.2/h200');
  rmSync(join(guide, 'zh.md'));
  symlinkSync(outside, join(guide, 'zh.md'));
  check = spawnSync(process.execPath, [join(repoRoot, 'scripts/check.ts')], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, PERFLAB_ROOT: scratch },
  });
});

describe('raw inputs are regular files inside data/raw', () => {
  it('fails check, naming each refused path with its reason', () => {
    expect(check.status).toBe(1);
    const errors = check.stderr.split('\n').filter((l) => / error /.test(l));
    expect(errors).toEqual(
      expect.arrayContaining([
        'data/raw/glm-5.2/h200/engine/linked.txt: error E_NOT_REGULAR_FILE: is a symbolic link; not read',
        'data/raw/glm-5.2/h200/etc-dir: error E_NOT_REGULAR_FILE: is a symbolic link; not read',
        'data/raw/glm-5.2/h200/engine/pipe.txt: error E_NOT_REGULAR_FILE: is not a regular file (a device, pipe or socket); not read',
        'data/raw/glm-5.2/h200/engine/huge.txt: error E_RAW_TOO_LARGE: 513 MiB is more than the 512 MiB a raw file may have; not read',
        'data/raw/Bad Model/h100: error E_FOLDER_NAME: "Bad Model" is not a folder name perflab accepts',
      ]),
    );
  });

  it('never quotes a byte of a file it refused', () => {
    expect(check.stderr).not.toContain('TOP-SECRET');
    expect(check.stderr).not.toContain('root:x');
  });

  it('a guide source that is a link is refused the same way', () => {
    rmSync(join(raw, 'engine/linked.txt'));
    rmSync(join(raw, 'etc-dir'));
    rmSync(join(raw, 'engine/pipe.txt'));
    rmSync(join(raw, 'engine/huge.txt'));
    rmSync(join(scratch, 'data/raw/Bad Model'), { recursive: true });
    const result = spawnSync(process.execPath, [join(repoRoot, 'scripts/check.ts')], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: scratch },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'content/guides/glm-5.2/h200/zh.md: error E_NOT_REGULAR_FILE: is a symbolic link; not read',
    );
    expect(result.stderr).not.toContain('TOP-SECRET');
  });
});
