// `npm run new` scaffolds a whole guide that `check` refuses until every FILL-IN is replaced and the
// raw results it names are in place, and accepts once they are.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { fillIn as fillInScaffold, scratchRepo } from '../helpers/gpu-box/scaffolded-guide.ts';

const { root: scratch, run } = scratchRepo('perflab-new-');
const errorLines = (stderr: string) => stderr.split('\n').filter((l) => / error /.test(l));

/** What an author does after `new`: real values for every FILL-IN, raw outputs where guide.yaml says. */
type Blocks = { engine: readonly [string, string]; tuned: string; cases: readonly [string, string] };
const VLLM_BLOCKS: Blocks = {
  engine: ['glm-4.x/h200/engine/vllm.txt', 'glm-4.x/h200/engine/sglang.txt'],
  // Faster than the SGLang run, so the tuning step is adopted and the recommendation is what it measured.
  tuned: 'glm-4.x/h200/quantization/fp8.txt',
  cases: ['glm-4.x/h200/parallel/tp4.txt', 'glm-4.x/h200/parallel/tp4-ep4.txt'],
};
// GPUStack blocks print request latency (a latency guide's default primary); vLLM's here do not.
const GPUSTACK_BLOCKS: Blocks = {
  engine: ['glm-5.2/h200/engine/vllm.txt', 'glm-5.2/h200/mem-fraction/auto.txt'],
  tuned: 'glm-5.2/h200/mem-fraction/0.85.txt',
  cases: ['glm-5.2/h200/cases/sharegpt/baseline.txt', 'glm-5.2/h200/cases/sharegpt/optimized.txt'],
};

function fillIn(model: string, hardware: string, blocks: Blocks) {
  fillInScaffold(scratch, model, hardware, {
    tuning: { id: 'expert-parallel', flag: '--enable-expert-parallel' },
    versions: { vllm: 'v0.11.0', sglang: 'v0.11.0' },
    more: (text) => text.replace('# samples: 200', 'samples: 200'),
  });
  const seed = join(repoRoot, 'data/raw');
  const raw = join(scratch, 'data/raw', model, hardware);
  for (const [to, from] of [
    ['engine/vllm.txt', blocks.engine[0]],
    ['engine/sglang.txt', blocks.engine[1]],
    ['tuning/after.txt', blocks.tuned],
    ['gsm8k/before.txt', 'glm-5.2/h200/gsm8k/bf16.txt'],
    ['gsm8k/after.txt', 'glm-5.2/h200/gsm8k/fp8_e4m3.txt'],
    ['cases/second-workload/baseline.txt', blocks.cases[0]],
    ['cases/second-workload/optimized.txt', blocks.cases[1]],
  ] as const) {
    mkdirSync(dirname(join(raw, to)), { recursive: true });
    cpSync(join(seed, from), join(raw, to));
  }
}

