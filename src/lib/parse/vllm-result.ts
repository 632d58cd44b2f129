import { distributionKey, type DistributionId, type MetricKey, type ScalarId, type Unit } from '../schema/metric.ts';
import { pointerEscape, type JsonDocument, type JsonValue } from '../json-text.ts';
import { isJsonObject, jsonNumber, jsonValueSpan, type JsonObject, type JsonSource } from './json-source.ts';
import { quoteFound } from '../diagnostics/diagnostics.ts';
import type { ParsedRun, RunMetrics } from './types.ts';
import type { FormatId } from '../schema/run.ts';
import { computeMissingRates, type Rate } from './derived-rates.ts';

/**
 * One `vllm bench serve --save-result` result object, as vLLM writes it (vllm/benchmarks/serve.py,
 * calculate_metrics and the result dict of benchmark()): how it is told from other JSON and what
 * each key is. vllm-json.ts reads files of such objects; vllm-bench-sweep.ts the ones
 * `vllm bench sweep` saves, each with its run's number added.
 */

type KeySpec = { id: ScalarId; unit: Unit };

const SCALAR_KEYS: Record<string, KeySpec> = {
  completed: { id: 'requests_successful', unit: 'count' },
  failed: { id: 'requests_failed', unit: 'count' },
  max_concurrency: { id: 'max_concurrency', unit: 'count' },
  request_rate: { id: 'request_rate_configured', unit: 'req/s' },
  duration: { id: 'duration', unit: 's' },
  total_input_tokens: { id: 'input_tokens_total', unit: 'tok' },
  total_output_tokens: { id: 'output_tokens_total', unit: 'tok' },
  request_throughput: { id: 'request_throughput', unit: 'req/s' },
  request_goodput: { id: 'request_goodput', unit: 'req/s' },
  output_throughput: { id: 'output_token_throughput', unit: 'tok/s' },
  total_token_throughput: { id: 'total_token_throughput', unit: 'tok/s' },
  max_output_tokens_per_s: { id: 'peak_output_token_throughput', unit: 'tok/s' },
  max_concurrent_requests: { id: 'peak_concurrent_requests', unit: 'count' },
  spec_decode_acceptance_rate: { id: 'spec_acceptance_rate', unit: 'percent' },
  spec_decode_acceptance_length: { id: 'spec_accept_length', unit: 'tok' },
};

/** `mean_ttft_ms`, `p99.9_itl_ms` → statistic, percentile, family. */
const SUMMARY_KEY = /^(mean|median|std|min|max|p(\d+(?:\.\d+)?))_([a-z0-9_]+)_ms$/;

const FAMILIES: Record<string, DistributionId> = {
  ttft: 'ttft',
  tpot: 'tpot',
  itl: 'itl',
  e2el: 'e2e_latency',
  client_queue_time: 'client_queue_time',
};

const METADATA_HINT =
  'vLLM writes `--metadata k=v` pairs as top-level strings; one may sit under a result key the run did not compute';

/** Keys only `vllm bench serve` writes (its run settings), and keys of a result it holds. */
const VLLM_KEYS = ['num_prompts', 'model_id', 'tokenizer_id', 'burstiness', 'endpoint_type'];
const RESULT_KEYS = ['completed', 'duration', 'total_input_tokens', 'total_output_tokens', 'total_token_throughput'];
/** SGLang's JSONL shares vLLM's summary keys; these it alone writes. */
const SGLANG_KEYS = ['total_output_tokens_retokenized', 'total_throughput', 'mean_e2e_latency_ms'];

/**
 * A vLLM result is told by what it has: vLLM's run settings and a result (a total, the duration or
 * a latency summary). Rates are not required: vllm-ascend's nightly results write none.
 */
export function isVllmResult(value: JsonValue): boolean {
  if (!isJsonObject(value) || SGLANG_KEYS.some((k) => k in value)) return false;
  const keys = Object.keys(value);
  return (
    VLLM_KEYS.some((k) => k in value) &&
    keys.some(
      (k) => RESULT_KEYS.includes(k) || (SUMMARY_KEY.test(k) && FAMILIES[SUMMARY_KEY.exec(k)?.[3] ?? ''] !== undefined),
    )
  );
}

