// `npm run diff` in a throw-away git repository holding the seed guides: the report a reviewer
// reads after a result changes, whether or not the author rebuilt data/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { allNodes, expectInertReport, shownText } from '../helpers/github-markdown.ts';

const scratch = mkdtempSync(join(tmpdir(), 'perflab-diff-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: scratch, encoding: 'utf8' });
const script = (name: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], {
    cwd: scratch,
    encoding: 'utf8',
    env: { ...process.env, PERFLAB_ROOT: scratch },
  });
const raw = (file: string) => join(scratch, 'data/raw/glm-5.2/h200', file);

// The GLM guides (4 of the repository's): every diff computes all of the working tree's guides.
beforeAll(() => {
  for (const dir of ['data/raw', 'data/runs', 'data/guides', 'data/prose', 'content/guides'])
    for (const model of ['glm-4.x', 'glm-5.2'])
      cpSync(join(repoRoot, dir, model), join(scratch, dir, model), { recursive: true });
  cpSync(join(repoRoot, 'content/defaults.yaml'), join(scratch, 'content/defaults.yaml'));
  // data/compare of these guides alone (the repository's hardware pages hold other models too).
  const computed = script('compute.ts');
  expect(computed.status, computed.stderr).toBe(0);
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'seed guides');
});

describe('npm run diff', () => {
  it('says nothing changed on an unchanged tree', () => {
    const result = script('diff.ts', 'HEAD');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('No computed number, winner or recommendation changed.');
    expect(result.stdout).not.toContain('out of date');
    expect(result.stdout).not.toMatch(/## Prose|## Compare/);
  });

  it('a guide moved to another folder is a rename, with a warning until renamedFrom keeps its old pages', () => {
    git('mv', 'data/raw/glm-4.x/h100', 'data/raw/glm-4.x/h100-sxm');
    git('mv', 'content/guides/glm-4.x/h100', 'content/guides/glm-4.x/h100-sxm');
    try {
      const moved = script('diff.ts', 'HEAD');
      expect(moved.status, moved.stderr).toBe(0);
      expect(moved.stdout).toMatch(/^## .* \(glm-4\.x\/h100-sxm\) — renamed from glm-4\.x\/h100$/m);
      expect(moved.stdout).not.toMatch(/— new guide|— removed/);
      expect(moved.stdout).toContain(
        '- **Old pages will be gone:** /en/guides/glm-4.x/h100/ and /zh/guides/glm-4.x/h100/',
      );
      const yaml = join(scratch, 'content/guides/glm-4.x/h100-sxm/guide.yaml');
      writeFileSync(yaml, `${readFileSync(yaml, 'utf8')}renamedFrom: [glm-4.x/h100]\n`);
      const kept = script('diff.ts', 'HEAD');
      expect(kept.status, kept.stderr).toBe(0);
      expect(kept.stdout).toContain(
        '- Its old pages /en/guides/glm-4.x/h100/ and /zh/guides/glm-4.x/h100/ send readers',
      );
    } finally {
      git('reset', '-q', '--hard', 'HEAD');
      git('clean', '-q', '-fd');
    }
  });

  it('a prose edit changes no number, but names the guide’s pages and shows the sentence', () => {
    const file = join(scratch, 'content/guides/glm-4.x/h200/zh.md');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, `${original}\n补充一句说明。\n`);
    try {
      const result = script('diff.ts', 'HEAD');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('No computed number, winner or recommendation changed.');
      expect(result.stdout).toContain('- glm-4.x/h200: /en/guides/glm-4.x/h200/ · /zh/guides/glm-4.x/h200/');
      expect(result.stdout).not.toContain('the index');
      expect(result.stdout).toContain(
        '- **glm-4.x/h200**, zh, slot other-cases:\n\n  ```diff\n  +\n  + 补充一句说明。\n  ```',
      );
    } finally {
      writeFileSync(file, original);
    }
  });

  it('shows an edited prose sentence and an edited compare selection, with no number changed', () => {
    const prosePath = join(scratch, 'content/guides/glm-4.x/h200/en.md');
    const yamlPath = join(scratch, 'content/guides/glm-4.x/h100/guide.yaml');
    const [prose, yaml] = [readFileSync(prosePath, 'utf8'), readFileSync(yamlPath, 'utf8')];
    const sentence = 'Achieve high throughput under high-concurrency request scenarios.';
    expect(prose).toContain(sentence);
    // The H100 guide's ShareGPT case renamed: the model's compare page no longer sets it beside the others'.
    const relabelled = yaml.replace(/(\n {4}- id: sharegpt\n {6}label: )ShareGPT\n/, '$1ShareGPT chat\n');
    expect(relabelled).not.toBe(yaml);
    writeFileSync(
      prosePath,
      prose.replace(sentence, 'Serve as many tokens a second as the node can, under many concurrent requests.'),
    );
    writeFileSync(yamlPath, relabelled);
    try {
      const result = script('diff.ts', 'HEAD');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain('No computed number, winner or recommendation changed.');
      expect(result.stdout).toContain(
        [
          '- **glm-4.x/h200**, en, slot objective:',
          '',
          '  ```diff',
          `  - ${sentence}`,
          '  + Serve as many tokens a second as the node can, under many concurrent requests.',
          '  ```',
        ].join('\n'),
      );
      expect(result.stdout).toContain(
        '- Compare model **glm-4.x**, case sharegpt by Total TPS: glm-4.x/a100 (sharegpt), glm-4.x/h100 (sharegpt), glm-4.x/h200 (sharegpt) → **glm-4.x/a100 (sharegpt), glm-4.x/h200 (sharegpt)**.',
      );
      expect(result.stdout).toContain(
        '- Compare model **glm-4.x**, glm-4.x/h100, named but not compared: none → **sharegpt**.',
      );
      expect(result.stdout).toContain('**data/guides is out of date** for glm-4.x/h100, glm-4.x/h200:');
    } finally {
      writeFileSync(prosePath, prose);
      writeFileSync(yamlPath, yaml);
    }
  });

  it('reports an edited raw value without a rebuild, and says data/guides is stale', () => {
    const file = raw('cases/sharegpt/optimized.txt');
    const original = readFileSync(file, 'utf8');
    const printed = /Total Token throughput \(tok\/s\):\s+([\d.]+)/.exec(original)?.[1];
    expect(printed).toBeDefined();
    // A faster run, every rate and the duration edited together (check refuses a lone rate edit).
    const edited = perturbResultText(original, 0.98);
    const now = /Total Token throughput \(tok\/s\):\s+([\d.]+)/.exec(edited)?.[1];
    expect(now).not.toBe(printed);
    writeFileSync(file, edited);
    try {
      const result = script('diff.ts', 'HEAD');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).not.toContain('No computed number');
      expect(result.stdout).toContain(`**${now} tok/s**`);
      expect(result.stdout).toContain('**data/guides is out of date** for glm-5.2/h200:');
      // The pages a reviewer opens in the built site: the guide's, and those listing its numbers.
      expect(result.stdout).toContain('- glm-5.2/h200: /en/guides/glm-5.2/h200/ · /zh/guides/glm-5.2/h200/');
      expect(result.stdout).toContain('- the index: /en/ · /zh/');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('after swapping the engine results and rebuilding, reports the new winner, with a fresh data/', () => {
    const vllm = readFileSync(raw('engine/vllm.txt'), 'utf8');
    const sglang = readFileSync(raw('engine/sglang.txt'), 'utf8');
    writeFileSync(raw('engine/vllm.txt'), sglang);
    writeFileSync(raw('engine/sglang.txt'), vllm);
    // The heavy-tail acknowledgement belongs to the block, so it moves with it.
    const yamlPath = join(scratch, 'content/guides/glm-5.2/h200/guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    writeFileSync(yamlPath, yaml.replace('  - file: engine/sglang.txt\n', '  - file: engine/vllm.txt\n'));
    expect(script('ingest.ts').status).toBe(0);
    // vLLM now wins the engine step, but every later step was measured on SGLang: the story breaks,
    // at each variant that no longer starts from the adopted configuration.
    const broken = script('compute.ts');
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(
      /guide\.yaml:\d+:\d+: error E_UNACKNOWLEDGED: "TP" runs on SGLang; the configuration this step starts from runs on vLLM/,
    );
    expect(script('diff.ts', 'HEAD').status).toBe(1);
    // The author says why (here: to see the report); the report then shows it to the reviewer.
    writeFileSync(
      yamlPath,
      `${readFileSync(yamlPath, 'utf8')}  - { code: W_STORY_START, reason: "later steps were measured on SGLang before the engine results were swapped" }\n`,
    );
    const computed = script('compute.ts');
    expect(computed.status, computed.stderr).toBe(0);
    const result = script('diff.ts', 'HEAD');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Choose the Inference Engine\*\*: winner SGLang → \*\*vLLM\*\*/);
    expect(result.stdout).toContain('**Story check, acknowledged:** "TP" runs on SGLang');
    expect(result.stdout).not.toContain('out of date');
    git('checkout', '-q', '--', '.');
  });

  it('refuses a tree that does not build, naming the file and line', () => {
    const file = raw('engine/sglang.txt');
    const original = readFileSync(file, 'utf8');
    writeFileSync(file, original.replace(/(Total Token throughput \(tok\/s\):\s+)[\d.]+/, '$1fast'));
    try {
      const result = script('diff.ts', 'HEAD');
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/^data\/raw\/glm-5\.2\/h200\/engine\/sglang\.txt:\d+:\d+: error /m);
      expect(result.stderr).toContain('the working tree does not build');
      expect(result.stdout).toBe('');
    } finally {
      writeFileSync(file, original);
    }
  });

  it('a block copied from another guide stops the tree; acknowledged, the report shows it to the reviewer', () => {
    // GLM-4.x/H200's vLLM engine run replaced by GLM-4.x/H100's, byte for byte.
    const target = join(scratch, 'data/raw/glm-4.x/h200/engine/vllm.txt');
    const original = readFileSync(target, 'utf8');
    writeFileSync(target, readFileSync(join(scratch, 'data/raw/glm-4.x/h100/engine/vllm.txt'), 'utf8'));
    const yamlPaths = ['glm-4.x/h200', 'glm-4.x/h100'].map((id) => join(scratch, 'content/guides', id, 'guide.yaml'));
    const yamls = yamlPaths.map((path) => readFileSync(path, 'utf8'));
    try {
      const refused = script('diff.ts', 'HEAD');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        /glm-4\.x\/h200\/guide\.yaml:\d+:\d+: error E_UNACKNOWLEDGED: data\/raw\/glm-4\.x\/h200\/engine\/vllm\.txt holds the same block as data\/raw\/glm-4\.x\/h100\/engine\/vllm\.txt/,
      );
      const reason = '  - { code: W_STORY_COPIED, reason: "the test copies a block on purpose" }\n';
      // A guide that lists acknowledgements last gains one; a guide without them gains the list.
      yamlPaths.forEach((path, i) => {
        const yaml = yamls[i] ?? '';
        writeFileSync(path, `${yaml}${yaml.includes('\nacknowledge:') ? '' : 'acknowledge:\n'}${reason}`);
      });
      const result = script('diff.ts', 'HEAD');
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout).toContain(
        '**Story check, acknowledged:** data/raw/glm-4.x/h200/engine/vllm.txt holds the same block as data/raw/glm-4.x/h100/engine/vllm.txt',
      );
    } finally {
      writeFileSync(target, original);
      yamlPaths.forEach((path, i) => writeFileSync(path, yamls[i] ?? ''));
    }
  });

  it('hostile strings in a guide that passes check are text in the report, not markup', () => {
    // A title, a case label, a raw file's name and its `# label` line, each carrying table rows,
    // HTML, an unclosed comment, an image, a link, mentions and references (guide-diff.test.ts has the rest).
    const title = 'GLM | forged | row | [link](https://evil.example) @org/team #1 **bold** `code`';
    const caseLabel =
      'Tiny | 1 | 2 | 3 | <!-- <details><summary>x</summary> ![x](https://evil.example/p.png) @org/team #1';
    const blockLabel = 'random 128 input | x | <!-- @someone #2';
    const fileName = 'hostile @org #3 [x](y) | z.log';
    const dir = join(scratch, 'data/raw/glm-4.x/h200/other-cases');
    const yamlPath = join(scratch, 'content/guides/glm-4.x/h200/guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    const block = /# random 128 input\n[\s\S]*?\n=+\n/.exec(readFileSync(join(dir, 'optimized.log'), 'utf8'))?.[0];
    expect(block).toBeDefined();
    writeFileSync(join(dir, fileName), block!.replace('# random 128 input', `# ${blockLabel}`));
    const quoted = JSON.stringify;
    writeFileSync(
      yamlPath,
      yaml
        .replace(/^title:\n {2}en: .*$/m, `title:\n  en: ${quoted(title)}`)
        .replace(
          '\notherCases:',
          [
            '',
            '    - id: hostile',
            `      label: { en: ${quoted(caseLabel)}, zh: 小 }`,
            '      baseline: { result: { file: other-cases/baseline.log, block: random 128 input } }',
            `      optimized: { result: { file: ${quoted(`other-cases/${fileName}`)}, block: ${quoted(blockLabel)} }, gpus: 4 }`,
            'otherCases:',
          ].join('\n'),
        ),
    );
    try {
      const check = script('check.ts');
      expect(check.status, check.stderr).toBe(0);
      const result = script('diff.ts', 'HEAD');
      expect(result.status, result.stderr).toBe(0);
      const tree = expectInertReport(result.stdout);
      const shown = shownText(tree);
      for (const text of [title, caseLabel, blockLabel, fileName]) expect(shown).toContain(text);
      // One table, the hostile case in its first column: no row was forged.
      const tables = allNodes(tree).filter((n) => n.type === 'table');
      expect(tables).toHaveLength(1);
      expect(tables[0]!.children!.map((row) => shownText(row.children![0]!))).toContain(caseLabel);
    } finally {
      git('checkout', '-q', '--', '.');
      rmSync(join(dir, fileName));
    }
  });

  it('refuses a ref that is not a commit', () => {
    const result = script('diff.ts', 'no-such-branch');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('"no-such-branch" is not a commit');
  });
});
