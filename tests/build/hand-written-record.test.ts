// Issue 39's forged record: a pull request doubles a result's numbers and writes a
// `.record.json` beside it by hand (no signature, any driver: "8 × NVIDIA H200, driver
// 999.99-forged"). check passes (an unsigned record is the author's statement, not an error), so
// what matters is how it reads: "stated by the author, unsigned" in `npm run diff`, in the trusted
// job's pr-review report and on the built page, and never "recorded on", "signed by" or "verified".
// A record that names its own signer is not a record perflab writes. A scratch git repository
// holding the glm-5.2 guide (PERFLAB_ROOT).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild } from '../helpers/scratch-build.ts';
import { builtPage, mainOf, textOf } from '../helpers/page-text.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

const GUIDE = 'glm-5.2/h200';
const FILE = 'cases/sharegpt/optimized.txt';
const repo = scratchRepo('perflab-hand-written-record-', ['glm-5.2']);
const raw = join(repo.root, 'data/raw', GUIDE, FILE);
const record = `${raw}.record.json`;
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repo.root, encoding: 'utf8' });

/** What anyone can type: eight H200s, a made-up driver, no signature and no sha256. */
const handWritten = {
  perflabRecord: 1,
  results: [
    {
      block: null,
      started: '2026-12-04T23:45:32Z',
      ended: '2026-12-05T00:13:37Z',
      accelerators: {
        kind: 'gpu',
        tool: 'nvidia-smi',
        driver: '999.99-forged',
        devices: Array.from({ length: 8 }, (_, index) => ({ index, name: 'NVIDIA H200' })),
      },
      engine: null,
      serving: null,
      benchmark: { command: 'vllm bench serve' },
    },
  ],
};
const FORGED_LINE = `- data/raw/${GUIDE}/${FILE} stated by the author, unsigned: ran on 8 × NVIDIA H200, driver 999.99-forged, 2026-12-04 23:45:32 UTC (the result it replaces: no record).`;

let check: ReturnType<typeof repo.run>;
let diffReport = '';
let reviewReport = '';
let selfSignedCheck: ReturnType<typeof repo.run>;

beforeAll(() => {
  writeFileSync(join(repo.root, '.gitignore'), 'node_modules\n.cache\n.astro-cache\ndist\n*.md.out\n');
  const computed = repo.run('compute.ts');
  if (computed.status !== 0) throw new Error(computed.stderr);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'the guide as published');
  // The pull request: the result's throughput doubled, and a record beside it.
  git('checkout', '-q', '-b', 'pull-request');
  const text = readFileSync(raw, 'utf8');
  const doubled = text
    .replace(/^(Output token throughput \(tok\/s\): +)1285\.09$/m, '$12570.18')
    .replace(/^(Total Token throughput \(tok\/s\): +)2845\.48$/m, '$15690.96');
  expect(doubled.split('\n').filter((line, i) => line !== text.split('\n')[i])).toHaveLength(2);
  writeFileSync(raw, doubled);
  writeFileSync(record, `${JSON.stringify(handWritten, null, 2)}\n`);
  check = repo.run('check.ts');
  const diff = repo.run('diff.ts', {}, ['main']);
  if (diff.status !== 0) throw new Error(diff.stderr);
  diffReport = diff.stdout;
  // The same record claiming a signer of its own.
  const [entry] = handWritten.results;
  writeFileSync(record, JSON.stringify({ ...handWritten, results: [{ ...entry, signedBy: 'alice@example.com' }] }));
  selfSignedCheck = repo.run('check.ts');
  writeFileSync(record, `${JSON.stringify(handWritten, null, 2)}\n`);
  git('add', '-A');
  git('commit', '-q', '-m', 'the pull request');
  const head = git('rev-parse', 'HEAD').trim();
  // The trusted job: the default branch checked out, the pull request's data laid over it.
  git('checkout', '-q', 'main');
  const reportFile = join(repo.root, 'review.md.out');
  const review = repo.run('pr-review.ts', {}, [head, reportFile]);
  if (review.status !== 0) throw new Error(review.stderr);
  reviewReport = readFileSync(reportFile, 'utf8');
  // The site as the pull request's data builds it.
  const env = {
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'].includes(key)),
    ),
    PERFLAB_ROOT: repo.root,
    PERFLAB_PIPELINE_CACHE: repo.cache,
    PERFLAB_CACHE_DIR: join(repo.root, '.astro-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const data = repo.run('data.ts', env);
  if (data.status !== 0) throw new Error(`npm run data failed:\n${data.stderr}`);
  const build = astroBuild(join(repo.root, 'dist'), env);
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}${build.stderr}`);
}, 240_000);
afterAll(() => repo.remove());

/** The text of what the page shows beside the raw result `file`. */
function ranOn(lang: 'en' | 'zh', file: string): string[] {
  const html = mainOf(builtPage(`${lang}/guides/${GUIDE}`, join(repo.root, 'dist')));
  const result = [...html.matchAll(/<details\b[^>]*class="raw-result"[^>]*>([\s\S]*?)<\/details>/g)]
    .map((m) => m[1] ?? '')
    .find((inner) => textOf(inner.match(/<p class="raw-source"[\s\S]*?<\/p>/)?.[0] ?? '').includes(file));
  return [...(result ?? '').matchAll(/<div class="raw-environment"[^>]*>([\s\S]*?)<\/div>/g)].map((d) =>
    textOf(d[1] ?? ''),
  );
}

describe('a hand-written, unsigned record', () => {
  it('passes check: what it says is the author’s statement, not an error', () => {
    expect(check.status, check.stderr).toBe(0);
    expect(check.stderr).not.toMatch(/E_RECORD/);
  });

  it('a record that names its own signer is not a record perflab writes (E_RECORD)', () => {
    expect(selfSignedCheck.status).toBe(1);
    expect(selfSignedCheck.stderr).toMatch(
      new RegExp(
        `^data/raw/${GUIDE}/${FILE}\\.record\\.json:1: error E_RECORD: not a record npm run record writes: results\\[0\\]: unknown key "signedBy"$`,
        'm',
      ),
    );
  });

  it('reads as stated by the author, unsigned, in npm run diff and in the pr-review report', () => {
    for (const report of [diffReport, reviewReport]) {
      expect(report.split('\n')).toContain(FORGED_LINE);
      expect(report).toContain('2845.48 tok/s → **5690.96 tok/s**');
      expect(report).not.toMatch(/recorded on|signed by|verified/i);
    }
  });

  it('reads as stated by the author, unsigned, beside the result and in the setup, in en and zh', () => {
    const [en = '', ...moreEn] = ranOn('en', FILE);
    expect(moreEn).toEqual([]);
    expect(en).toMatch(
      /^Ran on \(stated by the author, unsigned\) Record stated by the author, unsigned: no signature vouches for what it says Accelerators 8 × NVIDIA H200 Driver 999\.99-forged \(nvidia-smi\) /,
    );
    const [zh = ''] = ranOn('zh', FILE);
    expect(zh).toMatch(
      /^运行环境（作者自述，未签名） 记录 作者自述，未签名：没有签名为其内容担保 加速卡 8 × NVIDIA H200 驱动 999\.99-forged/,
    );
    const page = textOf(mainOf(builtPage(`en/guides/${GUIDE}`, join(repo.root, 'dist'))));
    expect(page).toContain('None of these records is signed: what they say is stated by the author, unsigned.');
    expect(page).toContain(`${FILE} (stated by the author, unsigned)`);
    expect(page).not.toMatch(/signed by|records are signed|signature, verified/);
  });
});
