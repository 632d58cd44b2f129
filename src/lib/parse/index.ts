import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { FormatIdSchema, type FormatId } from '../schema/run.ts';
import * as gsm8kSglang from './gsm8k-sglang.ts';
import * as gsm8kSglangJsonl from './gsm8k-sglang-jsonl.ts';
import * as guidellmJson from './guidellm-json.ts';
import * as lmEvalJson from './lm-eval-json.ts';
import * as lmEvalTable from './lm-eval-table.ts';
import * as servingBlock from './serving-block.ts';
import * as sglangBenchServing from './sglang-bench-serving.ts';
import * as sglangJsonl from './sglang-jsonl.ts';
import * as vllmJson from './vllm-json.ts';
import { didYouMean } from '../diagnostics/did-you-mean.ts';
import { parseJsonDocuments } from './json-text.ts';
import type { ParserModule, ParseResult } from './types.ts';

export type { ParsedRun, ParseResult, ParserModule } from './types.ts';

/** One module per input format (src/lib/parse/<name>.ts); fixtures live in tests/fixtures/<name>/. */
export const PARSERS = {
  'serving-block': servingBlock,
  'sglang-bench-serving': sglangBenchServing,
  'sglang-jsonl': sglangJsonl,
  'vllm-json': vllmJson,
  'guidellm-json': guidellmJson,
  'gsm8k-sglang': gsm8kSglang,
  'gsm8k-sglang-jsonl': gsm8kSglangJsonl,
  'lm-eval-json': lmEvalJson,
  'lm-eval-table': lmEvalTable,
} satisfies Record<string, ParserModule>;

type ParserName = keyof typeof PARSERS;

/** Which module reads each format id a run can carry (some modules read two related formats). */
const FORMAT_TO_PARSER: Record<FormatId, ParserName> = {
  'vllm-bench-serve': 'serving-block',
  'gpustack-block': 'serving-block',
  'vllm-json': 'vllm-json',
  'sglang-bench-serving': 'sglang-bench-serving',
  'sglang-jsonl': 'sglang-jsonl',
  'guidellm-json': 'guidellm-json',
  'gpustack-runner-json': 'guidellm-json',
  'gsm8k-sglang': 'gsm8k-sglang',
  'gsm8k-sglang-jsonl': 'gsm8k-sglang-jsonl',
  'lm-eval-json': 'lm-eval-json',
  'lm-eval-table': 'lm-eval-table',
};

/**
 * Parses one raw file, detecting its format from the content unless guide.yaml declares one
 * (`format`, as written there: checked here).
 */
export function parseRawFile(text: string, options: { file: string; format?: string | undefined }): ParseResult {
  if (options.format !== undefined) {
    const format = FormatIdSchema.safeParse(options.format);
    if (format.success)
      return PARSERS[FORMAT_TO_PARSER[format.data]].parse(text, { file: options.file, format: format.data });
    const known = Object.keys(FORMAT_TO_PARSER);
    const declared = options.format.slice(0, 40);
    return failed(
      errorAt(
        'E_FORMAT_UNKNOWN',
        options.file,
        `guide.yaml sets format "${declared}" for this file, which is not a format perflab reads`,
        {
          line: 1,
          expected: `one of ${known.join(', ')}`,
          found: JSON.stringify(declared),
          hint:
            didYouMean(declared, known) ??
            'correct `format:` in guide.yaml to one of the formats listed, or remove it: the format is detected',
        },
      ),
    );
  }
  const candidates = Object.entries(PARSERS).filter(([, parser]) => parser.detect(text));
  const [only] = candidates;
  if (candidates.length === 1 && only) return only[1].parse(text, { file: options.file });
  if (candidates.length === 0) {
    return failed(
      unreadableCause(text, options.file) ??
        errorAt('E_FORMAT_UNKNOWN', options.file, 'cannot tell which tool wrote this file', {
          line: 1,
          expected: `output of one of: ${Object.keys(PARSERS).join(', ')}`,
          found: 'none of them',
          hint: SET_FORMAT,
        }),
    );
  }
  const names = candidates.map(([name]) => name);
  return failed(
    errorAt('E_FORMAT_AMBIGUOUS', options.file, `content matches several formats: ${names.join(', ')}`, {
      line: 1,
      expected: 'content only one format matches',
      found: names.join(' and '),
      hint: SET_FORMAT,
    }),
  );
}

const SET_FORMAT = `set \`format:\` on the result in guide.yaml (one of ${Object.keys(FORMAT_TO_PARSER).join(', ')})`;

function failed(diagnostic: Diagnostic): ParseResult {
  return { runs: [], diagnostics: [diagnostic] };
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
  if (first === '{' || first === '[') {
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
