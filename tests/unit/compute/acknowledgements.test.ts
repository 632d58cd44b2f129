// compute/acknowledgements.ts: every plausibility warning on a run the page shows, and every story
// finding, needs an acknowledgement with a reason; an acknowledgement that covers nothing is stale.
import { describe, expect, it } from 'vitest';
import { checkAcknowledgements } from '../../../src/lib/compute/acknowledgements.ts';
import type { StoryCheck } from '../../../src/lib/compute/story.ts';
import { warningAt } from '../../../src/lib/diagnostics/diagnostics.ts';
import type { Run } from '../../../src/lib/schema/run.ts';
import { context, guide, GUIDE_FILE, run } from '../../helpers/compute-input.ts';

// Output throughput on line 4, its peak below it on line 5: W_PEAK_BELOW_MEAN at line 5.
const lowPeak = (file: string, block: { index: number; label: string | null } = { index: 0, label: null }) =>
  run(
    file,
    {
      total_token_throughput: '1200.00',
      'tpot.mean': '40.00',
      output_token_throughput: '2792.56',
      peak_output_token_throughput: '1920.00',
    },
    block,
  );
const reason = { en: 'chunks of several tokens read low', zh: '多 token 的分块使峰值读数偏低' };
const PEAK = 'peak_output_token_throughput';

/** The context with `runs` used, each first named at steps.0.variants.<i>.result. */
function used(acknowledge: Record<string, unknown>[], runs: Run[]) {
  const c = context(guide({ acknowledge }), runs);
  runs.forEach((r, i) => {
    c.ctx.usedRuns.set(r.id, r);
    c.ctx.usedAt.set(r.id, ['steps', 0, 'variants', i, 'result']);
  });
  return c;
}

describe('plausibility warnings', () => {
  it('an unacknowledged warning on a used run is an error at the place guide.yaml names the run', () => {
    const { ctx, reported } = used([], [lowPeak('engine/vllm.txt')]);
    expect(checkAcknowledgements(ctx, [])).toEqual({ acknowledged: [], storyNotes: [] });
    expect(reported()).toEqual([
      'steps.0.variants.0.result E_UNACKNOWLEDGED: data/raw/tiny/h100/engine/vllm.txt:5: peak output token throughput (1920.00) is below the mean (2792.56): vLLM bench counts the peak per stream chunk, so chunks of several tokens (speculative decoding, some engines) read low',
    ]);
    expect(ctx.diagnostics[0]).toMatchObject({
      expected:
        'an entry in acknowledge: { file: engine/vllm.txt, code: W_PEAK_BELOW_MEAN, metric: peak_output_token_throughput, reason: { en: …, zh: … } }',
      found: '1920.00 < 2792.56',
    });
  });

  it('a run that is not used needs nothing', () => {
    const { ctx, reported } = context(guide(), [lowPeak('engine/vllm.txt')]);
    checkAcknowledgements(ctx, []);
    expect(reported()).toEqual([]);
  });

  it('an entry for its file acknowledges it; an entry without a file, on every run', () => {
    const runs = [lowPeak('engine/vllm.txt'), lowPeak('engine/sglang.txt')];
    const byFile = used(
      [
        { file: 'engine/vllm.txt', code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason },
        { file: 'engine/sglang.txt', code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason },
      ],
      runs,
    );
    const result = checkAcknowledgements(byFile.ctx, []);
    expect(byFile.reported()).toEqual([]);
    expect(result.acknowledged.map(({ warning: d }) => [d.code, d.file, d.line])).toEqual([
      ['W_PEAK_BELOW_MEAN', 'data/raw/tiny/h100/engine/vllm.txt', 5],
      ['W_PEAK_BELOW_MEAN', 'data/raw/tiny/h100/engine/sglang.txt', 5],
    ]);
    const everywhere = used([{ code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason }], runs);
    expect(checkAcknowledgements(everywhere.ctx, []).acknowledged).toHaveLength(2);
    expect(everywhere.reported()).toEqual([]);
  });

  it('an entry for another file or block covers nothing: the warning stands and the entry is stale', () => {
    const log = lowPeak('cases/log.txt', { index: 0, label: 'short' });
    const { ctx, reported } = used(
      [{ file: 'cases/log.txt', block: 'long', code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason }],
      [log],
    );
    checkAcknowledgements(ctx, []);
    expect(reported()).toEqual([
      expect.stringMatching(
        /^steps\.0\.variants\.0\.result E_UNACKNOWLEDGED: data\/raw\/tiny\/h100\/cases\/log\.txt:5: /,
      ),
      'acknowledge.0 E_STALE_ACKNOWLEDGEMENT: acknowledges W_PEAK_BELOW_MEAN for peak_output_token_throughput on cases/log.txt (block "long"), which this guide no longer raises',
    ]);
    expect(ctx.diagnostics[0]?.expected).toBe(
      'an entry in acknowledge: { file: cases/log.txt, block: short, code: W_PEAK_BELOW_MEAN, metric: peak_output_token_throughput, reason: { en: …, zh: … } }',
    );
  });

  it('an entry covers the metric it names and no other, even guide-wide', () => {
    // Two means above their P99: an entry written for the TPOT row does not cover the TTFT row.
    const tails = run('cases/log.txt', {
      'ttft.mean': '1300.00',
      'ttft.p99': '1200.00',
      'tpot.mean': '60.00',
      'tpot.p99': '50.00',
    });
    const { ctx, reported } = used([{ code: 'W_MEAN_ABOVE_PERCENTILE', metric: 'tpot.mean', reason }], [tails]);
    expect(checkAcknowledgements(ctx, []).acknowledged.map(({ warning: d }) => [d.code, d.line])).toEqual([
      ['W_MEAN_ABOVE_PERCENTILE', 4],
    ]);
    expect(reported()).toEqual([
      'steps.0.variants.0.result E_UNACKNOWLEDGED: data/raw/tiny/h100/cases/log.txt:2: ttft mean (1300.00) is above its p99 (1200.00): only a heavy tail explains that',
    ]);
    expect(ctx.diagnostics[0]?.expected).toBe(
      'an entry in acknowledge: { file: cases/log.txt, code: W_MEAN_ABOVE_PERCENTILE, metric: ttft.mean, reason: { en: …, zh: … } }',
    );
  });

  it('a stale entry names its scope: a file, a step, or every run', () => {
    const { ctx, reported } = used(
      [
        { code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason },
        { step: 'engine', code: 'W_STORY_START', reason },
      ],
      [],
    );
    checkAcknowledgements(ctx, []);
    expect(reported()).toEqual([
      'acknowledge.0 E_STALE_ACKNOWLEDGEMENT: acknowledges W_PEAK_BELOW_MEAN for peak_output_token_throughput on every run, which this guide no longer raises',
      'acknowledge.1 E_STALE_ACKNOWLEDGEMENT: acknowledges W_STORY_START on step "engine", which this guide no longer raises',
    ]);
  });
});

