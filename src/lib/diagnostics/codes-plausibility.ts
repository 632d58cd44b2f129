import { ACKNOWLEDGE, type CodeInfo } from './code-info.ts';

/** The codes of whether a run's numbers agree with each other (ingest/plausibility.ts); part of codes-raw-input.ts. */

const COPY_AGAIN = 'copy the output again, exactly as the tool printed or wrote it';

export const PLAUSIBILITY_CODE_INFO = {
  E_INCONSISTENT_THROUGHPUT: {
    severity: 'error',
    meaning:
      "a rate that vLLM or SGLang define as a total over the benchmark duration is not the block's own total / duration, beyond the printed rounding of the total, the duration and the rate",
    hint: `the tool computes every rate from the totals and the duration it prints, so the block was edited or mixes two runs: ${COPY_AGAIN}`,
  },
  E_LATENCY_BEYOND_DURATION: {
    severity: 'error',
    meaning:
      "a request's latency (its TTFT or end-to-end latency, mean or percentile) is longer than the time the tool defines every request to lie in (vLLM's and SGLang's duration, guidellm's whole run)",
    hint: `the duration or the latencies were edited (a duration halved and its rates doubled keeps the totals): ${COPY_AGAIN}`,
  },
  E_INCONSISTENT_CONCURRENCY: {
    severity: 'error',
    meaning:
      "the requests in flight that the block's own requests, mean latency and duration imply (Little's law) exceed its concurrency cap or peak, or differ from the concurrency it prints where the tool defines it so (SGLang; guidellm's window average)",
    hint: `the requests, the duration or the latencies were edited, or the block mixes two runs: ${COPY_AGAIN}`,
  },
  E_SAME_RUN_DIFFERS: {
    severity: 'error',
    meaning:
      "a run a tool writes to two files (a vllm bench sweep run=N.json and its folder's summary.json) has a value that differs between them, though the tool writes one object to both",
    hint: `one of the two files was edited: ${COPY_AGAIN}`,
  },
  E_IMPOSSIBLE_MEAN: {
    severity: 'error',
    meaning:
      'a mean that no set of non-negative samples can have beside the median the block prints (at least half the samples are at or above the median)',
    hint: `the mean or the median was edited: ${COPY_AGAIN}`,
  },
  E_PERCENTILE_ORDER: {
    severity: 'error',
    meaning: 'percentiles of one distribution are out of order',
    hint: `the block was edited or mixes two runs: ${COPY_AGAIN}`,
  },
  W_MEAN_ABOVE_PERCENTILE: {
    severity: 'warning',
    meaning: 'a mean is above its P95 (or P99): only a heavy tail explains it',
    hint: ACKNOWLEDGE,
  },
  W_PEAK_BELOW_MEAN: {
    severity: 'warning',
    meaning: 'the peak output throughput is below the mean',
    hint: ACKNOWLEDGE,
  },
  W_RATE_RATIO: {
    severity: 'warning',
    meaning:
      "a GPUStack block's Total TPS is not its Output TPS × (input + output tokens) / output tokens: guidellm takes both means over the same token events, but GPUStack's renderer may take them from another benchmark of the export than its totals",
    hint: ACKNOWLEDGE,
  },
  W_LATENCY_BEYOND_WINDOW: {
    severity: 'warning',
    meaning:
      "a latency of a guidellm-derived block is longer than its duration, which is guidellm's measured window without warm-up and cool-down: right only if the run had a warm-up or cool-down",
    hint: ACKNOWLEDGE,
  },
  W_CONCURRENCY_BEYOND_WINDOW: {
    severity: 'warning',
    meaning:
      "a guidellm-derived block's requests × mean latency / duration exceeds its peak concurrency: right only if the counted requests reach into a warm-up or cool-down around guidellm's measured window",
    hint: ACKNOWLEDGE,
  },
  E_INCONSISTENT_SAMPLES: {
    severity: 'error',
    meaning: "a GSM8K log's progress bar counts more questions than its command line asked for (--num-questions)",
    hint: 'the log mixes two runs: keep the command and the output of one run per file',
  },
  E_INCONSISTENT_REQUESTS: {
    severity: 'error',
    meaning: 'a run reports more successful requests than its profile sent',
    hint: "the run does not belong to this profile: check the variant's result and profile",
  },
} as const satisfies Record<string, CodeInfo>;
