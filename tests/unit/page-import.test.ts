// import and audit of Performance Lab pages: composed fixture pages of each family with planted
// errors (tests/fixtures/performance-lab-page/<case>/page.md, expected audit in expected-audit.txt)
// and the page tokenizer on hostile input (every published page: corpus-import.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { auditPage, cellClaims, commandFlags, normalizeBlock } from '../../src/lib/import/audit.ts';
import { draftDecisions } from '../../src/lib/import/decisions.ts';
import { parsePage } from '../../src/lib/import/page-blocks.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import { hardwareOf, importPage } from '../../src/lib/import/write-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { expectGolden } from '../helpers/golden.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const fixtures = join(repoRoot, 'tests/fixtures/performance-lab-page');
const cases = readdirSync(fixtures).sort();

describe.each(cases)('composed page %s', (name) => {
  const file = `tests/fixtures/performance-lab-page/${name}/page.md`;
  const { page, problems } = readPerformanceLabPage(readFileSync(join(repoRoot, file), 'utf8'));

  it('reads without a problem', () => {
    expect(problems).toEqual([]);
    expect(page).toBeDefined();
  });

  it('audit names exactly the planted differences', () => {
    if (!page) throw new Error('unreadable');
    const report = auditPage(page, file)
      .map((f) => `${file}:${f.line}: ${f.message}\n`)
      .join('');
    expectGolden(join(fixtures, name, 'expected-audit.txt'), report, 'performance-lab-page');
  });

  it('import writes raw files that ingest parses without an error, verbatim from the page', () => {
    if (!page) throw new Error('unreadable');
    const files = importPage(page, 'tiny/h100', file);
    const { diagnostics, runs } = ingestGuide([...files.raw].map(([path, text]) => ({ path, file: path, text })));
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(runs.length).toBeGreaterThanOrEqual(files.raw.size);
    const pageText = readFileSync(join(repoRoot, file), 'utf8');
    for (const text of files.raw.values())
      for (const line of text.split('\n').filter((l) => l.trim() !== '')) expect(pageText).toContain(line);
  });
});

describe('page tokenizer', () => {
  it('keeps admonition bodies de-indented with their page lines', () => {
    const blocks = parsePage('# T\n\n??? info "Benchmark result"\n    ```\n    Total: 1\n    ```\n');
    expect(blocks[1]).toMatchObject({
      kind: 'admonition',
      line: 3,
      title: 'Benchmark result',
      body: [{ kind: 'code', line: 4, firstLine: 5, text: 'Total: 1', closed: true }],
    });
  });

  it('reads hostile lines in one pass: a million dashes, a deep nest, an unclosed fence', () => {
    const dashes = `${'-'.repeat(1_000_000)}\n`;
    const deep = Array.from({ length: 40 }, (_, i) => `${'    '.repeat(i)}!!! note`).join('\n');
    const blocks = parsePage(`# ${'#'.repeat(100_000)} x\n${dashes}${deep}\n\`\`\`\nnever closed\n`);
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 1 });
    expect(blocks.at(-1)).toMatchObject({ kind: 'code', closed: false, text: 'never closed\n' });
  });
});

describe('a page of hostile size', () => {
  it('a note of 300,000 lines is read, drafted and audited without a stack overflow', () => {
    const file = 'tests/fixtures/performance-lab-page/generator-throughput/page.md';
    const note = `!!! note\n${Array.from({ length: 300_000 }, (_, i) => `    line ${i}`).join('\n')}\n\n`;
    const text = readFileSync(join(repoRoot, file), 'utf8').replace('## Conclusion\n', `## Conclusion\n\n${note}`);
    const { page } = readPerformanceLabPage(text);
    expect(page?.notes).toHaveLength(300_002);
    expect(importPage(page!, 'tiny/h100', file).enMd).toContain('line 299999\n');
    expect(auditPage(page!, file).length).toBeGreaterThan(0);
  });
});

