import type { YamlPath } from '../guide-source/yaml-source.ts';
import { errorAt } from '../diagnostics/diagnostics.ts';
import { flagValue, hasFlag } from '../plan/command-words.ts';
import { planGuide, useText, type Measurement } from '../plan/plan.ts';
import { acceleratorSummary } from '../record/accelerators.ts';
import { recordFileOf } from '../record/record-files.ts';
import { commandWords, wordFlags } from '../serving/flags.ts';
import type { RunRecorded } from '../schema/record.ts';
import type { Run } from '../schema/run.ts';
import type { ComputeContext } from './context.ts';

/**
 * guide.yaml against what its results were recorded on (npm run record, `<file>.record.json`), so
 * what a page says ran is what ran. Each difference is an error at the guide.yaml line to change:
 *
 * - the machine (E_RECORDED_MACHINE): `hardware.gpus` against the accelerators the record lists,
 *   `hardware.name` against their model, `hardware.accelerator` against GPU or NPU;
 * - the engine (E_RECORDED_ENGINE): each engine's `version` against the version its server reported
 *   (when its servers reported several, guide.yaml's must be one of them: the mix is a warning);
 * - the serving flags (E_RECORDED_FLAGS): the command plan makes of a run's args or command against
 *   the serving command the record holds (listening address aside), at the run's own line;
 * - the workload (E_RECORDED_WORKLOAD, at the raw line): the requests and the input and output
 *   lengths the recorded benchmark command asked for against the block's own totals.
 *
 * Results without a record (every guide measured before records existed) are not compared.
 */

type RecordedRun = Run & { recorded: RunRecorded };

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const normalVersion = (version: string) => version.trim().replace(/^v/i, '').toLowerCase();
const namesOf = (runs: readonly RecordedRun[], id: string) => {
  const files = [...new Set(runs.map((r) => r.source.file.replace(`data/raw/${id}/`, '')))];
  return files.length === 1 ? files[0] : `${files[0]} and ${plural(files.length - 1, 'other result')}`;
};

/** Whether a machine name is the model a tool names: every word with a digit in it (H100, 910B) is there. */
export function sameMachine(guideName: string, recordedName: string): boolean {
  const words = guideName
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);
  const models = words.filter((w) => /\d/.test(w));
  const recorded = recordedName.toLowerCase();
  return (models.length > 0 ? models : words).every((w) => recorded.includes(w));
}

export function checkRecorded(ctx: ComputeContext): void {
  const recorded = ctx.runs.filter((run): run is RecordedRun => run.recorded !== undefined);
  if (recorded.length === 0) return;
  const { guide } = ctx;
  const unit = guide.hardware.accelerator.toUpperCase();

  // The machine: one error per distinct machine the records name, at the key that says otherwise.
  const machines = new Map<string, RecordedRun[]>();
  for (const run of recorded) {
    const accelerators = run.recorded.accelerators;
    if (!accelerators) continue;
    const s = acceleratorSummary(accelerators);
    const key = JSON.stringify([accelerators.kind, s.count, s.name]);
    machines.set(key, [...(machines.get(key) ?? []), run]);
  }
  for (const runs of machines.values()) {
    const accelerators = runs[0]?.recorded.accelerators;
    if (!accelerators) continue;
    const s = acceleratorSummary(accelerators);
    const seen = `${accelerators.tool}: ${s.count} × ${s.name}`;
    const which = namesOf(runs, ctx.id);
    if (accelerators.kind !== guide.hardware.accelerator)
      ctx.error(
        ['hardware', 'accelerator'],
        'E_RECORDED_MACHINE',
        `the guide is about ${guide.hardware.accelerator.toUpperCase()}s, but the records of ${which} say ${accelerators.kind.toUpperCase()}s (${seen})`,
        { expected: `accelerator: ${accelerators.kind}`, found: guide.hardware.accelerator },
      );
    else if (s.count !== guide.hardware.gpus)
      ctx.error(
        ['hardware', 'gpus'],
        'E_RECORDED_MACHINE',
        `hardware.gpus is ${guide.hardware.gpus}, but the records of ${which} say the machine has ${plural(s.count, unit)} (${seen})`,
        { expected: `gpus: ${s.count}`, found: String(guide.hardware.gpus) },
      );
    if (!s.names.every((name) => sameMachine(guide.hardware.name, name)))
      ctx.error(
        ['hardware', 'name'],
        'E_RECORDED_MACHINE',
        `hardware.name "${guide.hardware.name}" is not the ${s.name} the records of ${which} name (${seen})`,
        { expected: `a name of the model the record names: ${s.name}`, found: guide.hardware.name },
      );
  }

  // The engines: each version against the versions its servers reported.
  guide.engines.forEach((engine, e) => {
    const byVersion = new Map<string, RecordedRun[]>();
    for (const run of recorded) {
      const reported = run.recorded.engine;
      if (reported?.id !== engine.id || reported.version === undefined) continue;
      byVersion.set(reported.version, [...(byVersion.get(reported.version) ?? []), run]);
    }
    // One of several versions recorded is W_RECORDED_MIXED (environments.ts), not an error here.
    const stated = engine.version === undefined ? undefined : normalVersion(engine.version);
    if ([...byVersion.keys()].some((version) => normalVersion(version) === stated)) return;
    for (const [version, runs] of byVersion) {
      const source = runs[0]?.recorded.engine?.source ?? '';
      ctx.error(
        engine.version === undefined ? ['engines', e] : ['engines', e, 'version'],
        'E_RECORDED_ENGINE',
        `${engine.name} ${engine.version ?? 'has no version'}, but the records of ${namesOf(runs, ctx.id)} say ${engine.name} ${version} (${source})`,
        { expected: `version: ${version}`, found: engine.version ?? 'no version' },
      );
    }
  });

  const plan = planGuide(ctx.id, guide);
  for (const m of plan.measurements) {
    for (const run of recorded.filter((r) => ofMeasurement(r, m, ctx.id))) {
      checkFlags(ctx, m, run);
      checkWorkload(ctx, run);
    }
  }
}

