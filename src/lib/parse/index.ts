import type { Diagnostic } from '../diagnostics.ts';
import type { FormatId } from '../schema/run.ts';
import { isGsm8kSglang, parseGsm8kSglang } from './gsm8k-sglang.ts';
import { isServingBlock, parseServingBlocks, type ParseResult } from './serving-block.ts';

export type { ParsedRun, ParseResult } from './serving-block.ts';

type Parser = { detect: (text: string) => boolean; parse: (text: string, options: { file: string }) => ParseResult };

/** One entry per input format; the serving-block parser tells vLLM and GPUStack blocks apart itself. */
const PARSERS: Record<'serving-block' | 'gsm8k-sglang', Parser> = {
  'serving-block': { detect: isServingBlock, parse: parseServingBlocks },
  'gsm8k-sglang': { detect: isGsm8kSglang, parse: parseGsm8kSglang },
};

const FORMAT_TO_PARSER: Record<FormatId, keyof typeof PARSERS> = {
  'vllm-bench-serve': 'serving-block',
  'gpustack-block': 'serving-block',
  'gsm8k-sglang': 'gsm8k-sglang',
};

/** Parses one raw file, detecting its format from the content unless `format` is given. */
export function parseRawFile(text: string, options: { file: string; format?: FormatId }): ParseResult {
  if (options.format) return PARSERS[FORMAT_TO_PARSER[options.format]].parse(text, options);
  const candidates = Object.entries(PARSERS).filter(([, parser]) => parser.detect(text));
  if (candidates.length === 1) return candidates[0]![1].parse(text, options);
  const diagnostic: Diagnostic = {
    severity: 'error',
    code: candidates.length === 0 ? 'E_FORMAT_UNKNOWN' : 'E_FORMAT_AMBIGUOUS',
    file: options.file,
    line: 1,
    message: candidates.length === 0 ? 'cannot tell which tool printed this file' : `content matches several formats: ${candidates.map(([name]) => name).join(', ')}`,
    expected: 'a "Serving Benchmark Result" block or GSM8K "Accuracy:" lines',
    found: candidates.length === 0 ? 'neither' : 'both',
    hint: 'set `format:` on the result in guide.yaml',
  };
  return { runs: [], diagnostics: [diagnostic] };
}