describe('reasons in one language only', () => {
  it('build, each with a warning at its reason: a plain string (its language told by its script) or one of en/zh', () => {
    const runs = [lowPeak('engine/vllm.txt'), lowPeak('engine/sglang.txt'), lowPeak('engine/trt.txt')];
    const { ctx, reported } = used(
      [
        {
          file: 'engine/vllm.txt',
          code: 'W_PEAK_BELOW_MEAN',
          metric: PEAK,
          reason: 'chunks of several tokens read low',
        },
        {
          file: 'engine/sglang.txt',
          code: 'W_PEAK_BELOW_MEAN',
          metric: PEAK,
          reason: { zh: '多 token 的分块使峰值读数偏低' },
        },
        { file: 'engine/trt.txt', code: 'W_PEAK_BELOW_MEAN', metric: PEAK, reason: '多 token 的分块使峰值读数偏低' },
      ],
      runs,
    );
    expect(checkAcknowledgements(ctx, []).acknowledged).toHaveLength(3);
    expect(reported()).toEqual([
      'acknowledge.0.reason W_REASON_UNTRANSLATED: the reason for W_PEAK_BELOW_MEAN is in English only: the Chinese page shows it as written',
      'acknowledge.1.reason W_REASON_UNTRANSLATED: the reason for W_PEAK_BELOW_MEAN is in Chinese only: the English page shows it as written',
      'acknowledge.2.reason W_REASON_UNTRANSLATED: the reason for W_PEAK_BELOW_MEAN is in Chinese only: the English page shows it as written',
    ]);
    expect(ctx.diagnostics.map((d) => [d.severity, d.found])).toEqual([
      ['warning', 'one string'],
      ['warning', 'only zh'],
      ['warning', 'one string'],
    ]);
  });
});

