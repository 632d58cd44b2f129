// The flags the allow-list refuses (./allow-list.ts), by the tool it names each program.

/**
 * Flags of each tool that make it run a file or module as code, read its flags from a file, or
 * write a file where they say. Where the flag is documented: vLLM's `vllm serve --help`
 * (vllm/entrypoints/openai/cli_args.py, vllm/engine/arg_utils.py), `vllm bench serve --help`
 * (vllm/benchmarks/serve.py), SGLang's server_args.py and bench_serving.py, guidellm's
 * `guidellm benchmark --help`, lm-evaluation-harness's lm_eval/__main__.py, AIPerf's and
 * GenAI-Perf's `profile --help`.
 */
export const REFUSED_FLAGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  vllm: {
    '--tool-parser-plugin': 'imports a Python file as code',
    '--reasoning-parser-plugin': 'imports a Python file as code',
    '--io-processor-plugin': 'loads a plugin as code',
    '--middleware': 'imports a module as code',
    '--logits-processors': 'imports classes as code',
    '--worker-cls': 'imports a class as code',
    '--worker-extension-cls': 'imports a class as code',
    '--scheduler-cls': 'imports a class as code',
    '--tool-server': 'loads tools to run',
    '--config': 'reads more flags from a file',
    '--log-config-file': 'reads a logging configuration that can construct any class and write anywhere',
    '--download-dir': 'writes the model where it says',
  },
  sglang: {
    '--config': 'reads more flags from a file',
    '--download-dir': 'writes the model where it says',
    '--crash-dump-folder': 'writes where it says',
    '--custom-weight-loader': 'imports functions as code',
    '--export-metrics-to-file-dir': 'writes where it says',
  },
  trtllm: {
    '--config': 'reads more flags from a file',
  },
  mindie: {},
  'vllm-bench-serve': {
    '--result-dir': 'writes the result where it says',
    '--result-filename': 'writes the result where it says',
  },
  'sglang-bench-serving': {
    '--output-file': 'writes the result where it says',
  },
  'gsm8k-sglang': {
    '--result-file': 'writes the result where it says',
  },
  guidellm: {
    '--output-path': 'writes the result where it says (record gives it the file it reads)',
    '--scenario': 'reads more flags from a file',
  },
  'lm-eval': {
    '--include_path': 'reads task definitions that run Python functions',
    '--output_path': 'writes the results where it says',
    '-o': 'writes the results where it says',
    '--use_cache': 'writes a cache where it says',
    '-c': 'writes a cache where it says',
    '--log_samples': 'writes every sample where --output_path says',
    '-s': 'writes every sample where --output_path says',
    '--hf_hub_log_args': 'uploads the results',
    '--wandb_args': 'uploads the results',
    '--wandb_config_args': 'uploads the results',
    '--confirm_run_unsafe_code': "runs the tasks' code",
  },
  aiperf: {
    '--artifact-dir': 'writes where it says',
    '--profile-export-file': 'writes where it says',
  },
  'genai-perf': {
    '--artifact-dir': 'writes where it says',
    '--profile-export-file': 'writes where it says',
  },
};

/**
 * Flags the tools define that begin a refused flag's name: argparse takes an exact match before
 * any prefix, so each is itself, not an abbreviation (vLLM's --reasoning-parser, in
 * vllm/engine/arg_utils.py; SGLang's --export-metrics-to-file, a switch, in server_args.py).
 */
const OWN_FLAGS: ReadonlySet<string> = new Set(['--reasoning-parser', '--export-metrics-to-file']);

/** A long flag as the tools compare it: vLLM's FlexibleArgumentParser reads `_` as `-` (vllm/utils, parse_args). */
const spelled = (flag: string) => flag.replace(/_/g, '-');

/**
 * The refused flag a command word gives, however the tool lets it be written, or undefined. The
 * tools parse with Python's argparse (vLLM's FlexibleArgumentParser, SGLang's, lm_eval's), which
 * takes (Lib/argparse.py, `_parse_optional`, `_get_option_tuples`, `allow_abbrev` True unless the
 * tool turns it off):
 * - a long flag by any unambiguous prefix (`--custom-weight-lo` for `--custom-weight-loader`),
 *   and vLLM a flag with `_` for `-` (`--tool_parser_plugin`);
 * - a short flag with its value joined (`-o/tmp/x`), or among other short flags (`-so /tmp/x`).
 * A prefix is refused even where another flag would make it ambiguous: perflab does not hold every
 * tool's flag list, and the tool would refuse an ambiguous one anyway.
 */
export function refusedFlagOf(
  refused: Readonly<Record<string, string>>,
  word: string,
): { flag: string; why: string; written?: string } | undefined {
  if (word.startsWith('--') && word.length > 2) {
    const name = word.split('=')[0] ?? word;
    const given = spelled(name);
    for (const [flag, why] of Object.entries(refused)) {
      if (!flag.startsWith('--')) continue;
      const full = spelled(flag);
      const prefix = full.startsWith(given) && given.length > 3 && !OWN_FLAGS.has(given);
      if (name === flag) return { flag, why };
      if (given === full || prefix) return { flag, why, written: name };
    }
    return undefined;
  }
  // A negative number is a value, not short flags.
  if (!word.startsWith('-') || word.length < 2 || /^-[\d.]/.test(word)) return undefined;
  const letters = word.slice(1).split('=')[0] ?? '';
  for (const [flag, why] of Object.entries(refused))
    if (/^-[^-]$/.test(flag) && letters.includes(flag.slice(1)))
      return word === flag ? { flag, why } : { flag, why, written: word };
  return undefined;
}
