import { DiagnosticList, quoteFound } from '../diagnostics/diagnostics.ts';
import { distributionKey, type DistributionId, type MetricKey, type ScalarId, type Unit } from '../schema/metric.ts';
import { parseJsonDocuments, pointerEscape, type JsonValue } from '../json-text.ts';
import {
  isJsonObject,
  jsonNumber,
  jsonValueSpan,
  reportJsonError,
  uniqueLabels,
  type JsonObject,
  type JsonSource,
} from './json-source.ts';
import type { ParsedRun, ParseResult, RunMetrics } from './types.ts';
import { computeMissingRates, type Rate } from './derived-rates.ts';

/**
 * Parser for `vllm bench serve --save-result` JSON (docs/formats.md, vllm-json): one object per run,
 * several newline-separated objects with `--append-result`. Summaries are already in ms and s; the
 * per-request arrays (`latencies`, `ttfts`, …) are not metrics and are ignored. The sibling
 * `{stem}.pytorch.json` list is recognised and skipped with a warning. A result without the rate
 * keys (vllm-ascend's nightly results) is read too: its rates are computed from its totals over
 * its duration, with a warning naming each key it lacks.
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

/** The PyTorch OSS benchmark-format list vLLM writes beside the result as `{stem}.pytorch.json`. */
function isPytorchRecords(value: JsonValue): boolean {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (r) =>
        isJsonObject(r) &&
        isJsonObject(r.benchmark) &&
        isJsonObject(r.metric) &&
        Array.isArray(r.metric.benchmark_values),
    )
  );
}

/** Keys only `vllm bench serve` writes (its run settings), and keys of a result it holds. */
const VLLM_KEYS = ['num_prompts', 'model_id', 'tokenizer_id', 'burstiness', 'endpoint_type'];
const RESULT_KEYS = ['completed', 'duration', 'total_input_tokens', 'total_output_tokens', 'total_token_throughput'];
/** SGLang's JSONL shares vLLM's summary keys; these it alone writes. */
const SGLANG_KEYS = ['total_output_tokens_retokenized', 'total_throughput', 'mean_e2e_latency_ms'];

/**
 * A vLLM result is told by what it has: vLLM's run settings and a result (a total, the duration or
 * a latency summary). Rates are not required: vllm-ascend's nightly results write none.
 */
function isVllmResult(value: JsonValue): boolean {
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

/** The output this reader reads, as users know it: a refusal of a file no reader claims lists it. */
export const knownAs = '`vllm bench serve --save-result` JSON';

export function detect(text: string): boolean {
  // Most raw files are printed blocks: do not start a JSON parse (and its error) for those.
  if (!/^\s*[[{]/.test(text.replace(/^\uFEFF/, ''))) return false;
  const parsed = parseJsonDocuments(text);
  const first = parsed.ok ? parsed.documents[0] : undefined;
  if (first) return isVllmResult(first.value) || isPytorchRecords(first.value);
  // A cut-off file still goes to this parser, which reports where the JSON breaks.
  return (
    /^\s*\{/.test(text.replace(/^\uFEFF/, '')) &&
    /"num_prompts"\s*:/.test(text) &&
    /"(completed|duration|total_token_throughput)"\s*:/.test(text) &&
    !/"(total_output_tokens_retokenized|total_throughput)"\s*:/.test(text)
  );
}

export function parse(text: string, options: { file: string }): ParseResult {
  const diagnostics = new DiagnosticList(options.file);
  const parsed = parseJsonDocuments(text);
  if (!parsed.ok) {
    reportJsonError(parsed, diagnostics, 'a `vllm bench serve --save-result` JSON object');
    return { runs: [], diagnostics: diagnostics.items };
  }
  const documents = parsed.documents;
  const [first] = documents;
  if (first && Array.isArray(first.value) && isPytorchRecords(first.value)) {
    const sibling = options.file.endsWith('.pytorch.json')
      ? `${options.file.slice(0, -'.pytorch.json'.length).split('/').pop()}.json`
      : 'the `{stem}.json` beside it';
    // formats.md §2.2: recognise and skip it; the result is in the sibling file.
    diagnostics.warning(
      'W_SKIPPED_FILE',
      'this is the PyTorch OSS benchmark-format list vLLM writes beside a --save-result file, not a result; skipped',
      {
        line: first.line,
        expected: 'the `vllm bench serve --save-result` JSON object',
        found: `a list of ${first.value.length} {benchmark, model, metric} records`,
        hint: `use ${sibling} instead: it holds the same run with every metric`,
      },
    );
    return { runs: [], diagnostics: diagnostics.items };
  }

  const labels = uniqueLabels(
    documents.map((d) =>
      isJsonObject(d.value) && typeof d.value.label === 'string' && d.value.label.trim() !== ''
        ? d.value.label.trim()
        : null,
    ),
  );
  const runs: ParsedRun[] = [];
  documents.forEach((document, blockIndex) => {
    const span = jsonValueSpan(parsed.source, document, '');
    const record = document.value;
    if (!isJsonObject(record)) {
      diagnostics.error('E_SCHEMA', `JSON document #${blockIndex + 1} is not a result object`, {
        line: document.line,
        expected: 'an object like {"date": …, "num_prompts": …, "duration": …}',
        found: quoteFound(span.text),
      });
      return;
    }
    const metrics = diagnostics.unlessErrors(() => readMetrics(record, { document, text, diagnostics }));
    if (!metrics) return;
    const missing = RATE_KEYS.filter(([key]) => record[key] === undefined || record[key] === null);
    computeMissingRates(metrics, missing, { tool: 'vLLM', line: document.line, diagnostics, written: RATE_KEYS });
    if (Object.keys(metrics).length === 0) {
      diagnostics.error('E_NO_RESULT', `JSON document #${blockIndex + 1} holds no benchmark result`, {
        line: document.line,
        expected: 'keys such as "completed", "duration", "total_token_throughput", "mean_ttft_ms"',
        found: quoteFound(span.text),
      });
      return;
    }
    runs.push({
      source: {
        file: options.file,
        format: 'vllm-json',
        blockIndex,
        blockLabel: labels[blockIndex] ?? null,
        startLine: span.startLine,
        endLine: span.endLine,
      },
      metrics,
      raw: span.text,
    });
  });
  return { runs, diagnostics: diagnostics.items };
}

function readMetrics(record: JsonObject, source: JsonSource): RunMetrics {
  const { document, diagnostics } = source;
  const metrics: RunMetrics = {};
  const unknownFamilies = new Set<string>();

  for (const name of Object.keys(record)) {
    const pointer = `/${pointerEscape(name)}`;
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
