// Every measurement a guide needs, from its guide.yaml: each step's variants, each comparison case's
// two sides and each accuracy check's results, one measurement per raw result (a file, or one
// labelled block of it), with the server to start and the benchmark to run against it.
import type { Guide, ResultRef } from '../schema/guide-yaml.ts';
import type { YamlPath } from '../guide-source/yaml-path.ts';
import { benchmarkLines, explicitBenchmark, profileBenchmark, type PlannedBenchmark } from './benchmark.ts';
import { commandRefusals, refusalText, type RefusalOptions } from './allow-list.ts';
import { gsm8kBenchmark } from './gsm8k-command.ts';
import { useText, type GuidePlan, type Measurement, type MeasurementUse, type PlanProblem } from './measurement.ts';

export * from './measurement.ts';
import {
  configIdentity,
  plannedServer,
  type PlannedServer,
  type ServerOptions,
  type ServingConfig,
} from './serving.ts';

const FILL_IN = /(?<![a-z])fill-in/i;

type Need = {
  use: MeasurementUse;
  path: YamlPath;
  result: ResultRef;
  serving: ServingConfig | { problem: string };
  benchmark: (server: PlannedServer) => { benchmark: PlannedBenchmark } | { problem: string };
};

/** What plan is told: the operator's port, and where the repository is on the machine that runs it. */
export type PlanOptions = ServerOptions & RefusalOptions;

