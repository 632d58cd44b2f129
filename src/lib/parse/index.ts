import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import * as aiperfCsv from './aiperf-csv.ts';
import * as aiperfJson from './aiperf-json.ts';
import * as genaiPerfCsv from './genai-perf-csv.ts';
import * as genaiPerfJson from './genai-perf-json.ts';
import * as gsm8kSglang from './gsm8k-sglang.ts';
import * as gsm8kSglangJsonl from './gsm8k-sglang-jsonl.ts';
import * as guidellmJson from './guidellm-json.ts';
import * as guidellmYaml from './guidellm-yaml.ts';
import * as llmDBenchmarkReport from './llm-d-benchmark-report.ts';
import * as lmEvalJson from './lm-eval-json.ts';
import * as lmEvalTable from './lm-eval-table.ts';
import * as servingBlock from './serving-block.ts';
import * as sglangBenchServing from './sglang-bench-serving.ts';
import * as sglangJsonl from './sglang-jsonl.ts';
import * as trtllmBench from './trtllm-bench.ts';
import * as trtllmBenchJson from './trtllm-bench-json.ts';
import * as vllmJson from './vllm-json.ts';
import * as vllmBenchSweep from './vllm-bench-sweep.ts';
import { parseJsonDocuments } from '../json-text.ts';
import { recogniseTool } from './recognised-tools.ts';
import type { ParserModule, ParseResult } from './types.ts';
import { timed } from '../phase-times.ts';

export type { ParsedRun, ParseResult, ParserModule } from './types.ts';

/** One module per input format (src/lib/parse/<name>.ts); fixtures live in tests/fixtures/<name>/. */
export const PARSERS = {
  'serving-block': servingBlock,
  'sglang-bench-serving': sglangBenchServing,
  'sglang-jsonl': sglangJsonl,
  'vllm-json': vllmJson,
  'guidellm-json': guidellmJson,
  'guidellm-yaml': guidellmYaml,
  'gsm8k-sglang': gsm8kSglang,
  'gsm8k-sglang-jsonl': gsm8kSglangJsonl,
  'lm-eval-json': lmEvalJson,
  'lm-eval-table': lmEvalTable,
  'aiperf-json': aiperfJson,
  'aiperf-csv': aiperfCsv,
  'genai-perf-json': genaiPerfJson,
  'genai-perf-csv': genaiPerfCsv,
  'trtllm-bench': trtllmBench,
  'trtllm-bench-json': trtllmBenchJson,
  'vllm-bench-sweep': vllmBenchSweep,
  'llm-d-benchmark-report': llmDBenchmarkReport,
} satisfies Record<string, ParserModule>;

/**
 * Parses one raw file, its format detected from the content alone: ingest reads data/raw and
 * nothing else, so no guide.yaml can choose a reader (compute checks a `format:` it states).
 */
export function parseRawFile(text: string, options: { file: string }): ParseResult {
  // What the file is, before which tool wrote it: a Git LFS pointer, or bytes that are not UTF-8.
  const notText = lfsPointer(text, options.file) ?? notUtf8(text, options.file);
  if (notText) return failed(notText);
  const candidates = timed('ingest.guide/detect', () =>
    Object.entries(PARSERS).filter(([, parser]) => parser.detect(text)),
  );
  const [only] = candidates;
  if (candidates.length === 1 && only)
    return timed('ingest.guide/parse', () => only[1].parse(text, { file: options.file }));
  if (candidates.length === 0) return failed(unreadableCause(text, options.file) ?? unknownFormat(text, options.file));
  const names = candidates.map(([name]) => name);
  return failed(
    errorAt('E_FORMAT_AMBIGUOUS', options.file, `content matches several formats: ${names.join(', ')}`, {
      line: 1,
      expected: 'content only one format matches',
      found: names.join(' and '),
      hint: "keep one tool's output per file: split the file, one result per file",
    }),
  );
}

/** What perflab reads, as users know each format: the `expected:` of a refusal. */
const READ_FORMATS = Object.values(PARSERS)
  .map((parser) => parser.knownAs)
  .join('; ');