describe('claims and commands', () => {
  it('reads a conclusion cell with GPU-count scaling', () => {
    expect(cellClaims('Total TPS: 7081.34x2 <span>(+134.8%)</span><br>Mean TPOT(ms): 256.43')).toEqual({
      tps: '7081.34',
      scale: 2,
      percent: '+134.8',
      tpot: '256.43',
    });
  });

  it('treats --flag=value and --flag value alike, ignoring comment lines', () => {
    expect([...commandFlags('# start\nvllm serve m \\\n  --tp 2 --max-num-seqs=64 --enforce-eager')]).toEqual([
      ['--tp', '2'],
      ['--max-num-seqs', '64'],
      ['--enforce-eager', ''],
    ]);
  });

  it('names the accelerator and its count', () => {
    expect(hardwareOf('A single NVIDIA H100 SXM GPU.')).toEqual({ name: 'NVIDIA H100', count: 1, accelerator: 'GPU' });
    expect(hardwareOf('8 × NVIDIA H200 SXM GPUs on a single node.')).toEqual({
      name: 'NVIDIA H200',
      count: 8,
      accelerator: 'GPU',
    });
    expect(hardwareOf('A single Ascend 910B NPU.')).toEqual({ name: 'Ascend 910B', count: 1, accelerator: 'NPU' });
  });
});

describe('a conclusion backed by step results, not "Other Benchmark Cases" blocks', () => {
  const file = 'tests/fixtures/performance-lab-page/conclusion-from-step-results/page.md';
  const { page } = readPerformanceLabPage(readFileSync(join(repoRoot, file), 'utf8'));
  const files = importPage(page!, 'tiny/h100', file);
  const yaml = parseYaml(files.guideYaml) as { comparison?: { cases: unknown[] } };

  it('the draft carries each row whose runs are step results, by value or as the tuned workload', () => {
    expect(yaml.comparison?.cases).toEqual([
      // its optimized column was copied from another page: the last adopted winner stands in, and the audit names the copy
      {
        id: 'sharegpt-optimization-target',
        label: 'ShareGPT (Optimization Target)',
        baseline: { result: 'choosing-the-inference-engine/vllm.txt' },
        optimized: { result: 'attention-backend-in-sglang/run.txt' },
      },
      {
        id: 'engine-only',
        label: 'Engine Only',
        baseline: { result: 'choosing-the-inference-engine/vllm.txt' },
        optimized: { result: 'choosing-the-inference-engine/sglang.txt' },
      },
    ]);
  });

  it('a row no block backs is left out, and the audit says the draft lacks it', () => {
    expect(files.leftOut).toEqual([{ line: 18, message: expect.stringContaining('"Long Prompt"') }]);
    expect(auditPage(page!, file).filter((f) => f.message.startsWith('the draft has no case'))).toEqual([
      {
        line: 18,
        message: expect.stringContaining(
          '"Long Prompt": no block on this page prints its baseline or its optimized value',
        ),
      },
    ]);
  });
});

describe('the Benchmark Dataset list', () => {
  const file = 'tests/fixtures/performance-lab-page/benchmark-datasets/page.md';
  const { page } = readPerformanceLabPage(readFileSync(join(repoRoot, file), 'utf8'));
  const files = importPage(page!, 'tiny/h100', file);

  it('is the draft’s datasets, each sequence length with its input and output tokens', () => {
    const text = (en: string) => ({ en, zh: en });
    expect((parseYaml(files.guideYaml) as { datasets: unknown }).datasets).toEqual([
      { id: 'sharegpt', label: text('ShareGPT') },
      {
        id: 'random',
        label: text('Random dataset with varying sequence lengths:'),
        variants: [
          { label: text('Long prompt'), inputTokens: 4000, outputTokens: 200 },
          { label: text('Short prompt'), inputTokens: 128, outputTokens: 4 },
          { label: text('Generation-heavy prompt'), inputTokens: 1000, outputTokens: 2000 },
        ],
      },
    ]);
  });

  it('a line it cannot read as a dataset or a length is left out, and named', () => {
    expect(files.leftOut).toEqual([
      { line: 44, message: expect.stringContaining('"- Mixed lengths replayed from a production trace"') },
    ]);
  });
});

