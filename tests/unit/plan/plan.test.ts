// plan: each measurement a guide needs, its server and its benchmark, from guide.yaml alone.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { guideTemplate } from '../../../src/lib/guide-source/scaffold.ts';
import { planGuide, runnable, serverGroups, type GuidePlan } from '../../../src/lib/plan/plan.ts';
import { toolOf } from '../../../src/lib/plan/benchmark.ts';
import { GuideSchema } from '../../../src/lib/schema/guide-yaml.ts';
import { guide, step } from '../../helpers/compute-input.ts';

const PROFILE = {
  id: 'main',
  name: 'Main',
  label: 'Main',
  config: {
    dataset_name: 'Random',
    dataset_input_tokens: 1024,
    dataset_output_tokens: 128,
    dataset_seed: 42,
    request_rate: 'inf',
    total_requests: 500,
  },
};
const engineStep = (keys: Record<string, unknown> = { profile: 'main' }) =>
  step(
    'engine',
    [
      ['vllm', 'vllm', 'engine/vllm.txt', { args: ['-tp 8'] }],
      ['sglang', 'sglang', 'engine/sglang.txt', { args: ['--tp-size 8'] }],
    ],
    keys,
  );
const plan = (keys: Record<string, unknown> = {}, port?: number) =>
  planGuide('tiny/h100', guide({ profiles: [PROFILE], steps: [engineStep()], ...keys }), { port });
const byId = (p: GuidePlan, id: string) => {
  const found = p.measurements.find((m) => m.id === id);
  if (!found) throw new Error(`no measurement ${id} in ${p.measurements.map((m) => m.id).join(', ')}`);
  return found;
};
const problems = (p: GuidePlan) =>
  p.measurements.flatMap((m) => m.problems.map((x) => `${x.path.join('.')}: ${x.message}`));

