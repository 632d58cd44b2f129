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
