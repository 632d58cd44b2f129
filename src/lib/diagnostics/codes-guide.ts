import { ACKNOWLEDGE, type CodeInfo } from './code-info.ts';
import { UNTRUSTED_TEXT_CODES } from './codes-untrusted-text.ts';

/** The codes of a guide's own sources (guide.yaml, prose) and of what compute checks. See codes.ts. */
export const GUIDE_CODES = {
  // guide.yaml and the stored JSON, checked against their schemas.
  E_GUIDE_MISSING: {
    severity: 'error',
    meaning: 'a guide folder has no guide.yaml',
    hint: '`npm run new -- <model> <hardware> --gpus <count>` writes a complete guide.yaml to fill in; or delete the folder',
  },
  E_RENAMED_FROM: {
    severity: 'error',
    meaning: "a guide's renamedFrom names a guide that exists, or an id another guide also claims",
    hint: 'renamedFrom lists only ids no guide has now, each in one guide: the old page of each sends the reader to the guide that names it',
  },
  E_YAML: {
    severity: 'error',
    meaning: 'guide.yaml is not valid YAML',
    hint: 'fix the YAML at this line: indentation, a missing ":" or an unclosed quote or bracket',
  },
  E_SCHEMA: {
    severity: 'error',
    meaning: 'a value does not have the form its schema allows',
    hint: 'every key of guide.yaml is described in src/lib/schema/guide-yaml.ts; content/guides/glm-5.2/h200/guide.yaml is a complete example',
  },
  E_FUTURE_DATE: {
    severity: 'error',
    meaning: "a date in guide.yaml (measuredOn) is later than the build's today",
    hint: 'write the date of the last benchmark run; a date to come is a typo (the build allows one day for time zones)',
  },
  E_STALE_RUNS: {
    severity: 'error',
    meaning: 'data/runs was not ingested from the raw files there now',
    hint: 'run `npm run ingest` (or `npm run build`), and fix what it reports first',
  },

  // What compute checks of the guide against its runs.
  E_REFERENCE: {
    severity: 'error',
    meaning: 'guide.yaml names a file, block, step, variant, engine or profile that does not exist',
    hint: 'name one of those listed under "expected", or add what guide.yaml names',
  },
  E_INCONSISTENT: {
    severity: 'error',
    meaning: 'guide.yaml states a value that the raw output contradicts',
    hint: 'remove the value from guide.yaml: the raw output states it',
  },
  E_RANGE: {
    severity: 'error',
    meaning: 'a GPU count does not fit the machine',
    hint: "give a number of GPUs that divides the machine's GPU count",
  },
  E_SCALE: {
    severity: 'error',
    meaning: 'GPU scaling is asked for on a latency guide',
    hint: 'remove `gpus:`: replicas add throughput, not lower latency',
  },
  E_NO_WINNER: {
    severity: 'error',
    meaning: "a step's winner cannot be decided",
    hint: 'name the winner with `winner: { variant, reason }`, or add a measured variant',
  },
  E_UNACKNOWLEDGED: {
    severity: 'error',
    meaning: 'a run the page shows raises a warning guide.yaml does not acknowledge',
    hint: ACKNOWLEDGE,
  },
  E_STALE_ACKNOWLEDGEMENT: {
    severity: 'error',
    meaning: "an acknowledgement in guide.yaml matches no warning of the guide's runs",
    hint: 'delete the entry from acknowledge:',
  },

  // A serving command a page shows, which readers paste into a shell (src/lib/compute/commands.ts).
  E_COMMAND_SHELL: {
    severity: 'error',
    meaning:
      'a command holds shell syntax that runs, connects or redirects something besides the engine ($( ), backticks, |, ;, &&, >, a subshell, a wrapper such as bash -c)',
    hint: 'write the one command that starts the engine: words, quotes, `\\` continuations, and `export NAME=value` lines before it',
  },
  E_COMMAND_EXPANSION: {
    severity: 'error',
    meaning:
      'a shell would change a word of a command before the engine sees it (a variable, an unquoted {a,b} or {1..3}, a glob, ~, a history !)',
    hint: 'quote the word as it was measured, in single quotes: --speculative-config=\'{"method":"mtp"}\'',
  },
  E_COMMAND_CONTINUATION: {
    severity: 'error',
    meaning: "a command's lines do not join into one command: a line lacks its trailing `\\`, or spaces follow it",
    hint: 'end every line but the last with a `\\` and nothing after it; a comment ends the command',
  },

  E_COMMAND_FLAG_TWICE: {
    severity: 'error',
    meaning:
      'a command or parameter list sets one setting twice with different values (aliases such as --tp-size and --tensor-parallel-size counted)',
    hint: 'give each setting once, with the value that was measured: the engine takes the last one',
  },

  E_COMMAND_MODEL: {
    severity: 'error',
    meaning:
      "a command serves another model than the guide's: only model.name and the builds model.builds declares are the guide's model",
    hint: "serve the guide's model, or declare the quantized build or local path in guide.yaml: model: { builds: [Org/Model-FP8] }",
  },
  E_COMMAND_ENGINE: {
    severity: 'error',
    meaning: "a command starts another engine's server than the engine guide.yaml names for it",
    hint: "start the declared engine's server (vLLM: vllm serve; SGLang: python3 -m sglang.launch_server; TensorRT-LLM: trtllm-serve), or name the engine that ran",
  },
  E_GPU_COUNT: {
    severity: 'error',
    meaning:
      "the GPU count of guide.yaml (hardware.gpus, or a run's own gpus:) and the parallelism of its vLLM or SGLang commands (tensor × pipeline × data parallel size) disagree",
    hint: 'hardware.gpus is how many GPUs the machine has: at least one command runs on all of them, none on more, and a run that says gpus: N runs on N',
  },
  E_RECORDED_MACHINE: {
    severity: 'error',
    meaning:
      'hardware.gpus, hardware.name or hardware.accelerator is not the machine the results were recorded on (npm run record: nvidia-smi or npu-smi)',
    hint: 'make hardware: say the machine that ran, or measure the results on the machine it names',
  },
  E_RECORDED_ENGINE: {
    severity: 'error',
    meaning: "an engine's version in guide.yaml is not the version its server reported when the results were recorded",
    hint: 'give the engine the version that ran (engines: [{ id, name, version }])',
  },
  E_RECORDED_FLAGS: {
    severity: 'error',
    meaning: "a run's args or command in guide.yaml are not the serving command its record says it ran with",
    hint: 'make guide.yaml say what ran, or measure the result again (npm run record -- --force)',
  },
  E_RECORDED_WORKLOAD: {
    severity: 'error',
    meaning:
      "a block's own totals (requests, input and output tokens) are not what the benchmark command of its record asked for",
    hint: 'the block is not the output of the benchmark its record names: measure it again, or remove the record',
  },
  W_RECORDED_MIXED: {
    severity: 'warning',
    meaning:
      "the guide's recorded results ran on more than one version of an engine, or on more than one accelerator driver: their numbers are compared as if they had not",
    hint: 'measure the results again on one version and one driver (npm run record -- --force), or say in the prose why they differ; the setup section lists each environment with its results',
  },
  W_STORY_ADDED: {
    severity: 'warning',
    meaning: 'the recommended command sets flags the last adopted configuration does not',
    hint: 'measure the configuration with those flags, leave them out, or acknowledge why they are there: { code, reason }',
  },
  // Prose (en.md, zh.md) and text a pull request brings.
  E_PROSE_MISSING: {
    severity: 'error',
    meaning: 'a language prose file of a guide is missing',
    hint: 'add it with the same slots as the other language (`npm run new` writes both)',
  },
  E_FRONTMATTER: {
    severity: 'error',
    meaning: 'the front matter of a prose file is missing, not YAML, or lacks title/description',
    hint: 'start the file with ---, then title: and description: as plain text, then ---',
  },
  E_SLOT: {
    severity: 'error',
    meaning: 'prose stands outside a slot, or a slot marker names no slot of this guide',
    hint: 'put each paragraph after a <!-- slot: name --> marker that names one of the slots listed',
  },
  E_SLOT_MISSING: {
    severity: 'error',
    meaning: 'a prose slot is in one language file but not the other, or a required slot is missing',
    hint: 'add the slot, translated, to the file named',
  },
  E_PLACEHOLDER: {
    severity: 'error',
    meaning: 'a {{placeholder}} names no value the slot has',
    hint: 'use one of the placeholders listed, or write the text out',
  },
  ...UNTRUSTED_TEXT_CODES,
  E_FILL_IN: {
    severity: 'error',
    meaning: 'a FILL-IN left by `npm run new`',
    hint: 'replace it with the real value (the comment on the line says what belongs there)',
  },
  E_FAILED_REQUESTS: {
    severity: 'error',
    meaning: 'a run in the before/after table did not serve every request, so its gain means nothing',
    hint: 'the before/after table compares complete runs; measure the case again or leave it out',
  },
  W_PROSE_UNTRANSLATED: {
    severity: 'warning',
    meaning: 'the guide has no zh.md yet: the zh page shows the English prose under a notice',
    hint: 'translate en.md into zh.md, slot by slot',
  },
  W_REASON_UNTRANSLATED: {
    severity: 'warning',
    meaning:
      "an acknowledgement's reason is in one language only: the other language's page shows it as written, marked as untranslated",
    hint: 'give the reason in both languages: reason: { en: …, zh: … }',
  },
  W_STORY_RECOMMENDED: {
    severity: 'warning',
    meaning: "the recommended command lacks or changes a flag of the last adopted winner's configuration",
    hint: 'correct the recommended command: give it each flag listed as the adopted configuration sets it; only if it is meant to differ, acknowledge why: { code, reason }',
  },
  W_STORY_START: {
    severity: 'warning',
    meaning:
      'a variant does not start from the configuration the earlier steps adopted (a flag dropped, or another engine)',
    hint: 'start each variant from the adopted configuration, or acknowledge why not: { code, step, reason }',
  },
  W_STORY_BASELINE: {
    severity: 'warning',
    meaning: 'a tuning variant is configured exactly as the baseline',
    hint: "check the variant's flags, or acknowledge why it repeats the baseline: { code, step, reason }",
  },
  W_STORY_NOISE: {
    severity: 'warning',
    meaning: "a step was adopted on a one-run change within the noise band (the guide's spread, or the stated default)",
    hint: 'measure the step again, or acknowledge why it stays adopted: { code, step, reason }',
  },
  W_STORY_COPIED: {
    severity: 'warning',
    meaning: 'a raw result block is the same as a block of another guide',
    hint: 'copy the output this guide measured, or acknowledge why the two share it: { code, file, reason }',
  },
} as const satisfies Record<string, CodeInfo>;
