// npm run plan on a scaffolded guide: every measurement, as text and as JSON a scheduler reads,
// with which raw results (and records) are already in data/raw.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { fillIn, scratchRepo } from '../helpers/gpu-box/scaffolded-guide.ts';

const { root: scratch, run } = scratchRepo('perflab-plan-');

const PlanJson = z.object({
  guide: z.string(),
  measurements: z.array(
    z.object({
      id: z.string(),
      rawPath: z.string(),
      exists: z.boolean(),
      recorded: z.boolean(),
      server: z.object({ command: z.string(), words: z.array(z.string()), port: z.number(), health: z.string() }),
      benchmark: z.object({ tool: z.string(), command: z.string(), words: z.array(z.string()) }),
      record: z.array(z.string()),
      problems: z.array(z.object({ message: z.string(), file: z.string(), line: z.number() })),
    }),
  ),
});

describe('npm run plan', () => {
  it('lists a new guide: FILL-INs as problems at their guide.yaml lines, then every measurement to run', () => {
    expect(run('new-guide.ts', 'qwen3-8b', 'h100', '--gpus', '2').status).toBe(0);
    const before = run('plan.ts', 'qwen3-8b/h100', '--json');
    expect(before.status, before.stderr).toBe(0);
    const scaffolded = PlanJson.parse(JSON.parse(before.stdout));
    expect(scaffolded.measurements).toHaveLength(7);
    const first = scaffolded.measurements[0];
    expect(first?.problems[0]?.message).toMatch(
      /^the command still holds FILL-IN from npm run new: vllm serve FILL-IN/,
    );
    expect(first?.problems[0]?.file).toBe('content/guides/qwen3-8b/h100/guide.yaml');

    fillIn(scratch, 'qwen3-8b', 'h100', {
      tuning: { id: 'mem-fraction', flag: '--mem-fraction-static=0.85' },
      versions: { vllm: 'v0.11.0', sglang: 'v0.5.3' },
    });
    const raw = join(scratch, 'data/raw/qwen3-8b/h100/engine');
    mkdirSync(raw, { recursive: true });
    writeFileSync(join(raw, 'vllm.txt'), readFileSync(join(repoRoot, 'data/raw/glm-4.x/h200/engine/vllm.txt')));
    writeFileSync(join(raw, 'sglang.txt'), readFileSync(join(repoRoot, 'data/raw/glm-4.x/h200/engine/sglang.txt')));
    writeFileSync(
      join(raw, 'sglang.txt.record.json'),
      JSON.stringify({
        perflabRecord: 1,
        results: [
          {
            block: null,
            started: '2026-12-01T10:00:00.000Z',
            ended: '2026-12-01T10:20:00.000Z',
            accelerators: null,
            acceleratorsUnknown: 'neither nvidia-smi nor npu-smi was found',
            engine: null,
            serving: null,
            benchmark: { command: 'vllm bench serve --port 30000' },
          },
        ],
      }),
    );

    const json = run('plan.ts', 'qwen3-8b/h100', '--json', '--port', '18000');
    const plan = PlanJson.parse(JSON.parse(json.stdout));
    expect(plan.measurements.flatMap((m) => m.problems)).toEqual([]);
    expect(plan.measurements.map((m) => [m.id, m.exists, m.recorded])).toEqual([
      ['engine/vllm.txt', true, false],
      ['engine/sglang.txt', true, true],
      ['tuning/after.txt', false, false],
      ['gsm8k/before.txt', false, false],
      ['gsm8k/after.txt', false, false],
      ['cases/second-workload/baseline.txt', false, false],
      ['cases/second-workload/optimized.txt', false, false],
    ]);
    const tuned = plan.measurements[2];
    expect(tuned?.server.command).toBe(
      'python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2 --mem-fraction-static=0.85 --port 18000',
    );
    expect(tuned?.server.health).toBe('http://127.0.0.1:18000/health');
    expect(tuned?.benchmark.words.slice(0, 3)).toEqual(['vllm', 'bench', 'serve']);
    expect(tuned?.rawPath).toBe('data/raw/qwen3-8b/h100/tuning/after.txt');
    expect(tuned?.record).toEqual(['npm', 'run', 'record', '--', 'qwen3-8b/h100', 'tuning/after.txt']);

    const text = run('plan.ts', 'qwen3-8b/h100');
    expect(text.stdout).toContain(
      'plan: qwen3-8b/h100: 7 measurement(s) on 3 server(s): 1 recorded, 1 present without a record, 5 to run, 0 that cannot run as planned',
    );
    expect(text.stdout).toContain(
      '  [x] engine/sglang.txt   (step engine, variant sglang; step mem-fraction, variant before)',
    );
    expect(text.stdout).toContain('      → data/raw/qwen3-8b/h100/tuning/after.txt');
    // plan writes nothing
    expect(readdirSync(join(scratch, 'data/raw/qwen3-8b/h100')).sort()).toEqual(['engine']);
  });

  it('refuses what is not a guide, and a guide.yaml that is not valid, with where', () => {
    const missing = run('plan.ts', 'nothing/here');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(
      'content/guides/nothing/here/guide.yaml: error E_GUIDE_MISSING: there is no guide nothing/here',
    );
    expect(run('plan.ts').status).toBe(2);
    expect(run('plan.ts', 'a/b', '--port', 'http').status).toBe(2);
    const yamlPath = join(scratch, 'content/guides/qwen3-8b/h100/guide.yaml');
    writeFileSync(yamlPath, readFileSync(yamlPath, 'utf8').replace('objective: throughput', 'objective: speed'));
    const invalid = run('plan.ts', 'qwen3-8b/h100');
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toMatch(/guide\.yaml:\d+:\d+: error E_SCHEMA: objective/);
  });
});