describe('npm run new', () => {
  it('writes guide.yaml, en.md, zh.md and the raw folder', () => {
    const result = run('new-guide.ts', 'qwen3-8b', 'h100', '--gpus', '8');
    expect(result.status, result.stderr).toBe(0);
    for (const file of [
      'content/guides/qwen3-8b/h100/guide.yaml',
      'content/guides/qwen3-8b/h100/en.md',
      'content/guides/qwen3-8b/h100/zh.md',
      'data/raw/qwen3-8b/h100',
    ]) {
      expect(existsSync(join(scratch, file)), file).toBe(true);
    }
    const yaml = readFileSync(join(scratch, 'content/guides/qwen3-8b/h100/guide.yaml'), 'utf8');
    for (const part of [
      'id: engine',
      'reference: previous-winner',
      'accuracy:',
      'comparison:',
      'objective: throughput',
    ])
      expect(yaml).toContain(part);
  });

  it('refuses to overwrite an existing guide, bad slugs, an unknown objective and a missing GPU count', () => {
    expect(run('new-guide.ts', 'qwen3-8b', 'h100', '--gpus', '8').status).toBe(1);
    expect(run('new-guide.ts', 'Qwen 3', 'h100', '--gpus', '8').status).toBe(2);
    const objective = run('new-guide.ts', 'qwen3-8b', 'a100', '--gpus', '8', '--objective', 'speed');
    expect(objective.status).toBe(2);
    expect(objective.stderr).toContain('--objective must be one of throughput, latency, found "speed"');
    const missing = run('new-guide.ts', 'qwen3-8b', 'a100');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('new: expected --gpus <count>: how many GPUs the machine has');
    for (const bad of ['0', 'eight', '2.5', '-4']) {
      const result = run('new-guide.ts', 'qwen3-8b', 'a100', `--gpus=${bad}`);
      expect(result.status, bad).toBe(2);
      expect(result.stderr).toContain(`--gpus must be a whole number of GPUs from 1, found "${bad}"`);
    }
    expect(existsSync(join(scratch, 'content/guides/qwen3-8b/a100'))).toBe(false);
  });

  it('check fails on every FILL-IN left and every raw result not yet there, at its line', () => {
    const result = run('check.ts');
    expect(result.status).toBe(1);
    const errors = errorLines(result.stderr);
    const codes = new Set(errors.map((line) => / error (\w+):/.exec(line)?.[1]));
    expect([...codes].sort()).toEqual(['E_FILL_IN', 'E_REFERENCE']);
    for (const file of ['guide.yaml', 'en.md', 'zh.md'])
      expect(errors.some((l) => l.startsWith(`content/guides/qwen3-8b/h100/${file}:`) && l.includes('E_FILL_IN'))).toBe(
        true,
      );
    // The raw folder is still empty: each missing file says to copy the output there, not to pick from a list.
    expect(result.stderr).toContain(
      "  hint: data/raw/qwen3-8b/h100/ holds no benchmark output yet: copy each benchmark's output there first, as the tool printed it (this one to data/raw/qwen3-8b/h100/engine/vllm.txt)\n",
    );
    expect(result.stderr).not.toContain('names listed');
    expect(errors).toContain(
      'content/guides/qwen3-8b/h100/guide.yaml:7:9: error E_FILL_IN: FILL-IN left for the author (by `npm run new` or `npm run import`): "name: FILL-IN/qwen3-8b      # the model id as served (what --model / --model-path receives)"',
    );
  });

  it('with raw files in but one FILL-IN left, check still fails on exactly that one', () => {
    fillIn('qwen3-8b', 'h100', VLLM_BLOCKS);
    const yamlPath = join(scratch, 'content/guides/qwen3-8b/h100/guide.yaml');
    const filled = readFileSync(yamlPath, 'utf8');
    writeFileSync(yamlPath, filled.replace('version: v0.11.0 }', 'version: FILL-IN }'));
    try {
      const result = run('check.ts');
      expect(result.status).toBe(1);
      expect(errorLines(result.stderr)).toEqual([
        expect.stringMatching(/^content\/guides\/qwen3-8b\/h100\/guide\.yaml:18:\d+: error E_FILL_IN: /),
      ]);
    } finally {
      writeFileSync(yamlPath, filled);
    }
  });

  it('check passes once every FILL-IN is replaced and the raw results are in', () => {
    const result = run('check.ts');
    expect(errorLines(result.stderr)).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
  });

  it('scaffolds a latency guide that passes check the same way', () => {
    expect(run('new-guide.ts', 'qwen3-8b', 'l40s', '--gpus', '8', '--objective', 'latency').status).toBe(0);
    const yaml = readFileSync(join(scratch, 'content/guides/qwen3-8b/l40s/guide.yaml'), 'utf8');
    expect(yaml).toContain('objective: latency');
    expect(yaml).toContain('primary: e2e_latency.mean');
    expect(run('check.ts').status).toBe(1);
    fillIn('qwen3-8b', 'l40s', GPUSTACK_BLOCKS);
    const result = run('check.ts');
    expect(errorLines(result.stderr)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('scaffolds the GPU count it is given: every command runs on all of them, and check passes', () => {
    // The same raw blocks in two guides would be a copy (W_STORY_COPIED): this one takes the place of qwen3-8b/h100.
    for (const dir of ['content/guides/qwen3-8b/h100', 'data/raw/qwen3-8b/h100'])
      rmSync(join(scratch, dir), { recursive: true });
    expect(run('new-guide.ts', 'qwen3-8b', 'a100', '--gpus', '4').status).toBe(0);
    const yamlPath = join(scratch, 'content/guides/qwen3-8b/a100/guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    expect(yaml).toMatch(/^ {2}gpus: 4 /m);
    expect(yaml).toContain('label: FILL-IN a100x4');
    expect(yaml).not.toMatch(/=8\b/);
    expect(yaml.match(/--tensor-parallel-size=4/g)).toHaveLength(2);
    expect(yaml.match(/--tp-size=4/g)).toHaveLength(6);
    fillIn('qwen3-8b', 'a100', VLLM_BLOCKS);
    const result = run('check.ts');
    expect(errorLines(result.stderr)).toEqual([]);
    expect(result.status).toBe(0);
  });

  it('check refuses a GPU count no command runs on, at the gpus: line', () => {
    // The first guide of issue 23: the machine said 8 GPUs, every command ran TP 4.
    const yamlPath = join(scratch, 'content/guides/qwen3-8b/a100/guide.yaml');
    const filled = readFileSync(yamlPath, 'utf8');
    const line = filled.split('\n').findIndex((l) => /^ {2}gpus: /.test(l)) + 1;
    writeFileSync(yamlPath, filled.replace(/^ {2}gpus: 4/m, '  gpus: 8'));
    try {
      const result = run('check.ts');
      expect(result.status).toBe(1);
      expect(errorLines(result.stderr)).toEqual([
        `content/guides/qwen3-8b/a100/guide.yaml:${line}:3: error E_GPU_COUNT: the machine has 8 GPUs (hardware.gpus), but no command runs on 8: every one runs on 4`,
      ]);
      expect(result.stderr).toContain('  expected: hardware.gpus: 4, or commands whose parallelism uses all 8 GPUs\n');
      expect(result.stderr).toMatch(
        / {2}found: --tensor-parallel-size=4 \(line \d+\) = 4 GPUs; --tp-size=4 \(line \d+\) = 4 GPUs; /,
      );
    } finally {
      writeFileSync(yamlPath, filled);
    }
  });

  it('spells the family as the other guides do, whatever its case, so the index keeps one row per family', () => {
    const family = (model: string, hardware: string) =>
      /^ {2}family: (.*?) +#/m.exec(
        readFileSync(join(scratch, 'content/guides', model, hardware, 'guide.yaml'), 'utf8'),
      )?.[1];
    // another guide of the family, in another model folder: the family is the slug but for its case
    const other = join(scratch, 'content/guides/qwen3-32b-awq/a100');
    mkdirSync(other, { recursive: true });
    cpSync(join(repoRoot, 'content/guides/qwen3-32b/a100/guide.yaml'), join(other, 'guide.yaml'));
    expect(run('new-guide.ts', 'qwen3-32b', 'h200', '--gpus', '8').status).toBe(0);
    expect(family('qwen3-32b', 'h200')).toBe('Qwen3-32B');
    // a guide of the same model folder gives its family, whatever the slug
    const renamed = join(scratch, 'content/guides/qwen3-32b/h200/guide.yaml');
    writeFileSync(renamed, readFileSync(renamed, 'utf8').replace('family: Qwen3-32B', 'family: Qwen3 32B dense'));
    expect(run('new-guide.ts', 'qwen3-32b', 'b200', '--gpus', '8').status).toBe(0);
    expect(family('qwen3-32b', 'b200')).toBe('Qwen3 32B dense');
    // a family no guide has yet is the slug
    expect(run('new-guide.ts', 'brand-new-model', 'h100', '--gpus', '1').status).toBe(0);
    expect(family('brand-new-model', 'h100')).toBe('brand-new-model');
  });
});
