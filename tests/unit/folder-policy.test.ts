// The file-system policy (src/pipeline/fs-policy.ts, site-policy.ts) against what a hostile pull
// request can commit: symbolic links where perflab reads or writes. Each case runs the real CLI on
// a scratch copy of the repository, with a folder outside it holding a file that must survive.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { reachedThroughLink, siteFolderProblems } from '../../src/pipeline/site-policy.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-policy-');
const root = repo.root;
const outside = mkdtempSync(join(tmpdir(), 'perflab-outside-'));
const canary = join(outside, 'secret-name-of-a-file.txt');
afterAll(() => {
  repo.remove();
  rmSync(outside, { recursive: true, force: true });
});

/** Puts a link at `path` (the real folder moved aside) and undoes it after the test. */
const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step();
});
function linkInstead(path: string, target: string) {
  const aside = `${path}.aside`;
  if (existsSync(path)) renameSync(path, aside);
  symlinkSync(target, path);
  undo.push(() => {
    rmSync(path);
    if (existsSync(aside)) renameSync(aside, path);
  });
}
function linkAt(path: string, target: string) {
  symlinkSync(target, path);
  undo.push(() => rmSync(path));
}

function outsideFolderWithFiles() {
  mkdirSync(join(outside, 'glm-5.2/h200'), { recursive: true });
  writeFileSync(canary, 'must survive');
  writeFileSync(join(outside, 'glm-5.2/h200/other-secret.txt'), 'must survive too');
}
const outsideIntact = () => {
  expect(readFileSync(canary, 'utf8')).toBe('must survive');
  expect(readFileSync(join(outside, 'glm-5.2/h200/other-secret.txt'), 'utf8')).toBe('must survive too');
};

describe('a symbolic link where ingest or compute writes', () => {
  it('data/runs linked to a folder beside the clone: ingest refuses, deletes nothing there', () => {
    outsideFolderWithFiles();
    linkInstead(join(root, 'data/runs'), outside);
    const result = repo.run('ingest.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data/runs: error E_LINKED_FOLDER: data/runs is a symbolic link');
    expect(result.stderr).toContain('ingest: refused; nothing read, written or removed');
    outsideIntact();
  });

  it('data/runs -> .. : the working tree is left whole', () => {
    linkInstead(join(root, 'data/runs'), '..');
    const result = repo.run('ingest.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('E_LINKED_FOLDER');
    for (const file of [
      'package.json',
      'data/raw/glm-5.2/h200/engine/vllm.txt',
      'content/guides/glm-5.2/h200/guide.yaml',
    ])
      expect(existsSync(join(root, file)), file).toBe(true);
  });

  it('data/guides linked outside: compute refuses and writes nothing there', () => {
    outsideFolderWithFiles();
    linkInstead(join(root, 'data/guides'), outside);
    const result = repo.run('compute.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data/guides: error E_LINKED_FOLDER');
    outsideIntact();
    expect(existsSync(join(outside, 'glm-5.2/h200.json'))).toBe(false);
  });

  it('a link inside data/runs: ingest refuses rather than write or remove through it', () => {
    outsideFolderWithFiles();
    linkAt(join(root, 'data/runs/glm-5.2/elsewhere'), outside);
    const result = repo.run('ingest.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'data/runs/glm-5.2/elsewhere: error E_LINKED_FOLDER: data/runs/glm-5.2/elsewhere is a symbolic link inside data/runs',
    );
    outsideIntact();
  });

  it('data/ itself linked: nothing below it is used', () => {
    linkInstead(join(root, 'data'), join(root, 'content'));
    const result = repo.run('ingest.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data: error E_LINKED_FOLDER: data is a symbolic link, and data/raw is below it');
  });
});

describe('a symbolic link where perflab reads', () => {
  it('data/raw linked outside: ingest and check refuse without naming a file there', () => {
    outsideFolderWithFiles();
    linkInstead(join(root, 'data/raw'), outside);
    for (const script of ['ingest.ts', 'check.ts']) {
      const result = repo.run(script);
      expect(result.status, script).toBe(1);
      expect(result.stderr).toContain('data/raw: error E_LINKED_FOLDER');
      expect(result.stderr).not.toContain('secret');
    }
  });

  it('a linked guide folder is an error check names, not a guide silently left out', () => {
    mkdirSync(join(root, 'content/guides/copied'), { recursive: true });
    undo.push(() => rmSync(join(root, 'content/guides/copied'), { recursive: true }));
    linkAt(join(root, 'content/guides/copied/h200'), join(root, 'content/guides/glm-5.2/h200'));
    const result = repo.run('check.ts');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'content/guides/copied/h200: error E_LINKED_FOLDER: the guide folder content/guides/copied/h200 is a symbolic link',
    );
  });

  it('npm run new refuses a model folder that is a link, and writes nothing through it', () => {
    outsideFolderWithFiles();
    linkAt(join(root, 'content/guides/evil'), outside);
    const result = repo.run('new-guide.ts', {}, ['evil', 'h100', '--gpus', '8']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('new: content/guides/evil is a symbolic link; nothing written');
    expect(existsSync(join(outside, 'h100'))).toBe(false);
    expect(existsSync(join(root, 'data/raw/evil'))).toBe(false);
  });
});

describe("the dev server's refresh of one guide", () => {
  const problemsOf = (id: string) => {
    const script = `import { guideFolderProblems } from ${JSON.stringify(join(repoRoot, 'src/pipeline/fs-policy.ts'))};
      process.stdout.write(JSON.stringify(guideFolderProblems(${JSON.stringify(id)}).map((d) => d.file + ': ' + d.message)));`;
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PERFLAB_ROOT: root },
    });
    expect(result.status, result.stderr).toBe(0);
    return JSON.parse(result.stdout) as string[];
  };

  it('checks only that guide: its folders and its data/runs', () => {
    expect(problemsOf('glm-5.2/h200')).toEqual([]);
    outsideFolderWithFiles();
    linkAt(join(root, 'data/runs/glm-4.x/h200/elsewhere'), outside);
    expect(problemsOf('glm-5.2/h200')).toEqual([]);
    expect(problemsOf('glm-4.x/h200')).toEqual([
      'data/runs/glm-4.x/h200/elsewhere: data/runs/glm-4.x/h200/elsewhere is a symbolic link inside data/runs, which is generated: nothing is written',
    ]);
    linkInstead(join(root, 'data/raw/glm-5.2'), outside);
    expect(problemsOf('glm-5.2/h200')).toEqual([
      'data/raw/glm-5.2: data/raw/glm-5.2 is a symbolic link: nothing there is read or written',
    ]);
  });
});

