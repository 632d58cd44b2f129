// The CSV download carries what each side of a row ran on: held against the committed
// data/guides (what the site serves), and against a run given a record as npm run record writes
// one, signed and unsigned.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { CSV_COLUMNS, comparisonCsv } from '../../src/lib/view/downloads.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const committed = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'data/guides', `${id}.json`), 'utf8')) as ComputedGuide;

/** The CSV's rows as objects by column name (fields quoted as csvField quotes them). */
function records(csv: string): Record<string, string>[] {
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\n');
  const split = (line: string) =>
    [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
      .slice(0, -1)
      .map((m) => (m[1]?.startsWith('"') ? m[1].slice(1, -1).replace(/""/g, '"') : (m[1] ?? '')));
  const names = split(header ?? '');
  expect(names).toEqual([...CSV_COLUMNS]);
  return rows.map((row) => Object.fromEntries(split(row).map((value, i) => [names[i], value])));
}

describe('the CSV download carries the environment', () => {
  it('GLM-5.2 / H200: each side names its engine with guide.yaml version, the GPUs, no record, the stated date', () => {
    const guide = committed('glm-5.2/h200');
    const rows = records(comparisonCsv(guide));
    expect(rows).toHaveLength(guide.comparison.length * (1 + guide.metrics.secondary.length));
    const engine = (id: string) => guide.engines.find((e) => e.id === id);
    for (const row of rows) {
      expect(row).toMatchObject({
        baseline_engine: guide.baseline.engine.name,
        baseline_engine_version: engine(guide.baseline.engine.id)?.version,
        baseline_engine_version_from: 'guide',
        optimized_engine: guide.recommended.engine.name,
        optimized_engine_version: engine(guide.recommended.engine.id)?.version,
        baseline_gpu: guide.hardware.name,
        optimized_gpus: String(guide.hardware.gpus),
        optimized_gpu_from: 'guide',
        optimized_driver: '',
        baseline_record: 'none',
        optimized_signed_by: '',
        baseline_measured: guide.decision.freshness.date,
        optimized_measured_from: guide.decision.freshness.dateFrom,
      });
    }
    // What the page states: vLLM v0.24.0 against SGLang v0.5.14 on 8 × H200, measured no later than 2026-08-21.
    expect(rows[0]).toMatchObject({
      baseline_engine: 'vLLM',
      baseline_engine_version: 'v0.24.0',
      optimized_engine: 'SGLang',
      optimized_engine_version: 'v0.5.14',
      baseline_gpu: 'NVIDIA H200',
      baseline_gpus: '8',
      optimized_measured: '2026-08-21',
      optimized_measured_from: 'no-later-than',
    });
  });

  it('no date is made up: none stated, or a side without a record where others have one', () => {
    const guide = committed('glm-5.2/h200');
    for (const freshness of [
      { engines: [], dateFrom: 'none' as const },
      { engines: [], date: '2026-12-01', dateFrom: 'record' as const },
    ])
      for (const row of records(comparisonCsv({ ...guide, decision: { ...guide.decision, freshness } })))
        expect([row.baseline_measured, row.baseline_measured_from, row.baseline_record]).toEqual(['', 'none', 'none']);
  });

  it('a recorded side names what its record reported: version, accelerators, driver, signer, day', () => {
    const guide = committed('glm-5.2/h200');
    const [first] = guide.comparison;
    const baselineRun = first!.baseline.measured.runId;
    const optimizedRun = first!.optimized.measured.runId;
    const machine = { kind: 'gpu', tool: 'nvidia-smi', name: 'NVIDIA H200 141GB HBM3e', count: 8, driver: '575.57.08' };
    const record = (version: string, signedBy?: string) => ({
      started: '2026-11-30T22:10:00Z',
      ended: '2026-12-01T00:20:00Z',
      machine,
      engine: { id: 'vllm', name: 'vLLM', version, source: 'GET /version' },
      benchmark: 'vllm bench serve …',
      ...(signedBy ? { signedBy } : {}),
    });
    const runs = {
      ...guide.runs,
      [baselineRun]: { ...guide.runs[baselineRun]!, recorded: record('0.24.1', 'alice@example.com') },
      // the optimized side runs SGLang: a vLLM version in its record is not its engine's
      [optimizedRun]: { ...guide.runs[optimizedRun]!, recorded: record('0.24.1') },
    } as ComputedGuide['runs'];
    const row = records(comparisonCsv({ ...guide, runs }))[0]!;
    expect(row).toMatchObject({
      baseline_engine_version: '0.24.1',
      baseline_engine_version_from: 'record',
      baseline_gpu: 'NVIDIA H200 141GB HBM3e',
      baseline_gpu_from: 'record',
      baseline_driver: '575.57.08',
      baseline_record: 'signed',
      baseline_signed_by: 'alice@example.com',
      baseline_measured: '2026-12-01',
      baseline_measured_from: 'record',
      optimized_engine_version: 'v0.5.14',
      optimized_engine_version_from: 'guide',
      optimized_record: 'unsigned',
      optimized_signed_by: '',
    });
  });
});
