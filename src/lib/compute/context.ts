import { errorAt, hasErrors, type Diagnostic, type ErrorCode } from '../diagnostics/diagnostics.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Guide } from '../schema/guide.ts';
import { metricDirection, type MetricKey } from '../schema/metric.ts';
import type { Run } from '../schema/run.ts';

export type ComputeInput = {
  id: string;
  guide: Guide;
  runs: readonly Run[];
  /** repo-relative guide.yaml path, for messages */
  file: string;
  locate: (path: YamlPath) => { line: number; column: number };
};

type ErrorExtra = Partial<Pick<Diagnostic, 'expected' | 'found' | 'hint'>>;

/**
 * What every part of compute shares: the guide and its runs, the metrics that decide, the
 * diagnostics collected so far, and the runs the page will show. Created once per guide.
 */
export type ComputeContext = ComputeInput & {
  primaryKey: MetricKey;
  secondaryKey: MetricKey;
  /** the primary metric is better when higher (throughput) rather than lower (latency) */
  primaryHigher: boolean;
  diagnostics: Diagnostic[];
  /** every run the page shows, by id */
  usedRuns: Map<string, Run>;
  /** where guide.yaml first refers to each used run, for messages about that run */
  usedAt: Map<string, YamlPath>;
  /** runs that did not serve all of their profile's requests; acknowledged like plausibility warnings */
  profileWarnings: Diagnostic[];
  /** an error at a guide.yaml path */
  error: (path: YamlPath, code: ErrorCode, message: string, extra?: ErrorExtra) => void;
};

const DEFAULT_PRIMARY: Record<Guide['objective'], MetricKey> = {
  throughput: 'total_token_throughput',
  latency: 'tpot.mean',
};

export function createContext(input: ComputeInput): ComputeContext {
  const diagnostics: Diagnostic[] = [];
  const primaryKey = input.guide.metrics.primary ?? DEFAULT_PRIMARY[input.guide.objective];
  return {
    ...input,
    primaryKey,
    secondaryKey: input.guide.metrics.secondary,
    primaryHigher: metricDirection(primaryKey) === 'higher',
    diagnostics,
    usedRuns: new Map(),
    usedAt: new Map(),
    profileWarnings: [],
    error: (path, code, message, extra = {}) => {
      diagnostics.push(errorAt(code, input.file, message, { ...input.locate(path), ...extra }));
    },
  };
}

export function hasErrorsSoFar(ctx: ComputeContext): boolean {
  return hasErrors(ctx.diagnostics);
}
