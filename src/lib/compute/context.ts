import { errorAt, hasErrors, type Diagnostic, type ErrorCode } from '../diagnostics/diagnostics.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';
import type { BlockIndex } from './block-index.ts';
import type { Defaults } from '../schema/defaults.ts';

export type ComputeInput = {
  id: string;
  guide: Guide;
  runs: readonly Run[];
  /** repo-relative guide.yaml path, for messages */
  file: string;
  locate: (path: YamlPath) => { line: number; column: number };
  /** line and column of character `index` of the string at `path`; without it, the string's start */
  locateIn?: (path: YamlPath, index: number) => { line: number; column: number };
  /** the raw blocks of every guide, to find a result copied from another guide */
  blocks?: BlockIndex;
  /** content/defaults.yaml: the prices and the noise default the decision figures use */
  defaults?: Defaults;
};

type ErrorExtra = Partial<Pick<Diagnostic, 'expected' | 'found' | 'hint'>>;

/**
 * What every part of compute shares: the guide and its runs, the metrics that decide, the
 * diagnostics collected so far, and the runs the page will show. Created once per guide.
 */
export type ComputeContext = ComputeInput & {
  primaryKey: MetricKey;
  secondaryKeys: MetricKey[];
  /** the primary metric is better when higher (throughput) rather than lower (latency) */
  primaryHigher: boolean;
  diagnostics: Diagnostic[];
  /** every run the page shows, by id */
  usedRuns: Map<string, Run>;
  /** where guide.yaml first refers to each used run, for messages about that run */
  usedAt: Map<string, YamlPath>;
  /** an error at a guide.yaml path */
  error: (path: YamlPath, code: ErrorCode, message: string, extra?: ErrorExtra) => void;
  /** an error at character `index` of the string at a guide.yaml path */
  errorIn: (path: YamlPath, index: number, code: ErrorCode, message: string, extra?: ErrorExtra) => void;
};

/** What decides, and what is shown beside it, when guide.yaml does not say. */
const DEFAULT_METRICS: Record<Guide['objective'], { primary: MetricKey; secondary: MetricKey[] }> = {
  throughput: { primary: 'total_token_throughput', secondary: ['tpot.mean'] },
  latency: { primary: 'e2e_latency.mean', secondary: ['ttft.mean', 'tpot.mean'] },
};

export function createContext(input: ComputeInput): ComputeContext {
  const diagnostics: Diagnostic[] = [];
  const defaults = DEFAULT_METRICS[input.guide.objective];
  const primaryKey = input.guide.metrics.primary ?? defaults.primary;
  const secondary = input.guide.metrics.secondary ?? defaults.secondary;
  return {
    ...input,
    primaryKey,
    secondaryKeys: typeof secondary === 'string' ? [secondary] : secondary,
    primaryHigher: metricDirection(primaryKey) === 'higher',
    diagnostics,
    usedRuns: new Map(),
    usedAt: new Map(),
    error: (path, code, message, extra = {}) => {
      diagnostics.push(errorAt(code, input.file, message, { ...input.locate(path), ...extra }));
    },
    errorIn: (path, index, code, message, extra = {}) => {
      const at = input.locateIn ? input.locateIn(path, index) : input.locate(path);
      diagnostics.push(errorAt(code, input.file, message, { ...at, ...extra }));
    },
  };
}

export function hasErrorsSoFar(ctx: ComputeContext): boolean {
  return hasErrors(ctx.diagnostics);
}