describe('story findings', () => {
  const model: StoryCheck = {
    finding: {
      code: 'W_STORY_ADDED',
      from: { step: 'engine', variant: 'sglang' },
      flags: [{ flag: '--trust-remote-code', value: '' }],
    },
    warning: warningAt('W_STORY_ADDED', GUIDE_FILE, 'the recommended command sets --trust-remote-code', {
      line: 17,
      column: 3,
    }),
    path: ['recommended', 'command'],
  };
  const start: StoryCheck = {
    finding: {
      code: 'W_STORY_START',
      step: 'tuning',
      variant: 'a',
      from: { step: 'engine', variant: 'sglang' },
      change: { kind: 'dropped', flags: ['--tensor-parallel-size'] },
    },
    warning: warningAt('W_STORY_START', GUIDE_FILE, '"a" drops --tensor-parallel-size', { line: 21, column: 9 }),
    path: ['steps', 1, 'variants', 0],
  };

  it('unacknowledged: an error at the finding’s path, naming the entry that would acknowledge it', () => {
    const { ctx, reported } = used([], []);
    expect(checkAcknowledgements(ctx, [model, start]).storyNotes).toEqual([]);
    expect(reported()).toEqual([
      'recommended.command E_UNACKNOWLEDGED: the recommended command sets --trust-remote-code',
      'steps.1.variants.0 E_UNACKNOWLEDGED: "a" drops --tensor-parallel-size',
    ]);
    expect(ctx.diagnostics.map((d) => d.expected)).toEqual([
      'an entry in acknowledge: { code: W_STORY_ADDED, reason: { en: …, zh: … } }',
      'an entry in acknowledge: { step: tuning, code: W_STORY_START, reason: { en: …, zh: … } }',
    ]);
  });

  it('acknowledged: the finding goes to the page with its reason; an entry for another step covers nothing', () => {
    const { ctx, reported } = used(
      [
        {
          code: 'W_STORY_ADDED',
          reason: { en: 'the flag only lets the server load the model', zh: '该参数只用于让服务加载模型' },
        },
        { step: 'other', code: 'W_STORY_START', reason: { en: 'another step entirely', zh: '这个条目属于另一个步骤' } },
      ],
      [],
    );
    const { acknowledged, storyNotes } = checkAcknowledgements(ctx, [model, start]);
    expect(acknowledged.map(({ warning: d }) => d.code)).toEqual(['W_STORY_ADDED']);
    expect(storyNotes).toEqual([
      {
        code: 'W_STORY_ADDED',
        from: { step: 'engine', variant: 'sglang' },
        flags: [{ flag: '--trust-remote-code', value: '' }],
        reason: { en: 'the flag only lets the server load the model', zh: '该参数只用于让服务加载模型' },
      },
    ]);
    expect(reported()).toEqual([
      'steps.1.variants.0 E_UNACKNOWLEDGED: "a" drops --tensor-parallel-size',
      'acknowledge.1 E_STALE_ACKNOWLEDGEMENT: acknowledges W_STORY_START on step "other", which this guide no longer raises',
    ]);
  });
});

describe('a block read without its header line (W_MISSING_HEADER)', () => {
  const headerless = (file: string) => {
    const r = run(file, { total_token_throughput: '1200.00', 'tpot.mean': '40.00' });
    return { ...r, source: { ...r.source, headerless: true as const } };
  };

  it('is an error until acknowledged, at the place guide.yaml names the run', () => {
    const { ctx, reported } = used([], [headerless('engine/vllm.txt')]);
    checkAcknowledgements(ctx, []);
    expect(reported()).toEqual([
      expect.stringMatching(
        /^steps\.0\.variants\.0\.result E_UNACKNOWLEDGED: data\/raw\/tiny\/h100\/engine\/vllm\.txt:\d+: result block #1 has no header line; it is read from its result lines and its closing rule$/,
      ),
    ]);
    expect(ctx.diagnostics[0]?.expected).toBe(
      'an entry in acknowledge: { file: engine/vllm.txt, code: W_MISSING_HEADER, reason: { en: …, zh: … } }',
    );
  });

  it('acknowledged with a reason, it is no error; the same entry on a block with its header is stale', () => {
    const entry = { file: 'engine/vllm.txt', code: 'W_MISSING_HEADER', reason };
    const acknowledged = used([entry], [headerless('engine/vllm.txt')]);
    expect(checkAcknowledgements(acknowledged.ctx, []).acknowledged).toHaveLength(1);
    expect(acknowledged.reported()).toEqual([]);
    const whole = used([entry], [run('engine/vllm.txt', { total_token_throughput: '1200.00', 'tpot.mean': '40.00' })]);
    checkAcknowledgements(whole.ctx, []);
    expect(whole.reported()).toEqual([expect.stringContaining('E_STALE_ACKNOWLEDGEMENT')]);
  });
});