export function planGuide(id: string, guide: Guide, options: PlanOptions = {}): GuidePlan {
  const problems: PlanProblem[] = [];
  const forcePort = options.port !== undefined;
  const tool = guide.benchmarkTool ?? 'vllm-bench-serve';

  // The guide-wide benchmark command, when its benchmarkCommands block runs exactly one.
  const scriptLines = guide.benchmarkCommands === undefined ? [] : benchmarkLines(guide.benchmarkCommands);
  const fallback =
    (where: string) =>
    (server: PlannedServer): { benchmark: PlannedBenchmark } | { problem: string } => {
      const [only] = scriptLines;
      if (only !== undefined && scriptLines.length === 1) return explicitBenchmark(only, server, forcePort);
      return {
        problem:
          scriptLines.length > 1
            ? `${where} names no workload and benchmarkCommands runs ${scriptLines.length} benchmarks: give it profile: or its exact benchmark: command`
            : `${where} names no workload: give it profile: (one of the guide's profiles) or its exact benchmark: command`,
      };
    };
  const workload = (
    where: string,
    given: { profile?: string | undefined; benchmark?: string | undefined },
  ): Need['benchmark'] => {
    if (given.benchmark !== undefined) {
      const text = given.benchmark;
      return (server) => explicitBenchmark(text, server, forcePort);
    }
    if (given.profile !== undefined) {
      const profile = guide.profiles.find((p) => p.id === given.profile);
      if (!profile) return () => ({ problem: `${where}: profile ${given.profile} is not one of the guide's profiles` });
      return (server) => profileBenchmark(profile, tool, server);
    }
    return fallback(where);
  };

  const baselineStep = guide.steps.find((s) => s.id === guide.baseline.step);
  const baselineVariant = baselineStep?.variants.find((v) => v.id === guide.baseline.variant);
  const baselineConfig: ServingConfig | { problem: string } = baselineVariant
    ? { engine: baselineVariant.engine, args: baselineVariant.args, command: baselineVariant.command }
    : { problem: `the baseline ${guide.baseline.step}/${guide.baseline.variant} is not a variant of the guide` };
  const recommendedConfig: ServingConfig = { engine: guide.recommended.engine, command: guide.recommended.command };

  const needs: Need[] = [];
  guide.steps.forEach((step, s) => {
    step.variants.forEach((variant, v) => {
      if (variant.result === undefined) return; // did not run (unsupported, failed): nothing to measure
      needs.push({
        use: { kind: 'variant', step: step.id, variant: variant.id },
        path: ['steps', s, 'variants', v],
        result: variant.result,
        serving: { engine: variant.engine, args: variant.args, command: variant.command },
        benchmark: workload(`step ${step.id}`, step),
      });
    });
  });
  guide.accuracy.forEach((check, c) => {
    const after = guide.steps.find((s) => s.id === check.after);
    check.results.forEach((result, r) => {
      const label = result.label;
      const variant = after?.variants.find(
        (v) =>
          v.id === label ||
          (typeof v.label === 'string' ? v.label === label : v.label?.en === label || v.label?.zh === label),
      );
      const serving: Need['serving'] = variant
        ? { engine: variant.engine, args: variant.args, command: variant.command }
        : label === 'baseline'
          ? baselineConfig
          : label === 'optimized' || label === 'recommended'
            ? recommendedConfig
            : {
                problem: `plan cannot tell which configuration "${label}" ran: label it as a variant of step ${check.after} (its id or label), or baseline, or optimized (the recommended command)`,
              };
      needs.push({
        use: { kind: 'accuracy', check: check.id, label },
        path: ['accuracy', c, 'results', r],
        result: result.result,
        serving,
        // Filled in below, once every result's server is known (the tool depends on all of them).
        benchmark: () => ({ problem: '' }),
      });
    });
  });
  guide.comparison.cases.forEach((testCase, c) => {
    for (const side of ['baseline', 'optimized'] as const) {
      const given = testCase[side];
      const engine =
        side === 'baseline' ? (baselineVariant?.engine ?? guide.recommended.engine) : guide.recommended.engine;
      const serving: Need['serving'] =
        given.args !== undefined || given.command !== undefined
          ? { engine, args: given.args, command: given.command }
          : side === 'baseline'
            ? baselineConfig
            : recommendedConfig;
      needs.push({
        use: { kind: 'case', case: testCase.id, side },
        path: ['comparison', 'cases', c, side],
        result: given.result,
        serving,
        benchmark: workload(`case ${testCase.id}`, testCase),
      });
    }
  });
  // Servers first, so an accuracy check knows whether all its results run on SGLang.
  const servers = needs.map((need) =>
    'problem' in need.serving ? need.serving : plannedServer(guide, need.serving, options),
  );
  guide.accuracy.forEach((check) => {
    const indices = needs.flatMap((need, i) =>
      need.use.kind === 'accuracy' && need.use.check === check.id ? [i] : [],
    );
    const allSglang = indices.every((i) => {
      const server = servers[i];
      return server !== undefined && 'server' in server && server.server.family === 'sglang';
    });
    for (const i of indices) {
      const need = needs[i];
      if (!need) continue;
      const text = check.benchmark;
      need.benchmark =
        text !== undefined
          ? (server) => explicitBenchmark(text, server, forcePort)
          : (server) => ({ benchmark: gsm8kBenchmark(check.samples, server, allSglang) });
    }
  });

  const byId = new Map<string, Measurement>();
  const measurements: Measurement[] = [];
  needs.forEach((need, i) => {
    const file = typeof need.result === 'string' ? need.result : need.result.file;
    const blockRef = typeof need.result === 'string' ? undefined : need.result.block;
    const block = typeof blockRef === 'string' ? blockRef : null;
    const id = block === null ? file : `${file}#${block}`;
    const own: PlanProblem[] = [];
    if (typeof blockRef === 'number')
      own.push({
        message: `${file} block ${blockRef} is named by its position: name it by its # label (block: "<label>") so record can write it`,
        path: [...need.path, 'result'],
      });
    const planned = servers[i];
    let server: PlannedServer | undefined;
    let benchmark: PlannedBenchmark | undefined;
    if (planned && 'server' in planned) {
      server = planned.server;
      const made = need.benchmark(server);
      if ('benchmark' in made) benchmark = made.benchmark;
      else own.push({ message: made.problem, path: need.path });
    } else if (planned) own.push({ message: planned.problem, path: need.path });
    // What the GPU box will not run (./allow-list.ts): the measurement cannot run as planned.
    for (const [role, command] of [
      ['serving', server],
      ['benchmark', benchmark],
    ] as const)
      if (command)
        for (const refusal of commandRefusals(command, role, options))
          own.push({ message: refusalText(role, refusal), path: need.path });
    for (const command of [server, benchmark])
      if (command && FILL_IN.test(command.text))
        own.push({ message: `the command still holds FILL-IN from npm run new: ${command.text}`, path: need.path });

    const existing = byId.get(id);
    if (!existing) {
      const measurement: Measurement = {
        id,
        file,
        block,
        uses: [need.use],
        paths: [need.path],
        ...(server ? { server } : {}),
        ...(benchmark ? { benchmark } : {}),
        problems: own,
      };
      byId.set(id, measurement);
      measurements.push(measurement);
      return;
    }
    existing.uses.push(need.use);
    existing.paths.push(need.path);
    for (const problem of own)
      if (!existing.problems.some((p) => p.message === problem.message)) existing.problems.push(problem);
    const before = existing.server;
    const twoConfigurations =
      server !== undefined && before !== undefined && configIdentity(server) !== configIdentity(before);
    if (server !== undefined && before !== undefined && twoConfigurations)
      existing.problems.push({
        message: `${id} is the result of ${useText(existing.uses[0] ?? need.use)}, started as \`${before.text}\`, and of ${useText(need.use)}, started as \`${server.text}\`: one result, two configurations`,
        path: need.path,
      });
    // Against another server the same workload is another command (its port): said once, above.
    if (!twoConfigurations && benchmark && existing.benchmark && benchmark.text !== existing.benchmark.text)
      existing.problems.push({
        message: `${id} is the result of ${useText(existing.uses[0] ?? need.use)}, measured with \`${existing.benchmark.text}\`, and of ${useText(need.use)}, measured with \`${benchmark.text}\`: one result, two workloads`,
        path: need.path,
      });
  });
  return { guide: id, measurements, problems };
}