function ofMeasurement(run: Run, m: Measurement, id: string): boolean {
  return run.source.file === `data/raw/${id}/${m.file}` && (m.block === null || run.source.blockLabel === m.block);
}

/** The flags guide.yaml gives a result's server against the ones its record says it was started with. */
function checkFlags(ctx: ComputeContext, m: Measurement, run: RecordedRun): void {
  const serving = run.recorded.serving;
  if (!serving || !m.server) return;
  const planned = wordFlags(m.server.words);
  const ran = wordFlags(commandWords(serving.command));
  const differences: string[] = [];
  const show = (name: string, value: string | undefined) => (value === '' ? name : `${name} ${value ?? ''}`.trim());
  for (const name of new Set([...planned.keys(), ...ran.keys()])) {
    const want = planned.get(name);
    const got = ran.get(name);
    if (want === got) continue;
    if (want === undefined) differences.push(`it ran with ${show(name, got)}, which guide.yaml does not set`);
    else if (got === undefined) differences.push(`guide.yaml sets ${show(name, want)}, which it ran without`);
    else differences.push(`guide.yaml sets ${show(name, want)}, it ran with ${show(name, got)}`);
  }
  if (differences.length === 0) return;
  const [use] = m.uses;
  const path: YamlPath = m.paths[0] ?? [];
  const who = {
    'run-plan': 'as run-plan started it',
    author: 'as the author started it',
    planned: 'as planned when recorded',
  }[serving.startedBy];
  ctx.error(
    path,
    'E_RECORDED_FLAGS',
    `${use ? useText(use) : m.id}: ${m.id} was not run as guide.yaml configures it: ${differences.join('; ')}`,
    {
      expected: m.server.text,
      found: `${serving.command} (${who}; ${recordFileOf(m.file)})`,
      hint: 'make guide.yaml say what ran, or measure the result again (npm run record -- --force)',
    },
  );
}

/** The requests and lengths the recorded benchmark asked for against the block's own totals. */
function checkWorkload(ctx: ComputeContext, run: RecordedRun): void {
  const words = commandWords(run.recorded.benchmark.command);
  const number = (names: string[]) => {
    const value = flagValue(words, names);
    return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
  };
  const m = run.metrics;
  const ok = m.requests_successful;
  const requests = ok ? ok.value + (m.requests_failed?.value ?? 0) : undefined;
  const where = `${run.source.file.split('/').pop() ?? ''}.record.json`;
  const report = (line: number, message: string, expected: string, found: string) =>
    ctx.diagnostics.push(
      errorAt('E_RECORDED_WORKLOAD', run.source.file, message, {
        line,
        expected,
        found,
        hint: 'the block is not the output of the benchmark its record names: measure it again, or remove the record',
      }),
    );
  const asked = number(['--num-prompts', '--max-requests']);
  if (asked !== undefined && ok && requests !== undefined && requests !== asked)
    report(
      ok.line,
      `the benchmark was asked for ${asked} requests (its command in ${where}), but the block counts ${requests}`,
      `${asked} requests`,
      String(requests),
    );
  if (!ok || ok.value === 0) return;
  const lengths: [string[], 'input_tokens_total' | 'output_tokens_total', boolean][] = [
    [['--random-input-len'], 'input_tokens_total', true],
    [
      ['--random-output-len'],
      'output_tokens_total',
      hasFlag(words, ['--ignore-eos']) || words.includes('sglang.bench_serving'),
    ],
  ];
  for (const [names, key, exact] of lengths) {
    const length = number(names);
    const total = m[key];
    if (length === undefined || !total || !exact) continue;
    const perRequest = total.value / ok.value;
    if (Math.abs(perRequest - length) <= length * 0.1) continue;
    report(
      total.line,
      `the benchmark asked for ${length} tokens a request (${names[0]} ${length} in ${where}), but the block's ${key} is ${perRequest.toFixed(1)} a request`,
      `about ${length * ok.value} (${length} × ${ok.value})`,
      total.printed,
    );
  }
}
