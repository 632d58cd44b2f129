// The model an imported draft names: as the page's commands serve it, with the spellings, quantized
// builds and local copies they serve declared as builds, so check raises no E_COMMAND_MODEL for the
// page's own model; a command serving another model is a decision left to the author.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { draftDecisions } from '../../src/lib/import/decisions.ts';
import { quoteBraceWords } from '../../src/lib/import/draft-commands.ts';
import { draftAccelerators, draftModel } from '../../src/lib/import/draft-model.ts';
import { readPerformanceLabPage } from '../../src/lib/import/page-reader.ts';
import { importPage } from '../../src/lib/import/write-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const at = (where: string, command: string) => ({ where, command });

describe('draftModel', () => {
  it('a bare setup name takes the org/model path the commands serve', () => {
    expect(
      draftModel('Tiny-7B', [
        at('recommended', 'vllm serve Org/Tiny-7B'),
        at('steps[0].variants[0]', 'vllm serve Org/Tiny-7B'),
      ]),
    ).toEqual({ name: 'Org/Tiny-7B', builds: [], decisions: [] });
  });

  it('an org/model setup keeps its name; a bare name, a local copy and quantized checkpoints are builds', () => {
    const model = draftModel('Org/Tiny-7B', [
      at('recommended', 'python3 -m sglang.launch_server --model-path Org/Tiny-7B-FP8'),
      at('steps[0].variants[0]', 'vllm serve Tiny-7B'),
      at('steps[0].variants[1]', 'trtllm-serve /workspace/tiny-7b --tp_size 8'),
      { where: 'steps[1].variants[0]', args: ['--model Org/Tiny-7B-W4A16-GPTQ'] },
      at('steps[1].variants[1]', 'vllm serve org/tiny-7b'),
    ]);
    expect(model.name).toBe('Org/Tiny-7B');
    expect(model.builds).toEqual(['Org/Tiny-7B-FP8', 'Tiny-7B', '/workspace/tiny-7b', 'Org/Tiny-7B-W4A16-GPTQ']);
    expect(model.decisions).toEqual([
      "model.builds: Org/Tiny-7B-FP8, Tiny-7B, /workspace/tiny-7b, Org/Tiny-7B-W4A16-GPTQ, served by the page's commands, taken as quantized builds or copies of Org/Tiny-7B. Confirm they are these weights",
    ]);
  });

  it('another model (a larger sibling, a fine-tune) is no build: a decision names where it is served', () => {
    const model = draftModel('Org/Tiny-7B', [
      at('steps[0].variants[0]', 'vllm serve Org/Tiny-70B'),
      at('steps[0].variants[1]', 'vllm serve Org/Tiny-7B-Instruct'),
      at('steps[1].variants[0]', 'vllm serve Org/Tiny-70B'),
    ]);
    expect(model.builds).toEqual([]);
    expect(model.decisions).toEqual([
      'the command of steps[0].variants[0], steps[1].variants[0] serves "Org/Tiny-70B", which is neither Org/Tiny-7B nor a build of it: fix the command if the page copied it from another page, or declare it under model.builds if it is these weights',
      'the command of steps[0].variants[1] serves "Org/Tiny-7B-Instruct", which is neither Org/Tiny-7B nor a build of it: fix the command if the page copied it from another page, or declare it under model.builds if it is these weights',
    ]);
  });
});

describe('a composed page whose setup names the model bare, and whose commands serve a quantized build', () => {
  const file = 'tests/fixtures/performance-lab-page/legacy-throughput/page.md';
  const text = readFileSync(join(repoRoot, file), 'utf8')
    .replace('### Model\n\norg/Tiny-7B\n', '### Model\n\nTiny-7B\n')
    .replace(
      'python3 -m sglang.launch_server --model-path org/Tiny-7B --attention-backend fa3\n    ```\n\n??? info "Benchmark result"',
      'python3 -m sglang.launch_server --model-path org/Tiny-7B-FP8 --attention-backend fa3\n    ```\n\n??? info "Benchmark result"',
    );
  const id = 'tiny/h100';
  const { page } = readPerformanceLabPage(text);
  const files = importPage(page!, id, file);

  it('the draft names the served path and declares the build, and check raises no E_COMMAND_MODEL', () => {
    expect(text).toContain('org/Tiny-7B-FP8');
    expect((parseYaml(files.guideYaml) as { model: unknown }).model).toEqual({
      name: 'org/Tiny-7B',
      builds: ['org/Tiny-7B-FP8'],
      family: 'tiny',
    });
    const runs = ingestGuide(
      [...files.raw].map(([path, t]) => ({ path, file: `data/raw/${id}/${path}`, text: t })),
    ).runs;
    const built = buildGuide({
      id,
      yaml: { file: `content/guides/${id}/guide.yaml`, text: files.guideYaml },
      runs,
      prose: { en: { file: `content/guides/${id}/en.md`, text: files.enMd } },
    });
    expect(built.diagnostics.filter((d) => d.code === 'E_COMMAND_MODEL')).toEqual([]);
    // The draft as it was before: the setup's bare name, no builds.
    const bare = files.guideYaml.replace(
      /model:\n {2}name: org\/Tiny-7B\n {2}builds:\n {4}- org\/Tiny-7B-FP8\n/,
      'model:\n  name: Tiny-7B\n',
    );
    expect(bare).not.toBe(files.guideYaml);
    const before = buildGuide({
      id,
      yaml: { file: `content/guides/${id}/guide.yaml`, text: bare },
      runs,
      prose: { en: { file: `content/guides/${id}/en.md`, text: files.enMd } },
    });
    expect(before.diagnostics.filter((d) => d.code === 'E_COMMAND_MODEL').length).toBeGreaterThan(0);
  });

  it('the build is one decision of the import', () => {
    expect(draftDecisions(id, files, new Map()).filter((d) => d.includes('model.builds'))).toEqual([
      "content/guides/tiny/h100/guide.yaml model.builds: org/Tiny-7B-FP8, served by the page's commands, taken as quantized builds or copies of org/Tiny-7B. Confirm they are these weights",
    ]);
  });
});

