// The GSM8K run of an accuracy check: SGLang's few_shot_gsm8k, or lm-evaluation-harness.
import { planned } from './command-words.ts';
import { url, type PlannedBenchmark } from './benchmark.ts';
import type { PlannedServer } from './serving.ts';

/** GSM8K questions asked when guide.yaml gives no `samples:`: what the committed guides ran. */
export const DEFAULT_GSM8K_QUESTIONS = 200;

/**
 * The GSM8K run of an accuracy check against `server`. SGLang's few_shot_gsm8k speaks SGLang's own
 * API, so it runs when every result of the check is served by SGLang; otherwise every result runs
 * lm-evaluation-harness against the OpenAI-compatible completions endpoint, so the scores compare.
 */
export function gsm8kBenchmark(
  samples: number | undefined,
  server: PlannedServer,
  allSglang: boolean,
): PlannedBenchmark {
  const questions = samples ?? DEFAULT_GSM8K_QUESTIONS;
  if (allSglang)
    return {
      ...planned([
        'python3',
        '-m',
        'sglang.test.few_shot_gsm8k',
        '--num-questions',
        String(questions),
        '--host',
        `http://${server.host}`,
        '--port',
        String(server.port),
      ]),
      tool: 'gsm8k-sglang',
      output: { kind: 'stdout' },
    };
  const modelArgs = [
    `model=${server.model}`,
    `base_url=${url(server)}/v1/completions`,
    `tokenizer=${server.modelPath}`,
    'num_concurrent=64',
    'tokenized_requests=False',
  ].join(',');
  return {
    ...planned([
      'lm_eval',
      '--model',
      'local-completions',
      '--model_args',
      modelArgs,
      '--tasks',
      'gsm8k',
      '--limit',
      String(questions),
    ]),
    tool: 'lm-eval',
    output: { kind: 'stdout' },
  };
}
