import { contentHash } from '../content-hash.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { isDistribution, isMetricKey, splitMetricKey, type MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';
import { engineFamily } from '../serving/entry-points.ts';
import {
  argsWords,
  canonicalFlag,
  commandAssignments,
  commandWords,
  flagUses,
  servedModels,
  commandModel,
} from '../serving/flags.ts';
import { parallelismOf } from '../serving/parallelism.ts';
import { runUses, type RunUse } from './run-uses.ts';
import { BR_LATENCY, BR_LOAD_TOOL, BR_STATISTIC, BR_THROUGHPUT, BR_UNIT } from './br-fields.ts';

/**
 * One measured run as an llm-d Benchmark Report v0.2.1 (../shared/schemas/, from
 * llm-d/llm-d-benchmark): the scenario (the serving engine, its model, accelerators, parallelism
 * and command; the load generator, dataset, lengths, rate and concurrency) and the results
 * (request counts, latency distributions and throughputs, in the report's units). Only what the
 * raw file and guide.yaml say is written: a field perflab does not know is left out (the report
 * makes nearly all optional), never guessed. tests/build/benchmark-reports.test.ts validates
 * every export against llm-d's JSON Schema.
 */

export const BR_VERSION = '0.2.1';

type Statistics = { units: string; mean: number } & Record<string, number | string>;

export { runUses, type RunUse };
/** The report of one run, or undefined for a run that is no serving benchmark (an accuracy result). */
export function benchmarkReport(
  guide: ComputedGuide,
  run: Omit<Run, 'raw'>,
  use: RunUse | undefined,
): Record<string, unknown> | undefined {
  const tool = BR_LOAD_TOOL[run.source.format];
  if (tool === undefined || use === undefined) return undefined;
  const shown = guide.runs[run.id];
  const recorded = shown?.recorded;
  const value = (key: string) => (isMetricKey(key) ? run.metrics[key]?.value : undefined);
  const words = use.command !== undefined ? commandWords(use.command) : argsWords(use.args ?? []);
  const family = engineFamily(use.engine);
  const flags = flagUses(words);
  const size = (name: string) => {
    const given = flags.findLast((f) => canonicalFlag(f.name) === name)?.value;
    return given !== undefined && /^[1-9]\d{0,5}$/.test(given) ? Number(given) : undefined;
  };
  const gpus = use.gpus ?? parallelismOf(words, family)?.gpus ?? guide.hardware.gpus;
  const parallelism = Object.fromEntries(
    (
      [
        ['tp', size('--tensor-parallel-size')],
        ['dp', size('--data-parallel-size')],
        ['pp', size('--pipeline-parallel-size')],
        ['ep', size('--expert-parallel-size')],
      ] as const
    ).filter(([, n]) => n !== undefined),
  );
  const model = servedModels(words)[0]?.value ?? commandModel(guide.recommended.command) ?? guide.model.name;
  const engineVersion = recorded?.engine?.version ?? guide.engines.find((e) => e.id === use.engine.id)?.version ?? '';
  const nativeArgs = Object.fromEntries(flags.map((f) => [f.name.replace(/^-+/, ''), f.value === '' ? null : f.value]));
  const env = use.command !== undefined ? commandAssignments(use.command) : [];
  const engineComponent = {
    metadata: {
      label: use.engine.id,
      cfg_id: contentHash([use.engine.id, ...env, ...words]),
      description: `${use.engine.name} serving ${model} (perflab guide ${guide.id})`,
    },
    standardized: {
      kind: 'inference_engine',
      tool: use.engine.id,
      // The report requires a version; "" where none is known, as llm-d's own converter writes.
      tool_version: engineVersion,
      role: 'replica',
      replicas: 1,
      model: { name: model },
      accelerator: {
        model: recorded?.machine?.name ?? guide.hardware.name,
        count: gpus,
        parallelism,
      },
    },
    native: {
      args: nativeArgs,
      envars: Object.fromEntries(
        env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
      ),
      config: { ...(use.command !== undefined ? { command: use.command } : { args: use.args ?? [] }), argv: words },
    },
  };
  const load = loadOf(guide, use, tool, value);
  const statistics = (id: string) => latencyStatistics(run, id);
  const latency = Object.fromEntries(
    Object.entries(BR_LATENCY).flatMap(([id, field]) => {
      const stats = statistics(id);
      return stats ? [[field, stats]] : [];
    }),
  );
  const throughput = Object.fromEntries(
    Object.entries(BR_THROUGHPUT).flatMap(([id, field]) => {
      const cell = isMetricKey(id) ? run.metrics[id] : undefined;
      const units = cell ? BR_UNIT[cell.unit] : undefined;
      return cell && units ? [[field, { units, mean: cell.value }]] : [];
    }),
  );
  const successful = value('requests_successful');
  const failed = value('requests_failed');
  const requests =
    successful !== undefined
      ? { total: successful + (failed ?? 0), ...(failed !== undefined ? { failures: failed } : {}) }
      : undefined;
  return {
    version: BR_VERSION,
    run: {
      uid: `perflab:${guide.id}/${run.id}`,
      eid: `perflab:${guide.id}`,
      description: `${guide.title.en}: ${run.source.file} lines ${run.source.startLine}-${run.source.endLine}`,
      keywords: ['perflab', guide.id, guide.objective],
      ...(recorded ? { time: { start: recorded.started, end: recorded.ended } } : {}),
    },
    scenario: { stack: [engineComponent], ...(load ? { load } : {}) },
    results: {
      request_performance: {
        aggregate: {
          ...(requests ? { requests } : {}),
          ...(Object.keys(latency).length > 0 ? { latency } : {}),
          ...(Object.keys(throughput).length > 0 ? { throughput } : {}),
        },
      },
    },
  };
}

