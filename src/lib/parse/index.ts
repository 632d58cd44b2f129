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
  if (options.format) return (PARSERS[FORMAT_TO_PARSER[options.format]] as ParserModule).parse(text, options);
  const candidates = (Object.entries(PARSERS) as [ParserName, ParserModule][]).filter(([, parser]) =>
    parser.detect(text),
  );
  if (candidates.length === 1) return candidates[0]![1].parse(text, options);
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
