// The review report on results measured again with npm run record: what each replaced or added
// result ran on (beside what the one it replaces ran on), the mix of engine versions or drivers a
// change brings, all of it inert markdown, since a record comes with the pull request.
import { describe, expect, it } from 'vitest';
import { guidesDiff } from '../../src/lib/review/guide-diff.ts';
import type { ComputedGuide, RunEnvironment } from '../../src/lib/schema/computed.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';
import { expectInertReport, shownText } from '../helpers/github-markdown.ts';

const id = 'glm-5.2/h200';
const current = buildFromDisk(id).guide!;

const environment = (version: string, driver = '570.124.06'): RunEnvironment => ({
  started: '2026-12-04T23:45:32.000Z',
  ended: '2026-12-04T23:55:00.000Z',
  machine: { kind: 'gpu', tool: 'nvidia-smi', name: 'NVIDIA H200', count: 8, memoryMiB: 143771, driver },
  engine: { id: 'vllm', name: 'vLLM', version, source: 'GET http://127.0.0.1:8000/version' },
  serving: { command: 'vllm serve zai-org/GLM-5.2-FP8 -tp 8', startedBy: 'run-plan' },
  benchmark: 'guidellm benchmark --target http://127.0.0.1:8000',
});

/** The computed guide with run `runId`'s raw text changed and recorded as given, and `environments` as given. */
function remeasured(guide: ComputedGuide, runId: string, recorded: RunEnvironment, over: Partial<ComputedGuide> = {}) {
  const run = guide.runs[runId];
  if (!run) throw new Error(`no run ${runId}`);
  return { ...guide, runs: { ...guide.runs, [runId]: { ...run, raw: `${run.raw}\n`, recorded } }, ...over };
}

describe('the review report on recorded results', () => {
  it('says what a replaced result ran on, "recorded" only when its record is signed, and does not ask "with what?"', () => {
    const signed = remeasured(current, 'cases/sharegpt/baseline', {
      ...environment('0.24.0'),
      signedBy: 'alice@example.com',
    });
    const report = guidesDiff(new Map([[id, current]]), new Map([[id, signed]]), 'main');
    expect(report).not.toContain('**Check:**');
    expect(report.split('\n')).toContain(
      '- data/raw/glm-5.2/h200/cases/sharegpt/baseline.txt recorded on 8 × NVIDIA H200, driver 570.124.06, vLLM 0.24.0, 2026-12-04 23:45:32 UTC, signed by alice@\u200dexample.com (the result it replaces: no record).',
    );
    // A hand-written record (issue 39) is the author's word, never "recorded".
    const unsigned = remeasured(current, 'cases/sharegpt/baseline', environment('0.24.0'));
    const lines = guidesDiff(new Map([[id, current]]), new Map([[id, unsigned]]), 'main').split('\n');
    expect(lines).toContain(
      '- data/raw/glm-5.2/h200/cases/sharegpt/baseline.txt stated by the author, unsigned: ran on 8 × NVIDIA H200, driver 570.124.06, vLLM 0.24.0, 2026-12-04 23:45:32 UTC (the result it replaces: no record).',
    );
    expect(lines.filter((line) => line.includes(' recorded on '))).toEqual([]);
  });

  it('names the environment a result ran on before when it changed, and a mix the change brings', () => {
    const before = remeasured(current, 'cases/sharegpt/baseline', environment('0.24.0'));
    const after = remeasured(before, 'cases/sharegpt/baseline', environment('0.25.0', '580.65.06'), {
      environments: {
        rows: [],
        mixed: { engines: [{ name: 'vLLM', versions: ['0.24.0', '0.25.0'] }], drivers: ['570.124.06', '580.65.06'] },
      },
    });
    const lines = guidesDiff(new Map([[id, before]]), new Map([[id, after]]), 'main').split('\n');
    expect(lines).toContain(
      '- data/raw/glm-5.2/h200/cases/sharegpt/baseline.txt stated by the author, unsigned: ran on 8 × NVIDIA H200, driver 580.65.06, vLLM 0.25.0, 2026-12-04 23:45:32 UTC (the result it replaces: 8 × NVIDIA H200, driver 570.124.06, vLLM 0.24.0, 2026-12-04 23:45:32 UTC).',
    );
    expect(lines).toContain(
      '- **Mixed environments (W_RECORDED_MIXED):** the results ran on vLLM at 0.24.0, 0.25.0; drivers 570.124.06, 580.65.06; the page warns readers that their numbers are compared as if they had not.',
    );
  });

  it('a new guide says what its results were recorded on, and how many have no record', () => {
    const recorded = environment('0.24.0');
    const added = remeasured(current, 'cases/sharegpt/baseline', recorded, {
      environments: {
        rows: [
          {
            machine: recorded.machine!,
            engine: { id: 'vllm', name: 'vLLM', version: '0.24.0' },
            results: [{ runId: 'cases/sharegpt/baseline', file: 'cases/sharegpt/baseline.txt', block: null }],
          },
        ],
        mixed: { engines: [], drivers: [] },
      },
    });
    const others = Object.keys(current.runs).length - 1;
    expect(guidesDiff(new Map(), new Map([[id, added]]), 'main').split('\n')).toContain(
      `- Records (1 stated by the author, unsigned) say the results ran on: 8 × NVIDIA H200, driver 570.124.06, vLLM 0.24.0 (1 result); ${others} results without a record.`,
    );
    expect(guidesDiff(new Map(), new Map([[id, current]]), 'main')).not.toContain('say the results ran on');
  });

  it('shows what a record says as text, never as markup', () => {
    const hostile = environment('0.24.0 <img src=x onerror=alert(1)> [link](https://evil.example) **bold**');
    const after = remeasured(current, 'cases/sharegpt/baseline', {
      ...hostile,
      machine: { ...hostile.machine!, name: '<script>alert(1)</script> H200 | table |' },
      signedBy: '<b>mallory</b>',
    });
    const shown = shownText(expectInertReport(guidesDiff(new Map([[id, current]]), new Map([[id, after]]), 'main')));
    expect(shown).toContain('<script>alert(1)</script> H200 | table |');
    expect(shown).toContain('vLLM 0.24.0 <img src=x onerror=alert(1)> [link](https://evil.example) **bold**');
    expect(shown).toContain('signed by <b>mallory</b>');
  });
});
