import type { Cell, ComputedGuide, Measured, Yield } from '../schema/computed.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';
import { argsWords, commandAssignments, commandWords } from '../serving/flags.ts';
import type { Configuration, Figure, PrintedValue } from './figure-schema.ts';
import type { YieldApi } from './decision-api-schema.ts';
import type { Measurement } from './guide-api-schema.ts';

// The parts of a guide's published JSON (guide-api.ts), from its computed guide: each figure with
// its raw file and line, each measurement, each configuration with its engine's version.

export type ApiParts = {
  value: (cell: Cell) => PrintedValue;
  figure: (key: MetricKey, cell: Cell) => Figure;
  measurement: (m: Measured) => Measurement;
  configuration: (
    engine: { id: string; name: string },
    side: { args?: string[] | undefined; command?: string | undefined },
  ) => Configuration;
  /** what a run yields (the decision's, compute/decision-yield.ts), when it printed a total throughput */
  yieldOf: (runId: string) => YieldApi | undefined;
};

export function apiParts(guide: ComputedGuide): ApiParts {
  const value = (cell: Cell): PrintedValue => {
    const run = guide.runs[cell.runId];
    if (!run) throw new Error(`api: guide ${guide.id} has no run "${cell.runId}"`);
    return {
      value: cell.value,
      unit: cell.unit,
      printed: cell.printed,
      ...(cell.printedUnit ? { printedUnit: cell.printedUnit } : {}),
      ...(cell.derived ? { derived: cell.derived } : {}),
      source: { run: cell.runId, file: run.file, line: cell.line },
    };
  };
  const figure = (key: MetricKey, cell: Cell): Figure => ({
    metric: key,
    better: metricDirection(key),
    ...value(cell),
  });
  const yields = new Map<string, YieldApi>();
  for (const workload of guide.decision.workloads)
    for (const point of workload.points)
      if (point.yield && !yields.has(point.runId)) yields.set(point.runId, yieldApi(point.yield, figure));
  const yieldOf = (runId: string) => yields.get(runId);
  const measurement = (m: Measured): Measurement => ({
    runs: [m.runId],
    gpus: m.gpus,
    primary: figure(guide.metrics.primary, m.primary),
    secondary: m.secondary.map((cell, i) => figure(secondaryKey(guide, i), cell)),
    score: m.score,
    scale: m.scale,
    ...(m.perAccelerator !== undefined ? { perGpu: { value: m.perAccelerator, unit: m.primary.unit } } : {}),
    ...(m.successRate !== undefined ? { successRate: m.successRate } : {}),
  });
  const engine = (e: { id: string; name: string }) => {
    const version = guide.engines.find((known) => known.id === e.id)?.version;
    return { id: e.id, name: e.name, ...(version ? { version } : {}) };
  };
  const configuration: ApiParts['configuration'] = (e, side) => ({
    engine: engine(e),
    ...(side.command !== undefined ? { command: side.command } : {}),
    ...(side.args !== undefined ? { args: side.args } : {}),
    argv: side.command !== undefined ? commandWords(side.command) : argsWords(side.args ?? []),
    env: side.command !== undefined ? commandAssignments(side.command) : [],
  });
  return { value, figure, measurement, configuration, yieldOf };
}

function yieldApi(y: Yield, figure: ApiParts['figure']): YieldApi {
  const rate = (value: number, cell: Cell) => ({ value, unit: cell.unit });
  return {
    gpus: y.gpus,
    total: figure('total_token_throughput', y.total),
    ...(y.output ? { output: figure('output_token_throughput', y.output) } : {}),
    totalPerGpu: rate(y.totalPerGpu, y.total),
    ...(y.output && y.outputPerGpu !== undefined ? { outputPerGpu: rate(y.outputPerGpu, y.output) } : {}),
    ...(y.tpot && y.perUser !== undefined
      ? { perUser: { value: y.perUser, unit: 'tok/s' as const, tpot: figure(y.tpot.key, y.tpot.cell) } }
      : {}),
    ...(y.ttft ? { ttft: figure('ttft.mean', y.ttft) } : {}),
    ...(y.cost ? { cost: { unit: 'USD/Mtok' as const, ...y.cost } } : {}),
  };
}

function secondaryKey(guide: ComputedGuide, index: number): MetricKey {
  const key = guide.metrics.secondary[index];
  if (key === undefined) throw new Error(`api: guide ${guide.id} has no secondary metric ${index}`);
  return key as MetricKey;
}