describe('a step whose best runs tie', () => {
  const file = 'tests/fixtures/performance-lab-page/tied-step/page.md';
  const { page } = readPerformanceLabPage(readFileSync(join(repoRoot, file), 'utf8'));
  const files = importPage(page!, 'tiny/h100', file);
  const yaml = parseYaml(files.guideYaml) as { steps: { id: string; winner?: unknown }[] };

  it('the draft names the first listed as the winner, with the published generator’s rule as its reason', () => {
    expect(files.ties).toEqual([
      { step: 'attention-backend-in-sglang', winner: 'fa3', tiedWith: ['flashinfer'], at: '1200.00 tok/s' },
    ]);
    expect(yaml.steps[1]?.winner).toEqual({
      variant: 'fa3',
      reason: {
        en: "tied with FlashInfer at 1200.00 tok/s; the first listed is adopted, as the published page's generator does",
        zh: '与 FlashInfer 并列（1200.00 tok/s）；按原页面生成器的规则，采用排在前面的一项',
      },
    });
    expect(yaml.steps[0]?.winner).toBeUndefined();
  });

  it('and the draft computes; as a pairwise summary the winner is compared with the run it tied with', () => {
    const id = 'tiny/h100';
    const runs = ingestGuide(
      [...files.raw].map(([path, text]) => ({ path, file: `data/raw/${id}/${path}`, text })),
    ).runs;
    const build = (text: string) =>
      buildGuide({
        id,
        yaml: { file: `content/guides/${id}/guide.yaml`, text },
        runs,
        prose: { en: { file: `content/guides/${id}/en.md`, text: files.enMd } },
      });
    const drafted = build(files.guideYaml);
    expect(drafted.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(drafted.guide!.steps[1]).toMatchObject({
      winner: 'fa3',
      summary: { kind: 'ranking', order: ['fa3', 'flashinfer'] },
    });
    // A generator page says "Summary:" (pairwise against the worst run): the tie is no error either.
    const pairwise = build(files.guideYaml.replace(/summary: ranking/g, 'summary: pairwise'));
    expect(pairwise.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(pairwise.guide!.steps[1]?.summary).toMatchObject({
      kind: 'pairwise',
      winner: 'fa3',
      reference: 'flashinfer',
    });
  });
});

describe('what the draft leaves for its author', () => {
  const file = 'tests/fixtures/performance-lab-page/tied-step/page.md';
  // The vLLM block's P99 TTFT below its mean: a plausibility warning the author must judge.
  const text = readFileSync(join(repoRoot, file), 'utf8').replace(
    'P99 TTFT (ms):                           300.00',
    'P99 TTFT (ms):                           95.00',
  );
  const { page } = readPerformanceLabPage(text);
  const sglang = [...importPage(page!, 'tiny/h100', file).raw].find(
    ([path]) => path === 'choosing-the-inference-engine/sglang.txt',
  )![1];
  const known = new Map([[normalizeBlock(sglang), 'data/raw/other/h100/engine/sglang.txt']]);
  const files = importPage(page!, 'tiny/h100', file, known);

  it('is one list, each item once with the decision it needs', () => {
    expect(draftDecisions('tiny/h100', files, known)).toEqual([
      expect.stringMatching(
        /^content\/guides\/tiny\/h100\/guide\.yaml acknowledge\[0\]: W_MEAN_ABOVE_PERCENTILE on ttft\.mean of data\/raw\/tiny\/h100\/choosing-the-inference-engine\/vllm\.txt: .*\. Write why it is acceptable \(reason en and zh\), or rerun the benchmark$/,
      ),
      "content/guides/tiny/h100/guide.yaml acknowledge[1]: data/raw/tiny/h100/choosing-the-inference-engine/sglang.txt is the same block as data/raw/other/h100/engine/sglang.txt, another guide's result. Replace it with this guide's own run and remove the entry, or write why the same run belongs to both (reason en and zh)",
      'content/guides/tiny/h100/guide.yaml step "attention-backend-in-sglang": "fa3" is the winner of a tie with "flashinfer" at 1200.00 tok/s, by the published generator\'s rule (the first listed). Confirm it, or name another and say why',
      'content/guides/tiny/h100/zh.md: translate en.md slot by slot (until then the zh page shows the English prose under a "not translated yet" notice)',
    ]);
  });

  it('a copied file the draft does not acknowledge (imported without the known blocks) is still named once', () => {
    const unacknowledged = importPage(page!, 'tiny/h100', file);
    expect(draftDecisions('tiny/h100', unacknowledged, known).filter((d) => d.includes('other/h100'))).toEqual([
      "data/raw/tiny/h100/choosing-the-inference-engine/sglang.txt is the same block as data/raw/other/h100/engine/sglang.txt, another guide's result. Replace it with this guide's own run, or acknowledge W_STORY_COPIED with why the same run belongs to both",
    ]);
  });
});

describe('the draft guide import writes', () => {
  const block = (tps: string) => `    ============ Serving Benchmark Result ============
    Successful requests:                     100
    Benchmark duration (s):                  100.00
    Total input tokens:                      100000
    Total generated tokens:                  20000
    Request throughput (req/s):              1.00
    Output token throughput (tok/s):         200.00
    Peak output token throughput (tok/s):    150.00
    Total Token throughput (tok/s):          ${tps}
    ---------------Time to First Token----------------
    Mean TTFT (ms):                          900.00
    Median TTFT (ms):                        850.00
    P99 TTFT (ms):                           1500.00
    -----Time per Output Token (excl. 1st token)------
    Mean TPOT (ms):                          40.00
    Median TPOT (ms):                        39.00
    P99 TPOT (ms):                           55.00
    ==================================================`;
  const page = `# Optimizing Tiny Throughput on Ascend 910B

## Conclusion

???+ tip "Serving Command"
    \`\`\`bash
    vllm serve org/tiny --max-num-batched-tokens 8192
    \`\`\`

## Experimental Setup

### Model

org/tiny

### Hardware

A single Ascend 910B NPU.

### Engine Version

- vLLM-Ascend: v0.10.0
- MindIE: v2.1

### Open-Source Replacement

Use the vLLM bench CLI directly.

## Experiment Results

### 1. Choosing the Inference Engine

vLLM
??? info "Serving script"
    \`\`\`bash
    vllm serve org/tiny
    \`\`\`

??? info "Benchmark result"
    \`\`\`
${block('1200.00')}
    \`\`\`

### 2. Max Batched Tokens

??? info "Serving script"
    \`\`\`bash
    vllm serve org/tiny --max-num-batched-tokens \${n}
    \`\`\`

??? info "Benchmark result"
    \`\`\`
    # --max-num-batched-tokens 4096
${block('1200.00')}

    # --max-num-batched-tokens 8192
${block('1200.00')}
    \`\`\`
`;
  const { page: read } = readPerformanceLabPage(page);
  const files = importPage(read!, 'tiny/910b', 'page.md');
  type Draft = {
    hardware: unknown;
    sections: unknown;
    steps: { variants: { engine: string }[] }[];
    acknowledge: { code: string; file?: string; reason: { en: string; zh: string } }[];
  };
  const yaml = parseYaml(files.guideYaml) as Draft;

  it('a block of several labelled results: one variant per block, each naming its block', () => {
    expect(yaml.steps[1]?.variants).toEqual([
      expect.objectContaining({
        id: 'max-num-batched-tokens-4096',
        label: '--max-num-batched-tokens 4096',
        result: { file: 'max-batched-tokens/run.txt', block: '--max-num-batched-tokens 4096' },
      }),
      expect.objectContaining({
        id: 'max-num-batched-tokens-8192',
        result: { file: 'max-batched-tokens/run.txt', block: '--max-num-batched-tokens 8192' },
      }),
    ]);
  });

  it('an NPU machine, its engines by the page’s names, and an extra section in a prose slot', () => {
    expect(yaml.hardware).toEqual({
      name: 'Ascend 910B',
      gpus: 1,
      accelerator: 'npu',
      label: 'A single Ascend 910B NPU',
    });
    expect(yaml.steps[0]?.variants[0]?.engine).toBe('vllm-ascend');
    expect(yaml.sections).toEqual([
      {
        id: 'open-source-replacement',
        title: { en: 'Open-Source Replacement', zh: 'Open-Source Replacement' },
        after: 'setup',
      },
    ]);
    expect(files.enMd).toContain('<!-- slot: section:open-source-replacement -->\nUse the vLLM bench CLI directly.');
  });

  it('drafts an acknowledgement of each plausibility warning, per file, with its reason left to the author', () => {
    // Every block prints a peak below its mean (W_PEAK_BELOW_MEAN): one entry per raw file.
    expect(yaml.acknowledge).toEqual([
      expect.objectContaining({
        code: 'W_PEAK_BELOW_MEAN',
        metric: 'peak_output_token_throughput',
        file: 'choosing-the-inference-engine/vllm.txt',
      }),
      expect.objectContaining({
        code: 'W_PEAK_BELOW_MEAN',
        metric: 'peak_output_token_throughput',
        file: 'max-batched-tokens/run.txt',
        block: '--max-num-batched-tokens 4096',
      }),
      expect.objectContaining({
        code: 'W_PEAK_BELOW_MEAN',
        metric: 'peak_output_token_throughput',
        file: 'max-batched-tokens/run.txt',
        block: '--max-num-batched-tokens 8192',
      }),
    ]);
    expect(yaml.acknowledge.every((entry) => entry.reason.en.startsWith('FILL-IN'))).toBe(true);
  });
});

describe('a "Benchmark result" block that is an error message, and one that holds results no parser reads', () => {
  const file = 'tests/fixtures/performance-lab-page/legacy-throughput/page.md';
  const open = '??? info "Benchmark result"\n    ```\n';
  /** The page with its n-th result block (0-based) replaced by `lines`. */
  const replaceBlock = (text: string, n: number, lines: string[]) => {
    let start = -1;
    for (let i = 0; i <= n; i++) start = text.indexOf(open, start + 1);
    const from = start + open.length;
    const to = text.indexOf('    ```', from);
    return `${text.slice(0, from)}${lines.map((l) => `    ${l}\n`).join('')}${text.slice(to)}`;
  };
  let text = readFileSync(join(repoRoot, file), 'utf8');
  text = replaceBlock(text, 1, ['# Crash. FP8 not supported on A100 (SM80), CUDA 12.4']);
  text = replaceBlock(text, 2, [
    'Requests done: 1000',
    'Elapsed: 80.00',
    'Tokens per second: 1200.00',
    'Latency p50: 18.00',
  ]);
  const { page } = readPerformanceLabPage(text);
  const crashLine = text.split('\n').findIndex((l) => l.includes('# Crash.')) + 1;
  const unreadLine = text.split('\n').findIndex((l) => l.includes('Requests done: 1000')) + 1;

  it('the error message is a failed run, which the audit does not call unreadable (it holds digits, no results)', () => {
    const variants = (
      parseYaml(importPage(page!, 'tiny/h100', file).guideYaml) as {
        steps: { variants: { label: string; status?: string; reason?: string }[] }[];
      }
    ).steps.flatMap((s) => s.variants);
    expect(variants.find((v) => v.label === 'SGLang')).toMatchObject({
      status: 'failed',
      reason: '# Crash. FP8 not supported on A100 (SM80), CUDA 12.4',
    });
    // Results perflab cannot read are no failure: the author decides, and check holds the draft to it.
    expect(variants.find((v) => v.reason?.startsWith('FILL-IN'))).toMatchObject({
      status: 'failed',
      reason: `FILL-IN: the page's result block (line ${unreadLine}) holds results perflab cannot read: copy the tool's output again, or say why the run failed`,
    });
    const unread = auditPage(page!, file).filter((f) => f.message.startsWith('could not read'));
    expect(unread.map((f) => f.line)).toEqual([unreadLine]);
    expect(crashLine).toBeGreaterThan(0);
  });
});

describe('the prose of the setup and of the other cases', () => {
  const read = (name: string, edit: (text: string) => string = (t) => t) => {
    const file = `tests/fixtures/performance-lab-page/${name}/page.md`;
    const { page } = readPerformanceLabPage(edit(readFileSync(join(repoRoot, file), 'utf8')));
    return importPage(page!, 'tiny/h100', file).enMd;
  };
  const slot = (md: string, name: string) => md.split(`<!-- slot: ${name} -->\n`)[1]?.split('<!-- slot')[0]?.trim();

  it('the Benchmark Method paragraphs are the draft’s benchmark-method slot', () => {
    expect(slot(read('generator-throughput'), 'benchmark-method')).toBe(
      "GPUStack's one-click benchmark, built on guidellm, ran every configuration below.",
    );
  });

  it('the Benchmark Script section’s paragraphs are benchmark-commands, the other cases’ introduction other-cases', () => {
    const md = read('legacy-throughput', (text) =>
      text.replace(
        '## Experiment Results',
        '### Benchmark Script\n\nEvery run used this command.\n\n```bash\nvllm bench serve --model org/Tiny-7B --dataset-name sharegpt --num-prompts 1000\n```\n\nThe seed was fixed.\n\n## Experiment Results',
      ),
    );
    expect(slot(md, 'benchmark-commands')).toBe('Every run used this command.\n\nThe seed was fixed.');
    expect(slot(md, 'other-cases')).toBe('We benchmarked the optimized configuration on more workloads.');
  });
});