describe('the site: public/ and the dev server', () => {
  const site = mkdtempSync(join(tmpdir(), 'perflab-site-'));
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('refuses links in public/ and a linked public/, naming only paths inside the site', () => {
    mkdirSync(join(site, 'public/img'), { recursive: true });
    writeFileSync(join(site, 'public/favicon.svg'), '<svg/>');
    expect(siteFolderProblems(join(site, 'public'), site)).toEqual([]);
    symlinkSync('/etc/passwd', join(site, 'public/status.txt'));
    symlinkSync('/etc', join(site, 'public/img/etc'));
    expect(siteFolderProblems(join(site, 'public'), site)).toEqual([
      'public/img/etc is a symbolic link',
      'public/status.txt is a symbolic link',
    ]);
    rmSync(join(site, 'public'), { recursive: true });
    symlinkSync('/etc', join(site, 'public'));
    expect(siteFolderProblems(join(site, 'public'), site)).toEqual(['public is a symbolic link']);
    rmSync(join(site, 'public'));
  });

  it('a request reaching a file through a link is refused; a real file is not', () => {
    mkdirSync(join(site, 'data/raw/m/h'), { recursive: true });
    writeFileSync(join(site, 'data/raw/m/h/real.txt'), 'ok');
    symlinkSync('/etc/passwd', join(site, 'data/raw/m/h/passwd.txt'));
    symlinkSync('/etc', join(site, 'data/raw/m/etc'));
    const pub = join(site, 'public');
    expect(reachedThroughLink('/data/raw/m/h/real.txt', site, pub)).toBe(false);
    expect(reachedThroughLink('/data/raw/m/h/passwd.txt', site, pub)).toBe(true);
    expect(reachedThroughLink('/data/raw/m/etc/hostname?import', site, pub)).toBe(true);
    expect(reachedThroughLink(`/@fs${site}/data/raw/m/h/passwd.txt`, site, pub)).toBe(true);
    expect(reachedThroughLink('/data/raw/m/h/pass%77d.txt', site, pub)).toBe(true);
    expect(reachedThroughLink('/en/guides/m/h/', site, pub)).toBe(false);
  });
});
