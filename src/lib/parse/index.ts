import type { Diagnostic } from '../diagnostics/diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
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
import type { ParserModule, ParseOptions, ParseResult } from './types.ts';

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

/** Parses one raw file, detecting its format from the content unless `format` is given. */
export function parseRawFile(text: string, options: ParseOptions): ParseResult {
  if (options.format) {
    const parser: ParserName | undefined = Object.hasOwn(FORMAT_TO_PARSER, options.format)
      ? FORMAT_TO_PARSER[options.format]
      : undefined;
    if (parser) return (PARSERS[parser] as ParserModule).parse(text, options);
    const known = Object.keys(FORMAT_TO_PARSER);
    const hint = didYouMean(options.format, known);
    return {
      runs: [],
      diagnostics: [
        {
          severity: 'error',
          code: 'E_FORMAT_UNKNOWN',
          file: options.file,
          line: 1,
          message: `guide.yaml sets format "${String(options.format).slice(0, 40)}" for this file, which is not a format perflab reads`,
          expected: `one of ${known.join(', ')}`,
          found: JSON.stringify(String(options.format).slice(0, 40)),
          ...(hint ? { hint } : {}),
        },
      ],
    };
  }
  const candidates = (Object.entries(PARSERS) as [ParserName, ParserModule][]).filter(([, parser]) =>
    parser.detect(text),
  );
  if (candidates.length === 1) return candidates[0]![1].parse(text, options);
  const cause = candidates.length === 0 ? unreadableCause(text, options.file) : undefined;
  if (cause) return { runs: [], diagnostics: [cause] };
  const diagnostic: Diagnostic = {
    severity: 'error',
    code: candidates.length === 0 ? 'E_FORMAT_UNKNOWN' : 'E_FORMAT_AMBIGUOUS',
    file: options.file,
    line: 1,
    message:
      candidates.length === 0
        ? 'cannot tell which tool wrote this file'
        : `content matches several formats: ${candidates.map(([name]) => name).join(', ')}`,
    expected:
      candidates.length === 0
        ? `output of one of: ${Object.keys(PARSERS).join(', ')}`
        : 'content only one format matches',
    found: candidates.length === 0 ? 'none of them' : candidates.map(([name]) => name).join(' and '),
    hint: `set \`format:\` on the result in guide.yaml (one of ${Object.keys(FORMAT_TO_PARSER).join(', ')})`,
  };
  return { runs: [], diagnostics: [diagnostic] };
}

/**
 * Why no reader recognises a file, when the reason is the file itself rather than the tool that
 * wrote it: empty, not UTF-8 text, or JSON that does not parse (cut off, too deep, malformed).
 */
function unreadableCause(text: string, file: string): Diagnostic | undefined {
  const error = (code: string, message: string, hint: string, line = 1, column = 1): Diagnostic => ({
    severity: 'error',
    code,
    file,
    line,
    column,
    message,
    hint,
  });
  if (text.trim() === '')
    return error('E_EMPTY_FILE', 'the file is empty', 'copy the benchmark output into it, or delete it');
  const nul = text.indexOf('\u0000');
  // Read as UTF-8, a UTF-16 file shows NUL bytes between its characters, and its byte-order mark as U+FFFD.
  if (nul !== -1 || text.startsWith('\ufffd\ufffd')) {
    const before = text.slice(0, Math.max(nul, 0)).split('\n');
    return error(
      'E_ENCODING',
      'the file is not UTF-8 text (it looks like UTF-16 or binary)',
      'save the output as UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 in.txt > out.txt`',
      nul === -1 ? 1 : before.length,
      nul === -1 ? 1 : (before.at(-1)?.length ?? 0) + 1,
    );
  }
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') {
    const json = parseJsonDocuments(text);
    if (!json.ok)
      return {
        ...error(
          'E_JSON',
          `not valid JSON: ${json.message}`,
          'raw JSON must be the file the tool wrote, unedited',
          json.line,
          json.column,
        ),
        found: json.found,
      };
  }
  return undefined;
}
