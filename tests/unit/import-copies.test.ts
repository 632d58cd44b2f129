// A page imported with `npm run import` that repeats a block of a committed guide: the copy is one
// decision of the import and one finding of check, at the imported guide, naming both files; the
// committed guide it was copied from checks as before. Real CLIs in a scratch copy of the repository.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

// The guide the page copies from, qwen3-14b's (check goes over every guide of the copy, four times).
const repo = scratchRepo('perflab-import-copies-', ['qwen3-14b']);
afterAll(() => repo.remove());

const committed = 'data/raw/qwen3-14b/h100/choosing-the-inference-engine/vllm.txt';
/** The composed legacy page with its first result block replaced by the committed guide's vLLM block. */
function composedPage(): string {
  const page = readFileSync(join(repoRoot, 'tests/fixtures/performance-lab-page/legacy-throughput/page.md'), 'utf8');
  const open = '??? info "Benchmark result"\n    ```\n';
  const start = page.indexOf(open) + open.length;
  const end = page.indexOf('    ```', start);
  const block = readFileSync(join(repoRoot, committed), 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : `    ${line}`))
    .join('\n');
  return `${page.slice(0, start)}${block}\n${page.slice(end)}`;
}

describe('an imported page that copies a block of a committed guide', () => {
  writeFileSync(join(repo.root, 'copied.md'), composedPage());
  const imported = repo.run('import.ts', {}, ['copied.md', 'tiny/copied']);
  const copy = 'data/raw/tiny/copied/choosing-the-inference-engine/vllm.txt';
  const guideYaml = join(repo.root, 'content/guides/tiny/copied/guide.yaml');
  const checkLines = () =>
    repo
      .run('check.ts')
      .stderr.split('\n')
      .filter((line) => / (error|warning) /.test(line));

  it('import names the copy once, with both files, as a decision on the acknowledgement it drafts', () => {
    expect(imported.status, imported.stderr).toBe(0);
    const named = imported.stderr.split('\n').filter((line) => line.includes(committed));
    expect(named).toEqual([
      `  - content/guides/tiny/copied/guide.yaml acknowledge[0]: ${copy} is the same block as ${committed}, another guide's result. Replace it with this guide's own run and remove the entry, or write why the same run belongs to both (reason en and zh)`,
    ]);
    // The audit leaves it to the decision list.
    expect(imported.stdout).not.toContain(committed);
  });

  it('check names it once, at the imported guide, and the committed guide is left as it was', () => {
    const lines = checkLines();
    expect(lines.filter((line) => line.includes('qwen3-14b/h100/guide.yaml'))).toEqual([]);
    expect(lines.filter((line) => line.includes(committed))).toEqual([
      expect.stringMatching(
        /^content\/guides\/tiny\/copied\/guide\.yaml:\d+:\d+: error E_FILL_IN: .*FILL-IN: the same block as data\/raw\/qwen3-14b\/h100\/choosing-the-inference-engine\/vllm\.txt; why does the same run belong to both guides\?/,
      ),
    ]);
  });

  it('with its reason written, the copy is acknowledged and neither guide reports it', () => {
    const text = readFileSync(guideYaml, 'utf8')
      .replace(
        /en: "FILL-IN: the same block as [^"]*"/,
        'en: The same vLLM baseline run was published for both machines.',
      )
      .replace('zh: FILL-IN 为什么同一次运行属于两个指南（中文）', 'zh: 两个指南发布的是同一次 vLLM 基线运行。');
    writeFileSync(guideYaml, text);
    const lines = checkLines();
    expect(lines.filter((line) => line.includes('W_STORY_COPIED') || line.includes(committed))).toEqual([]);
    expect(lines.filter((line) => line.includes('qwen3-14b/h100'))).toEqual([]);
  });
});

// What check will hold a draft to is among the import's decisions too: the composed latency page
// recommends a command without a flag its last adopted run used, a story finding check reports.
describe('an imported page whose draft check will stop', () => {
  writeFileSync(
    join(repo.root, 'latency.md'),
    readFileSync(join(repoRoot, 'tests/fixtures/performance-lab-page/generator-latency/page.md'), 'utf8'),
  );
  const imported = repo.run('import.ts', {}, ['latency.md', 'tiny/latency']);

  it('lists each error check reports on the draft, at its line, beside the FILL-IN reasons', () => {
    expect(imported.status, imported.stderr).toBe(0);
    const decisions = imported.stderr.split('\n').filter((line) => line.startsWith('  - '));
    const errors = repo
      .run('check.ts')
      .stderr.split('\n')
      .filter((line) => line.startsWith('content/guides/tiny/latency/') && / error /.test(line));
    const checked = errors.filter((line) => !line.includes(' E_FILL_IN: '));
    expect(checked).toEqual([
      expect.stringMatching(
        /guide\.yaml:\d+:\d+: error E_UNACKNOWLEDGED: the recommended command differs from the last adopted configuration/,
      ),
    ]);
    for (const line of checked) {
      const [, where, code, message] = /^(\S+?):\d+: error (\S+): (.*)$/.exec(line)!;
      expect(decisions).toContainEqual(expect.stringContaining(`${where} ${code}: ${message}`));
    }
  });
});