/** A distribution's statistics in the report's fields; none without a mean, which the report requires. */
function latencyStatistics(run: Pick<Run, 'metrics'>, id: string): Statistics | undefined {
  let units: string | undefined;
  const fields: Record<string, number> = {};
  for (const [key, cell] of Object.entries(run.metrics)) {
    if (!cell || !isMetricKey(key)) continue;
    const { id: metric, stat } = splitMetricKey(key as MetricKey);
    if (metric !== id || !isDistribution(metric) || stat === undefined) continue;
    const field = BR_STATISTIC[stat];
    if (field === undefined) continue;
    // A printed median and p50 are one statistic; the first read stands.
    if (fields[field] === undefined) fields[field] = cell.value;
    units = BR_UNIT[cell.unit];
  }
  const mean = fields['mean'];
  if (mean === undefined || units === undefined) return undefined;
  return { ...fields, units, mean };
}

/**
 * The load: the generator, its dataset, lengths, rate and concurrency, from the run's own lines
 * and the profile or benchmark command guide.yaml gives. A length none of them sets is the run's
 * measured mean (its token total over its requests), with the distribution `other`.
 */
function loadOf(
  guide: ComputedGuide,
  use: RunUse,
  tool: string,
  value: (key: string) => number | undefined,
): Record<string, unknown> | undefined {
  const profile = guide.profiles.find((p) => p.id === use.profile);
  const config = new Map<string, string | number>(profile?.config ?? []);
  const benchmarkFlags = new Map(
    use.benchmark !== undefined ? flagUses(commandWords(use.benchmark)).map((f) => [f.name, f.value] as const) : [],
  );
  const dataset = String(config.get('dataset_name') ?? benchmarkFlags.get('--dataset-name') ?? '').toLowerCase();
  const source = dataset === 'random' ? 'random' : dataset === 'sharegpt' ? 'sampled' : 'unknown';
  const successful = value('requests_successful');
  const length = (configured: unknown, total: number | undefined) => {
    const n = Number(configured);
    if (configured !== undefined && Number.isFinite(n) && n >= 0) return { distribution: 'fixed', value: n };
    if (total !== undefined && successful !== undefined && successful > 0)
      return { distribution: 'other', value: total / successful };
    return undefined;
  };
  const input = length(
    config.get('dataset_input_tokens') ?? benchmarkFlags.get('--random-input-len'),
    value('input_tokens_total'),
  );
  if (!input) return undefined;
  const output = length(
    config.get('dataset_output_tokens') ?? benchmarkFlags.get('--random-output-len'),
    value('output_tokens_total'),
  );
  const rate = value('request_rate_configured') ?? Number(config.get('request_rate'));
  const concurrency = value('max_concurrency');
  return {
    metadata: {
      ...(profile ? { description: `GPUStack profile ${profile.name}` } : {}),
    },
    standardized: {
      tool,
      // The report requires a version; the raw files perflab reads do not print the generator's.
      tool_version: '',
      source,
      input_seq_len: input,
      ...(output ? { output_seq_len: output } : {}),
      ...(Number.isFinite(rate) && rate > 0 ? { rate_qps: rate } : {}),
      ...(concurrency !== undefined && concurrency >= 1 ? { concurrency } : {}),
    },
    native: {
      ...(profile ? { args: Object.fromEntries(profile.config) } : {}),
      ...(use.benchmark !== undefined ? { config: { command: use.benchmark } } : {}),
    },
  };
}
