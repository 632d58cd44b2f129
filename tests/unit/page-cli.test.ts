// npm run audit and npm run import on pages a hostile or careless author could hand them: a folder
// or a named pipe instead of a file, a page saved with a byte-order mark or as UTF-16, bytes of
// another encoding, and page text holding terminal escape sequences. Each runs the real CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodePage } from '../../src/lib/import/page-encoding.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const repo = scratchRepo('perflab-page-cli-');
afterAll(() => repo.remove());
const pageFile = 'tests/fixtures/performance-lab-page/generator-throughput/page.md';
const pageText = readFileSync(join(repoRoot, pageFile), 'utf8');
const pages = join(repo.root, 'pages');
mkdirSync(pages);

/** The audit of `bytes` saved as pages/<name>, with the report's lines named by that path. */
function auditOf(name: string, bytes: string | Uint8Array) {
  writeFileSync(join(pages, name), bytes);
  return repo.run('audit.ts', {}, [`pages/${name}`, 'tiny/h100']);
}
/** The audit of the page saved as UTF-8, its lines named as pages/<name>. */
let plain: string | undefined;
function reportFor(name: string): string {
  plain ??= auditOf('plain.md', pageText).stdout;
  expect(plain).toMatch(/^pages\/plain\.md:\d+: printed /);
  return plain.replaceAll('pages/plain.md', `pages/${name}`);
}

describe('what is not a page file', () => {
  it('a folder is named as a folder', () => {
    const result = repo.run('audit.ts', {}, ['pages']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe("pages: error: is a folder, not a page: give the path of the page's .md file\n");
  });

  it('a named pipe is named as one, and not waited on', () => {
    const fifo = join(pages, 'pipe.md');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const result = repo.run('audit.ts', {}, ['pages/pipe.md']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      'pages/pipe.md: error: is a named pipe (FIFO), not a file: a page is read only from a regular file\n',
    );
  });

  it('a missing file is no such file', () => {
    expect(repo.run('audit.ts', {}, ['pages/none.md']).stderr).toBe('pages/none.md: error: no such file\n');
  });
});

describe('a page in another encoding', () => {
  it('with a UTF-8 byte-order mark, audits as without one', () => {
    const result = auditOf('bom.md', `\ufeff${pageText}`);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(reportFor('bom.md'));
  });

  it('in UTF-16 (little-endian with a mark, big-endian without), audits as in UTF-8', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(pageText, 'utf16le')]);
    const be = Buffer.from(pageText, 'utf16le').swap16();
    for (const [name, bytes] of [
      ['le.md', le],
      ['be.md', be],
    ] as const) {
      const result = auditOf(name, bytes);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toBe(reportFor(name));
    }
  });

  it('with GBK bytes, is an encoding error at their line', () => {
    const gbk = Buffer.concat([
      Buffer.from(pageText.split('\n').slice(0, 2).join('\n') + '\n'),
      Buffer.from([0xcd, 0xcc, 0xcd, 0xc2, 0x0a]), // 吞吐 in GBK, on line 3
    ]);
    const result = auditOf('gbk.md', gbk);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /^pages\/gbk\.md:3: error: not UTF-8 text: this line holds bytes of another encoding/,
    );
  });
});

describe('terminal escape sequences in a page', () => {
  it('are printed escaped, in the audit and in the page problems', () => {
    const osc52 = '\x1b]52;c;ZXZpbA==\x07';
    const text = pageText
      .replace('**ShareGPT Profile**', `**ShareGPT Profile${osc52}**`)
      .replace('### Max Num Seqs\n', `### Max Num Seqs\n\n??? info "Benchmark result ${osc52}"\n    no code\n`);
    const result = auditOf('osc.md', text);
    expect(result.status, result.stderr).toBe(0);
    const controls = [...(result.stdout + result.stderr)].filter((c) => c < ' ' && c !== '\n');
    expect(controls).toEqual([]);
    expect(result.stdout).toContain('printed ShareGPT Profile\\x1b]52;c;ZXZpbA==\\x07 optimized Mean TPOT');
    expect(result.stderr).toContain('"Benchmark result \\x1b]52;c;ZXZpbA==\\x07" has no code block');
  });
});

