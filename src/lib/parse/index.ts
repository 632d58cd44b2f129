import type { Diagnostic } from '../diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
import * as gsm8kSglang from './gsm8k-sglang.ts';
import * as servingBlock from './serving-block.ts';
import type { ParserModule, ParseResult } from './types.ts';

export type { ParsedRun, ParseResult, ParserModule } from './types.ts';

/** One module per input format (src/lib/parse/<name>.ts); fixtures live in tests/fixtures/<name>/. */
export const PARSERS: Record<string, ParserModule> = {
  'serving-block': servingBlock,
  'gsm8k-sglang': gsm8kSglang,
};

/** Which module reads each format id a run can carry. */
const FORMAT_TO_PARSER: Partial<Record<FormatId, keyof typeof PARSERS>> = {
  'vllm-bench-serve': 'serving-block',
  'gpustack-block': 'serving-block',
  'gsm8k-sglang': 'gsm8k-sglang',
};

/** Parses one raw file, detecting its format from the content unless `format` is given. */
export function parseRawFile(text: string, options: { file: string; format?: FormatId }): ParseResult {
  if (options.format) {
    const name = FORMAT_TO_PARSER[options.format];
    if (name) return PARSERS[name]!.parse(text, options);
    return {
      runs: [],
      diagnostics: [{ severity: 'error', code: 'E_FORMAT_UNKNOWN', file: options.file, message: `guide.yaml declares format "${options.format}", which no parser reads yet`, expected: `one of ${Object.keys(FORMAT_TO_PARSER).join(', ')}`, found: options.format }],
    };
  }
  const candidates = Object.entries(PARSERS).filter(([, parser]) => parser.detect(text));
  if (candidates.length === 1) return candidates[0]![1].parse(text, options);
  const diagnostic: Diagnostic = {
    severity: 'error',
    code: candidates.length === 0 ? 'E_FORMAT_UNKNOWN' : 'E_FORMAT_AMBIGUOUS',
    file: options.file,
    line: 1,
    message: candidates.length === 0 ? 'cannot tell which tool wrote this file' : `content matches several formats: ${candidates.map(([name]) => name).join(', ')}`,
    expected: `output of one of: ${Object.keys(PARSERS).join(', ')}`,
    found: candidates.length === 0 ? 'none of them' : candidates.map(([name]) => name).join(' and '),
    hint: 'set `format:` on the result in guide.yaml',
  };
  return { runs: [], diagnostics: [diagnostic] };
}
