// The allow-list of what a GPU box runs (src/lib/plan/allow-list.ts): the engines' and tools' own
// commands with their flags as data pass; programs by path, scripts, other programs, environment
// names that change what runs, paths in the environment, flags that load code or write where they
// say, and paths that climb or lie in the repository are refused, each at its word.
import { describe, expect, it } from 'vitest';
import { allowedProgram, commandRefusals, type CommandRole } from '../../../src/lib/plan/allow-list.ts';
import { fromShellText } from '../../../src/lib/plan/command-words.ts';

const refused = (text: string, role: CommandRole, repoRoots?: string[]) => {
  const command = fromShellText(text);
  return commandRefusals(command, role, { repoRoots }).map((r) => {
    const at = 'word' in r.at ? command.words[r.at.word] : `${command.environment[r.at.environment]?.name ?? ''}=`;
    return `${at ?? ''}: ${r.message}`;
  });
};

describe('the allow-list', () => {
  it("passes the engines' and tools' own commands, flags and settings as data", () => {
    for (const text of [
      'vllm serve Qwen/Qwen3-8B -tp 8 --trust-remote-code --speculative-config \'{"method":"mtp"}\'',
      'VLLM_USE_DEEP_GEMM=0 CUDA_VISIBLE_DEVICES=0,1 vllm serve deepseek-ai/DeepSeek-V3.2 --tensor-parallel-size 2',
      'python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp-size 8 --chat-template qwen',
      'trtllm-serve /workspace/DeepSeek-v3.2 --tp_size 8',
      'HF_ENDPOINT=https://hf-mirror.com python3.12 -m vllm.entrypoints.openai.api_server --model Qwen/Qwen3-8B',
    ])
      expect(refused(text, 'serving'), text).toEqual([]);
    for (const text of [
      'vllm bench serve --model Qwen/Qwen3-8B --endpoint /v1/chat/completions --dataset-name sharegpt --dataset-path ShareGPT_V3_unfiltered_cleaned_split.json --save-result',
      'python3 -m sglang.bench_serving --backend sglang --num-prompts 100',
      'python3 -m sglang.test.few_shot_gsm8k --num-questions 200 --port 30000',
      'guidellm benchmark --target http://127.0.0.1:8000 --data prompt_tokens=1024,output_tokens=128',
      'lm_eval --model local-completions --tasks gsm8k --model_args model=x,base_url=http://127.0.0.1:8000/v1/completions',
      'aiperf profile --model x --url http://127.0.0.1:8000',
    ])
      expect(refused(text, 'benchmark'), text).toEqual([]);
  });

  it('refuses a program named by a path, a script, and any other program, at the program', () => {
    expect(refused('data/raw/g/.tools/vllm bench serve', 'benchmark')).toEqual([
      expect.stringMatching(
        /^data\/raw\/g\/\.tools\/vllm: runs `data\/raw\/g\/\.tools\/vllm`, a program named by a path/,
      ),
    ]);
    expect(refused('/usr/bin/vllm serve x', 'serving')[0]).toContain('a program named by a path');
    expect(refused('python3 data/raw/g/benchmark_serving.py --port 1', 'benchmark')[0]).toContain(
      '`python3 data/raw/g/benchmark_serving.py`, which runs a script or code',
    );
    expect(refused('python3 -c "import os"', 'benchmark')[0]).toContain('`python3 -c`, which runs a script or code');
    expect(refused('python3 -m evil.module', 'benchmark')[0]).toContain(
      '`python3 -m evil.module`, a module perflab does not run',
    );
    for (const program of ['awk', 'curl', 'sh', 'node', 'mindie'])
      expect(allowedProgram([program, 'serve'], 'benchmark')).toMatchObject({ unknown: true });
    // a serving program does not measure, and a benchmark does not serve
    expect(refused('vllm bench serve', 'serving')[0]).toContain('a serving command runs one of vllm serve');
    expect(refused('vllm serve x', 'benchmark')[0]).toContain('a benchmark command runs one of vllm bench serve');
  });

  it('refuses environment names that change what runs, and paths in the environment', () => {
    const names = [
      'PATH',
      'HOME',
      'ENV',
      'BASH_ENV',
      'NODE_OPTIONS',
      'LD_PRELOAD',
      'LD_LIBRARY_PATH',
      'PYTHONPATH',
      'PYTHONSTARTUP',
      'MY_PRELOAD',
      'DYLD_INSERT_LIBRARIES',
    ];
    for (const name of names)
      expect(refused(`${name}=x vllm serve m`, 'serving'), name).toEqual([
        `${name}=: sets ${name}, which changes which program or code runs: perflab runs the program from your own PATH with your own environment`,
      ]);
    expect(refused('HF_HOME=/root/.cache TRITON_CACHE_DIR=cache/t VLLM_X=~x vllm serve m', 'serving')).toEqual([
      'HF_HOME=: sets HF_HOME to a path (/root/.cache): a path in the environment names files the program reads or writes; set it in your own shell instead',
      'TRITON_CACHE_DIR=: sets TRITON_CACHE_DIR to a path (cache/t): a path in the environment names files the program reads or writes; set it in your own shell instead',
      'VLLM_X=: sets VLLM_X to a path (~x): a path in the environment names files the program reads or writes; set it in your own shell instead',
    ]);
  });

  it('refuses flags that load code or write where they say, paths that climb, and paths in the repository', () => {
    expect(
      refused(
        'vllm serve m --tool-parser-plugin=p.py --middleware evil.mw --config flags.yaml --download-dir /tmp/m',
        'serving',
      ).map((r) => r.split(':')[0]),
    ).toEqual(['--tool-parser-plugin=p.py', '--middleware', '--config', '--download-dir']);
    expect(refused('vllm bench serve --result-dir /tmp --result-filename x.json', 'benchmark')).toHaveLength(2);
    expect(refused('python3 -m sglang.bench_serving --output-file /root/.bashrc', 'benchmark')).toHaveLength(1);
    expect(refused('guidellm benchmark --output-path /etc/cron.d/x', 'benchmark')).toHaveLength(1);
    expect(refused('lm_eval --include_path tasks -o out --use_cache c', 'benchmark')).toHaveLength(3);
    expect(refused('vllm serve m --chat-template ../../data/raw/g/t.jinja', 'serving')).toEqual([
      '../../data/raw/g/t.jinja: names ../../data/raw/g/t.jinja, a path that climbs out of the working folder (..)',
    ]);
    expect(refused('lm_eval --model_args pretrained=../x,base_url=http://h', 'benchmark')[0]).toContain('names ../x');
    const roots = ['/home/me/perflab'];
    expect(
      refused('vllm serve /home/me/perflab/data/raw/g/model --tokenizer=/home/me/perflab//x', 'serving', roots),
    ).toEqual([
      '/home/me/perflab/data/raw/g/model: names /home/me/perflab/data/raw/g/model, a path inside the repository',
      '--tokenizer=/home/me/perflab//x: names /home/me/perflab//x, a path inside the repository',
    ]);
    expect(refused('vllm serve /home/me/perflab-models/m', 'serving', roots)).toEqual([]);
  });

  it('refuses a refused flag however argparse lets it be written: a prefix, _ for -, a short flag with its value joined or among others', () => {
    expect(refused('python3 -m sglang.launch_server --model-path m --custom-weight-lo=mod.fn', 'serving')).toEqual([
      '--custom-weight-lo=mod.fn: gives --custom-weight-loader (written --custom-weight-lo, which the tool reads as --custom-weight-loader), which imports functions as code',
    ]);
    expect(refused('vllm serve m --tool_parser_plugin p.py', 'serving')).toEqual([
      '--tool_parser_plugin: gives --tool-parser-plugin (written --tool_parser_plugin, which the tool reads as --tool-parser-plugin), which imports a Python file as code',
    ]);
    expect(refused('lm_eval --model local-completions --tasks gsm8k --include_pa /tmp/tasks', 'benchmark')).toEqual([
      '--include_pa: gives --include_path (written --include_pa, which the tool reads as --include_path), which reads task definitions that run Python functions',
    ]);
    expect(refused('lm_eval --model local-completions --tasks gsm8k -o/tmp/out', 'benchmark')).toEqual([
      '-o/tmp/out: gives -o (written -o/tmp/out, which the tool reads as -o), which writes the results where it says',
    ]);
    expect(refused('lm_eval --model local-completions --tasks gsm8k -so out', 'benchmark')).toEqual([
      '-so: gives -o (written -so, which the tool reads as -o), which writes the results where it says',
    ]);
    // a flag of the tool's own that begins a refused one's name is itself; a negative number is a value
    expect(refused('vllm serve m --reasoning-parser deepseek_r1', 'serving')).toEqual([]);
    expect(refused('python3 -m sglang.launch_server --model-path m --export-metrics-to-file', 'serving')).toEqual([]);
    expect(refused('lm_eval --model local-completions --tasks gsm8k --seed -1', 'benchmark')).toEqual([]);
  });
});