describe('npm run import writes all of its guide or nothing', () => {
  const written = (id: string) => ['data/raw', 'content/guides'].filter((dir) => existsSync(join(repo.root, dir, id)));
  const importOf = (name: string, text: string, id: string) => {
    writeFileSync(join(pages, name), text);
    return repo.run('import.ts', {}, [`pages/${name}`, id]);
  };
  const profileLine = pageText.split('\n').indexOf('request_rate: 1000') + 1;

  it('a profile block that is not YAML is an error at its page line, and nothing is written', () => {
    const result = importOf('bad-yaml.md', pageText.replace('request_rate: 1000', 'request_rate: [1000'), 'bad/yaml');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^pages/bad-yaml\\.md:${profileLine + 1}: error: the profile block "ShareGPT" is not valid YAML: `,
        'm',
      ),
    );
    expect(result.stderr).toContain('import: 1 problem(s) in the page; nothing written\n');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(written('bad/yaml')).toEqual([]);
    expect(existsSync(join(repo.root, 'data/.import-staging'))).toBe(false);
  });

  it('an alias bomb in a profile block is an error at the block, and nothing is written', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x]',
      ...'bcdefgh'.split('').map((k, i) => `${k}: &${k} [${`*${'abcdefgh'[i]}, `.repeat(9).slice(0, -2)}]`),
    ];
    const result = importOf('bomb.md', pageText.replace('request_rate: 1000', bomb.join('\n')), 'alias/bomb');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^pages/bomb\\.md:${profileLine - 1}: error: the profile block "ShareGPT" is not valid YAML: aliases expand too far`,
        'm',
      ),
    );
    expect(written('alias/bomb')).toEqual([]);
  });

  it('after a refused import, the fixed page imports; a step and a case whose headings make one path both keep their block', () => {
    // A step "Cases" with a variant "ShareGPT" would be cases/sharegpt.txt, and another benchmark
    // case "ShareGPT.txt" cases/sharegpt.txt/baseline.txt: the step's folder is cases-2 instead.
    const text = pageText
      .replace('### Max Num Seqs\n', '### Cases\n')
      .replace('#### Seqs 256\n', '#### ShareGPT\n')
      .replace(/^#### (.*)$(?![\s\S]*^### )/m, '#### ShareGPT.txt');
    const refused = importOf('cases.md', text.replace('request_rate: 1000', 'request_rate: [1000'), 'tiny/cases');
    expect(refused.status).toBe(1);
    const result = importOf('cases.md', text, 'tiny/cases');
    expect(result.status, result.stderr).toBe(0);
    expect(written('tiny/cases')).toEqual(['data/raw', 'content/guides']);
    expect(existsSync(join(repo.root, 'data/raw/tiny/cases/cases-2/sharegpt.txt'))).toBe(true);
    expect(existsSync(join(repo.root, 'data/raw/tiny/cases/cases/sharegpt.txt/baseline.txt'))).toBe(true);
    expect(existsSync(join(repo.root, 'data/.import-staging'))).toBe(false);
    const again = importOf('cases.md', text, 'tiny/cases');
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(
      'import: content/guides/tiny/cases already exists (pass another <model>/<hardware>); nothing written\n',
    );
  });
});

describe('decodePage', () => {
  it('reads UTF-8 with and without a mark, UTF-16 both ways, and refuses NUL bytes and odd UTF-16', () => {
    expect(decodePage(Buffer.from('\ufeff# T\n'))).toEqual({ ok: true, text: '# T\n', encoding: 'utf-8 with BOM' });
    expect(decodePage(Buffer.from('# T\n'))).toEqual({ ok: true, text: '# T\n', encoding: 'utf-8' });
    expect(decodePage(Buffer.from('\ufeff# T\n', 'utf16le'))).toEqual({
      ok: true,
      text: '# T\n',
      encoding: 'utf-16le',
    });
    expect(decodePage(Buffer.from('# T\n', 'utf16le').swap16())).toEqual({
      ok: true,
      text: '# T\n',
      encoding: 'utf-16be',
    });
    expect(decodePage(Buffer.from('# T\n\nx\u0000y'))).toMatchObject({ ok: false, line: 3 });
    expect(decodePage(Buffer.from([0xff, 0xfe, 0x41]))).toMatchObject({ ok: false, line: 1 });
  });
});