/** The rates vLLM writes, each with the metric it is and how to compute it from the totals. */
const RATE_KEYS: [string, Rate][] = [
  ['request_throughput', 'request_throughput'],
  ['output_throughput', 'output_token_throughput'],
  ['total_token_throughput', 'total_token_throughput'],
];

/**
 * The metrics of one `vllm bench serve` result object, the one at `base` (a JSON pointer, '' for
 * the document itself): its rates as written, or from its totals over its duration where it
 * writes none (computeMissingRates, with a warning at the object's line). Undefined when a value
 * is an error (reported).
 */
export function vllmResultMetrics(record: JsonObject, source: JsonSource, base: string): RunMetrics | undefined {
  const metrics = source.diagnostics.unlessErrors(() => readMetrics(record, source, base));
  if (!metrics) return undefined;
  const missing = RATE_KEYS.filter(([key]) => record[key] === undefined || record[key] === null);
  const line = source.document.lines.get(base) ?? source.document.line;
  computeMissingRates(metrics, missing, { tool: 'vLLM', line, diagnostics: source.diagnostics, written: RATE_KEYS });
  return metrics;
}

function readMetrics(record: JsonObject, source: JsonSource, base: string): RunMetrics {
  const { document, diagnostics } = source;
  const metrics: RunMetrics = {};
  const unknownFamilies = new Set<string>();

  for (const name of Object.keys(record)) {
    const pointer = `${base}/${pointerEscape(name)}`;
    // `--request-rate inf` (the default) is written as the string "inf": no configured rate.
    if (name === 'request_rate' && typeof record[name] === 'string' && /^inf$/i.test(record[name])) continue;
    const scalar = SCALAR_KEYS[name];
    const summary = SUMMARY_KEY.exec(name);
    let key: MetricKey;
    let unit: Unit;
    if (scalar) {
      key = scalar.id;
      unit = scalar.unit;
    } else if (summary) {
      const [, stat, percentile, familyName = ''] = summary;
      const family = FAMILIES[familyName];
      if (!family) {
        if (!unknownFamilies.has(familyName)) {
          unknownFamilies.add(familyName);
          diagnostics.warning(
            'W_UNKNOWN_KEY',
            `no canonical metric for the vLLM latency family "${familyName}"; its statistics are skipped`,
            {
              line: document.lines.get(pointer),
              expected: `one of ${Object.keys(FAMILIES).join(', ')}`,
              found: quoteFound(name),
            },
          );
        }
        continue;
      }
      const statKey = distributionKey(
        family,
        percentile !== undefined ? `p${percentile.replace('.', '_')}` : (stat ?? ''),
      );
      if (statKey === undefined) continue;
      key = statKey;
      unit = 'ms';
    } else {
      continue;
    }
    const number = jsonNumber(source, pointer, { unit, nullable: true, stringHint: METADATA_HINT });
    if (number) metrics[key] = { ...number, unit };
  }
  return metrics;
}

/** Where a result object sits and what its run is called: its format, place in the file and label. */
export type VllmRunAt = {
  file: string;
  format: FormatId;
  /** the file's text as parsed (the spans index into it) */
  parsedSource: string;
  document: JsonDocument;
  pointer: string;
  blockIndex: number;
  blockLabel: string | null;
  /** the object in messages: "JSON document #2", "run 1" */
  what: string;
};

/** The run of one result object, its raw text the object as written; undefined when it is an error (reported). */
export function vllmRun(record: JsonObject, source: JsonSource, at: VllmRunAt): ParsedRun | undefined {
  const metrics = vllmResultMetrics(record, source, at.pointer);
  if (!metrics) return undefined;
  const span = jsonValueSpan(at.parsedSource, at.document, at.pointer);
  if (Object.keys(metrics).length === 0) {
    source.diagnostics.error('E_NO_RESULT', `${at.what} holds no benchmark result`, {
      line: span.startLine,
      expected: 'keys such as "completed", "duration", "total_token_throughput", "mean_ttft_ms"',
      found: quoteFound(span.text),
    });
    return undefined;
  }
  const { file, format, blockIndex, blockLabel } = at;
  return {
    source: { file, format, blockIndex, blockLabel, startLine: span.startLine, endLine: span.endLine },
    metrics,
    raw: span.text,
  };
}