describe('draftAccelerators', () => {
  it('a command on more GPUs than the hardware line raises the count, and says so; a failed run does not', () => {
    expect(
      draftAccelerators(
        1,
        [
          at('steps[0].variants[0]', 'vllm serve Org/Tiny-7B'),
          at('steps[1].variants[0]', 'vllm serve Org/Tiny-7B -tp 2 -pp 2'),
          { ...at('steps[1].variants[1]', 'vllm serve Org/Tiny-7B -tp 8'), status: 'failed' },
        ],
        'GPU',
      ),
    ).toEqual({
      count: 4,
      decision:
        "hardware.gpus: 4, the GPUs the command of steps[1].variants[0] runs on; the page's hardware line says 1. Confirm the machine's size, or fix the command",
    });
    expect(draftAccelerators(8, [at('recommended', 'vllm serve Org/Tiny-7B -tp 4')], 'GPU')).toEqual({ count: 8 });
  });

  it('a composed page whose hardware line says one GPU and whose tuned run uses two drafts a machine of two', () => {
    const file = 'tests/fixtures/performance-lab-page/legacy-throughput/page.md';
    const text = readFileSync(join(repoRoot, file), 'utf8').replaceAll(
      '--model-path org/Tiny-7B --attention-backend fa3',
      '--model-path org/Tiny-7B --attention-backend fa3 --tp-size 2',
    );
    const { page } = readPerformanceLabPage(text);
    const files = importPage(page!, 'tiny/h100', file);
    expect((parseYaml(files.guideYaml) as { hardware: { gpus: number } }).hardware.gpus).toBe(2);
    expect(files.setupDecisions.filter((d) => d.startsWith('hardware.gpus'))).toHaveLength(1);
  });
});

describe('a FILL-IN acknowledgement of a block of a log', () => {
  it('names the block once, where the warning names it already', () => {
    const guideYaml = `acknowledge:
  - file: spec/run.txt
    block: --num-steps 4
    code: W_PEAK_BELOW_MEAN
    metric: peak_output_token_throughput
    reason:
      en: 'FILL-IN why this is acceptable: peak output token throughput (393.00) is below the mean (979.24) (block "# --num-steps 4"): chunks read low'
      zh: FILL-IN 为什么可以接受（中文）
`;
    const [decision] = draftDecisions(
      'tiny/h100',
      { guideYaml, ties: [], raw: new Map(), setupDecisions: [], imagesLeftOut: [] },
      new Map(),
    );
    expect(decision).toBe(
      'content/guides/tiny/h100/guide.yaml acknowledge[0]: W_PEAK_BELOW_MEAN on peak_output_token_throughput of data/raw/tiny/h100/spec/run.txt: peak output token throughput (393.00) is below the mean (979.24) (block "# --num-steps 4"): chunks read low. Write why it is acceptable (reason en and zh), or rerun the benchmark',
    );
  });
});

describe('quoteBraceWords', () => {
  it('quotes a JSON argument a shell would brace-expand, keeping --flag= outside and its double quotes inside', () => {
    expect(
      quoteBraceWords(
        'vllm serve Org/Tiny-7B \\\n--speculative-config {"method":"mtp","n":1} --x={"a":1,"b":2} --ok \'{"c":1,"d":2}\'',
      ),
    ).toEqual({
      command:
        'vllm serve Org/Tiny-7B \\\n--speculative-config \'{"method":"mtp","n":1}\' --x=\'{"a":1,"b":2}\' --ok \'{"c":1,"d":2}\'',
      quoted: ['{"method":"mtp","n":1}', '--x={"a":1,"b":2}'],
    });
    expect(quoteBraceWords('vllm serve Org/Tiny-7B -tp 2')).toEqual({
      command: 'vllm serve Org/Tiny-7B -tp 2',
      quoted: [],
    });
  });
});