/**
 * A file no reader claims: named by the tool that wrote it when perflab recognises that tool
 * (recognised-tools.ts), with what to do; otherwise said to be none of them, and nothing more:
 * the file may be whole and unedited, it is just not a format perflab knows.
 */
function unknownFormat(text: string, file: string): Diagnostic {
  const tool = recogniseTool(text);
  if (tool)
    return errorAt('E_FORMAT_UNKNOWN', file, `this is ${tool.what}, which perflab does not read`, {
      line: 1,
      expected: `one of: ${READ_FORMATS}`,
      found: tool.what,
      hint: tool.advice,
    });
  return errorAt(
    'E_FORMAT_UNKNOWN',
    file,
    'no format perflab reads or recognises: it cannot tell which tool wrote this file',
    {
      line: 1,
      expected: `one of: ${READ_FORMATS}`,
      found: 'none of them',
      hint: 'docs/formats.md shows each format perflab reads, with an example, and the tools it recognises without reading',
    },
  );
}

function failed(diagnostic: Diagnostic): ParseResult {
  return { runs: [], diagnostics: [diagnostic] };
}

/** A Git LFS pointer stands in the checkout for a file LFS did not fetch: never a benchmark output. */
const LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\r?\n/;

function lfsPointer(text: string, file: string): Diagnostic | undefined {
  if (!LFS_POINTER.test(text)) return undefined;
  const size = /^size (\d+)$/m.exec(text)?.[1];
  return errorAt('E_LFS_POINTER', file, 'this is a Git LFS pointer, not the file: run `git lfs pull` to fetch it', {
    line: 1,
    column: 1,
    expected: 'the benchmark output itself',
    found: `a Git LFS pointer${size ? ` to a file of ${Number(size).toLocaleString('en-US')} bytes` : ''}`,
  });
}

/**
 * Bytes that are not UTF-8 (a label saved as GBK or Latin-1) are decoded as U+FFFD: an encoding
 * error at the first of them, not a label or block no reader knows. (UTF-16 shows NUL bytes first.)
 */
function notUtf8(text: string, file: string): Diagnostic | undefined {
  const at = text.indexOf('\ufffd');
  if (at === -1 || text.includes('\u0000')) return undefined;
  const before = text.slice(0, at).split('\n');
  return errorAt('E_ENCODING', file, 'the file is not UTF-8 text: it holds bytes of another encoding', {
    line: before.length,
    column: (before.at(-1)?.length ?? 0) + 1,
    expected: 'UTF-8 text',
    found: 'bytes that are not UTF-8 (GBK, Latin-1 or another encoding)',
    hint: 'convert the file to UTF-8, e.g. `iconv -f GBK -t UTF-8 in.txt > out.txt`',
  });
}

/**
 * Why no reader recognises a file, when the reason is the file itself rather than the tool that
 * wrote it: empty, not UTF-8 text, or JSON that does not parse (cut off, too deep, malformed).
 */
function unreadableCause(text: string, file: string): Diagnostic | undefined {
  if (text.trim() === '') return errorAt('E_EMPTY_FILE', file, 'the file is empty', { line: 1, column: 1 });
  const nul = text.indexOf('\u0000');
  // Read as UTF-8, a UTF-16 file shows NUL bytes between its characters, and its byte-order mark as U+FFFD.
  if (nul !== -1 || text.startsWith('\ufffd\ufffd')) {
    const before = text.slice(0, Math.max(nul, 0)).split('\n');
    return errorAt('E_ENCODING', file, 'the file is not UTF-8 text (it looks like UTF-16 or binary)', {
      line: nul === -1 ? 1 : before.length,
      column: nul === -1 ? 1 : (before.at(-1)?.length ?? 0) + 1,
    });
  }
  const first = text.trimStart()[0];
  // A log line may start with a bracketed tag or time (`[12/01/2026-09:14:02] [TRT-LLM] …`): not JSON.
  const loggedLine = /^\s*\[[^\]\n]*\]\s*[A-Za-z[]/.test(text);
  if (first === '{' || (first === '[' && !loggedLine)) {
    const json = parseJsonDocuments(text);
    if (!json.ok)
      return errorAt('E_JSON', file, `not valid JSON: ${json.message}`, {
        line: json.line,
        column: json.column,
        found: json.found,
      });
  }
  return undefined;
}
