/**
 * Tools whose output perflab recognises but does not read: when no reader claims a file, the
 * refusal names the tool that wrote it and says what to do, instead of "cannot tell". Each entry
 * is a fingerprint of what the tool writes (its own labels, keys or titles), checked only after
 * every reader in PARSERS declined the file: when a reader for one of these formats lands, its
 * entry here simply stops firing for the files that reader claims (and can be dropped).
 *
 * Only the start of a file is looked at: a tool's fingerprint (a header row, a table title, the
 * first keys of its JSON) comes early, and the tests stay linear in the text looked at.
 */

export type RecognisedTool = {
  /** the tool and the file, as users know them: "AIPerf's profile_export_aiperf.json" */
  what: string;
  /** what the author can do with it */
  advice: string;
  looksLike: (head: string) => boolean;
};

const HEAD = 64 * 1024;

const NOT_READ = 'perflab does not read it (docs/formats.md, "Not read")';

const has =
  (...patterns: RegExp[]) =>
  (head: string) =>
    patterns.every((p) => p.test(head));

/** Fingerprints, most specific first: AIPerf's JSON is GenAI-Perf's with `tag`/`header` keys. */
export const RECOGNISED_TOOLS: readonly RecognisedTool[] = [
  {
    // The title AIPerf's console exporter prints above its table (its ConsoleExporter tests assert it).
    what: "AIPerf's console table",
    advice: `${NOT_READ}; AIPerf writes the same figures to profile_export_aiperf.json in its artifact directory`,
    looksLike: has(/NVIDIA AIPerf \| LLM Metrics/),
  },
  {
    what: "AIPerf's profile_export_aiperf.json",
    advice: NOT_READ,
    looksLike: (head) =>
      /^\s*\{/.test(head) &&
      (/"records"\s*:\s*\{\s*"[a-z_]+"\s*:\s*\{\s*"tag"\s*:/.test(head) ||
        has(/"time_to_first_token"\s*:\s*\{/, /"tag"\s*:\s*"time_to_first_token"/, /"header"\s*:/)(head)),
  },
  {
    what: "GenAI-Perf's console table",
    advice: `${NOT_READ}; GenAI-Perf writes the same figures to profile_export_genai_perf.json and .csv`,
    looksLike: has(/NVIDIA GenAI-Perf \| LLM Metrics/),
  },
  {
    what: "GenAI-Perf's profile_export_genai_perf.json",
    advice: NOT_READ,
    looksLike: (head) =>
      /^\s*\{\s*"(time_to_first_token|request_latency|inter_token_latency)"\s*:\s*\{\s*"unit"\s*:/.test(head) &&
      !/"tag"\s*:/.test(head),
  },
  {
    what: "GenAI-Perf's profile_export_genai_perf.csv",
    advice: NOT_READ,
    looksLike: has(/^Metric,avg,min,max,p99,/, /^(Time To First Token|Request Latency) \(ms\),/m),
  },
  {
    what: "trtllm-bench's report",
    advice: NOT_READ,
    looksLike: has(/^= (PERFORMANCE OVERVIEW|REQUEST DETAILS|PYTORCH BACKEND|ENGINE DETAILS)\s*$/m),
  },
  {
    what: "trtllm-bench's --report_json",
    advice: NOT_READ,
    looksLike: has(/^\s*\{/, /"world_info"\s*:/, /"request_info"\s*:/, /"engine"\s*:/),
  },
  {
    what: "evalscope perf's summary",
    advice: NOT_READ,
    looksLike: has(/Benchmarking summary/, /\| (Time taken for tests \(s\)|Succeed requests) /),
  },
  {
    what: "llama-bench's table",
    advice: `${NOT_READ}: llama-bench measures one model's prompt and generation speed, not a served endpoint`,
    looksLike: has(/^\|\s*model\s*\|.*\|\s*test\s*\|\s*t\/s\s*\|\s*$/m),
  },
  {
    what: "llama-bench's JSON",
    advice: `${NOT_READ}: llama-bench measures one model's prompt and generation speed, not a served endpoint`,
    looksLike: has(/^\s*\[/, /"build_commit"\s*:/, /"avg_ts"\s*:/),
  },
  {
    what: "lm-evaluation-harness's per-question log (samples_<task>.jsonl)",
    advice: 'the scores are in the results_<date>.json lm-evaluation-harness writes beside it: give perflab that file',
    looksLike: has(/^\{"doc_id":\s*\d+,\s*"doc":/, /"filtered_resps"\s*:|"resps"\s*:/),
  },
  {
    what: "guidellm's CSV",
    advice:
      "perflab reads guidellm's report as JSON: run guidellm with `--outputs json` (or `--output-path benchmarks.json`) and give perflab benchmarks.json; the CSV leaves out the token totals the rates are checked against",
    looksLike: has(/^Run Info,Run Info,/),
  },
  {
    // Table titles of guidellm's console output: 0.4 and later (src/guidellm/benchmark/outputs/
    // console.py, GenerativeBenchmarkerConsole); 0.2–0.3 printed sections headed "Benchmarks Metadata".
    what: "guidellm's console tables",
    advice:
      'the console rounds every figure and leaves out the token totals: run guidellm with `--outputs json` (with `--output-dir`), or `--output-path benchmarks.json` in older releases, and give perflab the report it writes',
    looksLike: (head) =>
      /Run Summary Info|Request Token Statistics \(Completed Requests\)|Text Metrics Statistics/.test(head) ||
      has(/Benchmarks Metadata/, /Run id/)(head),
  },
];

/** The tool whose output this is, when perflab recognises it without reading it. */
export function recogniseTool(text: string): RecognisedTool | undefined {
  const head = text.slice(0, HEAD).replace(/^\uFEFF/, '');
  return RECOGNISED_TOOLS.find((tool) => tool.looksLike(head));
}