describe('plan', () => {
  it("starts each engine's server from its parameters, on its default port, and runs the profile with vllm bench serve", () => {
    const p = plan();
    const vllm = byId(p, 'engine/vllm.txt');
    const sglang = byId(p, 'engine/sglang.txt');
    expect(vllm.server?.words).toEqual(['vllm', 'serve', 'org/tiny-model', '-tp', '8']);
    expect(vllm.server?.port).toBe(8000);
    expect(sglang.server?.text).toBe('python3 -m sglang.launch_server --model-path org/tiny-model --tp-size 8');
    expect(sglang.server?.port).toBe(30000);
    expect(vllm.benchmark?.text).toBe(
      'vllm bench serve --model org/tiny-model --dataset-name random --random-input-len 1024 --random-output-len 128 --ignore-eos --seed 42 --request-rate inf --num-prompts 500 --port 8000',
    );
    expect(sglang.benchmark?.words.at(-1)).toBe('30000');
    expect(vllm.uses).toEqual([{ kind: 'variant', step: 'engine', variant: 'vllm' }]);
    expect(p.measurements.every(runnable)).toBe(true);
  });

  it('runs the profile with the tool benchmarkTool names', () => {
    const sglang = byId(plan({ benchmarkTool: 'sglang-bench-serving' }), 'engine/sglang.txt');
    expect(sglang.benchmark?.text).toBe(
      'python3 -m sglang.bench_serving --backend sglang --model org/tiny-model --dataset-name random --random-input-len 1024 --random-output-len 128 --random-range-ratio 1 --seed 42 --request-rate inf --num-prompts 500 --port 30000',
    );
    const guidellm = byId(plan({ benchmarkTool: 'guidellm' }), 'engine/vllm.txt');
    expect(guidellm.benchmark?.text).toBe(
      'guidellm benchmark --target http://127.0.0.1:8000 --model org/tiny-model --processor org/tiny-model --data prompt_tokens=1024,output_tokens=128 --random-seed 42 --rate-type throughput --max-requests 500',
    );
    // guidellm's result is the JSON file it writes, not what it prints.
    expect(guidellm.benchmark?.output).toEqual({ kind: 'file', flag: '--output-path' });
  });

  it("takes a step's exact benchmark command, pointed at the server unless it names one", () => {
    const given = plan({
      steps: [engineStep({ benchmark: 'vllm bench serve --model org/tiny-model --num-prompts 100' })],
    });
    expect(byId(given, 'engine/sglang.txt').benchmark?.text).toBe(
      'vllm bench serve --model org/tiny-model --num-prompts 100 --port 30000',
    );
    const named = plan({ steps: [engineStep({ benchmark: 'vllm bench serve --port 9000 --num-prompts 100' })] });
    expect(byId(named, 'engine/sglang.txt').benchmark?.text).toBe('vllm bench serve --port 9000 --num-prompts 100');
  });

  it('puts every server, and every benchmark, on the port the operator gives', () => {
    const p = planGuide(
      'tiny/h100',
      guide({
        steps: [
          engineStep({ benchmark: 'vllm bench serve --port=9000' }),
          step('port', [['given', 'sglang', 'port/given.txt', { command: 'sglang serve --port 7000 --tp 8' }]], {
            profile: 'main',
          }),
        ],
        profiles: [PROFILE],
      }),
      { port: 18123 },
    );
    expect(byId(p, 'engine/vllm.txt').server?.words.slice(-2)).toEqual(['--port', '18123']);
    expect(byId(p, 'engine/vllm.txt').benchmark?.text).toBe('vllm bench serve --port=18123');
    expect(byId(p, 'port/given.txt').server?.text).toBe('sglang serve --port 18123 --tp 8');
    expect(byId(p, 'port/given.txt').benchmark?.words.slice(-2)).toEqual(['--port', '18123']);
  });

  it('uses the one benchmark of benchmarkCommands for a step without a workload, and says so when there are several', () => {
    const one = plan({
      steps: [engineStep({})],
      benchmarkCommands:
        '# Prepare the dataset\nwget https://example.com/data.json\n\n# Benchmark\nvllm bench serve --model org/tiny-model \\\n  --num-prompts 10\n',
    });
    expect(byId(one, 'engine/vllm.txt').benchmark?.text).toBe(
      'vllm bench serve --model org/tiny-model --num-prompts 10 --port 8000',
    );
    const two = plan({
      steps: [engineStep({})],
      benchmarkCommands: 'vllm bench serve --num-prompts 10\nvllm bench serve --num-prompts 20\n',
    });
    expect(problems(two)).toEqual([
      'steps.0.variants.0: step engine names no workload and benchmarkCommands runs 2 benchmarks: give it profile: or its exact benchmark: command',
      'steps.0.variants.1: step engine names no workload and benchmarkCommands runs 2 benchmarks: give it profile: or its exact benchmark: command',
    ]);
    expect(two.measurements.some(runnable)).toBe(false);
  });

  it('measures a result several runs share once, and names one result given two configurations', () => {
    const shared = plan({
      steps: [
        engineStep(),
        step(
          'again',
          [
            ['same', 'sglang', 'engine/sglang.txt', { args: ['--tp-size=8'] }],
            ['other', 'sglang', 'engine/vllm.txt', { args: ['--tp-size 8'] }],
          ],
          { profile: 'main' },
        ),
      ],
    });
    expect(byId(shared, 'engine/sglang.txt').uses).toHaveLength(2);
    expect(byId(shared, 'engine/sglang.txt').problems).toEqual([]);
    expect(problems(shared)).toEqual([
      'steps.1.variants.1: engine/vllm.txt is the result of step engine, variant vllm, started as `vllm serve org/tiny-model -tp 8`, and of step again, variant other, started as `python3 -m sglang.launch_server --model-path org/tiny-model --tp-size 8`: one result, two configurations',
    ]);
  });

  it('groups measurements by server: the same flags in another order or spelling are one server', () => {
    const p = plan({
      steps: [
        engineStep(),
        step(
          'mem',
          [
            ['a', 'sglang', 'mem/a.txt', { args: ['--mem-fraction-static=0.8', '--tp-size=8'] }],
            ['b', 'sglang', 'mem/b.txt', { args: ['--tp 8', '--mem-fraction-static 0.8'] }],
          ],
          { profile: 'main' },
        ),
      ],
    });
    expect(serverGroups(p).map((g) => g.measurements.map((m) => m.id))).toEqual([
      ['engine/vllm.txt'],
      ['engine/sglang.txt'],
      ['mem/a.txt', 'mem/b.txt'],
    ]);
  });

  it("serves a case side without a configuration with the baseline's or the recommended command", () => {
    const p = plan({
      comparison: {
        cases: [
          {
            id: 'long',
            label: 'Long',
            profile: 'main',
            baseline: { result: 'cases/long/baseline.txt' },
            optimized: { result: 'cases/long/optimized.txt' },
          },
        ],
      },
    });
    expect(byId(p, 'cases/long/baseline.txt').server?.text).toBe('vllm serve org/tiny-model -tp 8');
    expect(byId(p, 'cases/long/optimized.txt').server?.text).toBe('python3 -m sglang.launch_server --tp-size 8');
    expect(byId(p, 'cases/long/optimized.txt').uses).toEqual([{ kind: 'case', case: 'long', side: 'optimized' }]);
  });

  it("runs an accuracy check's results on the configurations their labels name, with one GSM8K tool for all", () => {
    const check = (labels: string[], samples?: number) => ({
      id: 'gsm8k',
      after: 'engine',
      title: { en: 'GSM8K', zh: 'GSM8K' },
      column: { en: 'Engine', zh: '引擎' },
      ...(samples === undefined ? {} : { samples }),
      results: labels.map((label) => ({ label, result: `gsm8k/${label}.txt` })),
    });
    const sglangOnly = plan({ accuracy: [check(['sglang', 'optimized'], 100)] });
    expect(byId(sglangOnly, 'gsm8k/sglang.txt').benchmark?.text).toBe(
      'python3 -m sglang.test.few_shot_gsm8k --num-questions 100 --host http://127.0.0.1 --port 30000',
    );
    expect(byId(sglangOnly, 'gsm8k/optimized.txt').server?.text).toBe('python3 -m sglang.launch_server --tp-size 8');
    // A vLLM server does not speak SGLang's API: the whole check runs lm-evaluation-harness.
    const mixed = plan({ accuracy: [check(['baseline', 'sglang'])] });
    expect(byId(mixed, 'gsm8k/baseline.txt').benchmark?.text).toBe(
      'lm_eval --model local-completions --model_args model=org/tiny-model,base_url=http://127.0.0.1:8000/v1/completions,tokenizer=org/tiny-model,num_concurrent=64,tokenized_requests=False --tasks gsm8k --limit 200',
    );
    expect(byId(mixed, 'gsm8k/sglang.txt').benchmark?.tool).toBe('lm-eval');
    expect(problems(plan({ accuracy: [check(['fp8'])] }))).toEqual([
      'accuracy.0.results.0: plan cannot tell which configuration "fp8" ran: label it as a variant of step engine (its id or label), or baseline, or optimized (the recommended command)',
    ]);
  });

  it('leaves out variants that did not run, and names what keeps a measurement from running', () => {
    const p = plan({
      profiles: [{ ...PROFILE, config: { ...PROFILE.config, warmup: 10 } }],
      steps: [
        step(
          'engine',
          [
            ['vllm', 'vllm', 'engine/vllm.txt', { args: ['-tp 8'] }],
            ['sglang', 'sglang', 'engine/sglang.txt', { args: ['--tp-size 8'] }],
            ['mindie', 'mindie', 'engine/mindie.txt', {}],
          ],
          { profile: 'main' },
        ),
        {
          ...step('trt', [['trtllm', 'trtllm', 'x.txt']]),
          variants: [{ id: 'trtllm', engine: 'vllm', status: 'unsupported', reason: 'not this model' }],
        },
      ],
      engines: [
        { id: 'vllm', name: 'vLLM' },
        { id: 'sglang', name: 'SGLang' },
        { id: 'mindie', name: 'MindIE' },
      ],
    });
    expect(p.measurements.map((m) => m.id)).toEqual(['engine/vllm.txt', 'engine/sglang.txt', 'engine/mindie.txt']);
    expect(problems(p)).toEqual([
      'steps.0.variants.0: profile main sets warmup, which plan does not know how to pass to vllm-bench-serve: give the step its exact benchmark command (benchmark:)',
      'steps.0.variants.1: profile main sets warmup, which plan does not know how to pass to vllm-bench-serve: give the step its exact benchmark command (benchmark:)',
      'steps.0.variants.2: perflab does not know how to start MindIE from backend parameters: give the run its serving command (command:)',
    ]);
  });

  it('names a block by its label, and refuses one named by its position', () => {
    const p = plan({
      steps: [
        step(
          'backend',
          [
            ['triton', 'sglang', 'x', { args: ['--tp 8'], result: { file: 'backend/run.txt', block: 'triton' } }],
            [
              'fa3',
              'sglang',
              'x',
              { args: ['--tp 8', '--attention-backend fa3'], result: { file: 'backend/run.txt', block: 2 } },
            ],
          ],
          { profile: 'main' },
        ),
      ],
    });
    expect(p.measurements.map((m) => [m.id, m.file, m.block])).toEqual([
      ['backend/run.txt#triton', 'backend/run.txt', 'triton'],
      ['backend/run.txt', 'backend/run.txt', null],
    ]);
    expect(problems(p)).toEqual([
      'steps.0.variants.1.result: backend/run.txt block 2 is named by its position: name it by its # label (block: "<label>") so record can write it',
    ]);
  });

  it('a scaffolded guide plans every measurement once its FILL-INs are replaced, and not before', () => {
    const text = guideTemplate('qwen3-8b', 'h100', 'throughput', 2);
    const scaffolded = planGuide('qwen3-8b/h100', GuideSchema.parse(parse(text)));
    expect(scaffolded.measurements.filter((m) => m.problems.some((x) => x.message.includes('FILL-IN'))).length).toBe(
      scaffolded.measurements.length,
    );
    const filled = text
      .replaceAll('version: FILL-IN', 'version: v0.11.0')
      .replaceAll('FILL-IN/', 'Qwen/')
      .replaceAll('fill-in-tuning', 'mem-fraction')
      .replaceAll('--fill-in=value', '--mem-fraction-static=0.85')
      .replaceAll(/FILL-IN ?/g, '');
    const p = planGuide('qwen3-8b/h100', GuideSchema.parse(parse(filled)));
    expect(problems(p)).toEqual([]);
    expect(p.measurements.map((m) => m.id)).toEqual([
      'engine/vllm.txt',
      'engine/sglang.txt',
      'tuning/after.txt',
      'gsm8k/before.txt',
      'gsm8k/after.txt',
      'cases/second-workload/baseline.txt',
      'cases/second-workload/optimized.txt',
    ]);
    expect(serverGroups(p).map((g) => g.server.text)).toEqual([
      'vllm serve Qwen/qwen3-8b --tensor-parallel-size=2',
      'python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2',
      'python3 -m sglang.launch_server --model-path Qwen/qwen3-8b --tp-size=2 --mem-fraction-static=0.85',
    ]);
  });

  it('knows each benchmark tool by its command, and a script or a program named by a path as none', () => {
    expect(
      [
        'vllm bench serve',
        'python benchmarks/benchmark_serving.py',
        'python3 -m sglang.bench_serving',
        'guidellm benchmark',
        'python3 -m sglang.test.few_shot_gsm8k',
        'python3 bench_sglang.py',
        'lm_eval --tasks gsm8k',
        'python3 -m lm_eval',
        'curl http://x',
        'data/raw/x/.tools/vllm bench serve',
        '/usr/bin/python3 -m sglang.bench_serving',
      ].map((text) => toolOf(text.split(' '))),
    ).toEqual([
      'vllm-bench-serve',
      'other',
      'sglang-bench-serving',
      'guidellm',
      'gsm8k-sglang',
      'other',
      'lm-eval',
      'lm-eval',
      'other',
      'other',
      'other',
    ]);
  });
});
