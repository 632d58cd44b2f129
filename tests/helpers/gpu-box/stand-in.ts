// Stand-ins for what a GPU box runs, as real processes for record and run-plan to start: nvidia-smi
// and npu-smi printing their real formats, an OpenAI-compatible server on 127.0.0.1 with health and
// version endpoints (vllm serve, python3 -m sglang.launch_server), and benchmark clients that ask
// that server and print the block the real tool prints (vllm bench serve, sglang.bench_serving,
// few_shot_gsm8k, lm_eval, guidellm). Each shim in the helper's bin folder runs this file with the
// name it stands for. Tests only: nothing in src/ knows it exists.
//
// Settings (environment): STANDIN_GPUS, STANDIN_GPU_NAME, STANDIN_GPU_MEMORY, STANDIN_DRIVER;
// STANDIN_VLLM_VERSION, STANDIN_SGLANG_VERSION; STANDIN_READY_MS (how long a server takes to be
// healthy); STANDIN_NEVER_HEALTHY=1; STANDIN_CRASH_FLAG (a server given this flag dies at start);
// STANDIN_BENCH_DIE=1 (a benchmark killed half way); STANDIN_BENCH_MS (how long a benchmark runs);
// STANDIN_BENCH_NOISE (lines of log a benchmark prints before its result); STANDIN_CALLS (a file
// each shim appends its command line to, for a test that asserts what ran).
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [tool = '', ...args] = process.argv.slice(2);
const env = process.env;
const flag = (name: string): string | undefined => {
  for (let i = args.length - 1; i >= 0; i--) {
    const word = args[i] ?? '';
    if (word === name) return args[i + 1];
    if (word.startsWith(`${name}=`)) return word.slice(name.length + 1);
  }
  return undefined;
};
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const out = (text: string) => process.stdout.write(text);
const samples = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/samples');

function nvidiaSmi() {
  const query = args.find((a) => a.startsWith('--query-gpu='))?.slice('--query-gpu='.length);
  if (!query || !args.includes('--format=csv')) {
    out('stand-in nvidia-smi: only --query-gpu=… --format=csv\n');
    process.exit(2);
  }
  const fields = query.split(',');
  const units: Record<string, string> = { 'memory.total': ' [MiB]' };
  out(`${fields.map((f) => `${f}${units[f] ?? ''}`).join(', ')}\n`);
  const count = Number(env.STANDIN_GPUS ?? 2);
  for (let i = 0; i < count; i++) {
    const values: Record<string, string> = {
      index: String(i),
      name: env.STANDIN_GPU_NAME ?? 'NVIDIA H100 80GB HBM3',
      'memory.total': `${env.STANDIN_GPU_MEMORY ?? '81559'} MiB`,
      driver_version: env.STANDIN_DRIVER ?? '570.124.06',
      'pci.bus_id': `00000000:${(0x18 + i * 0x10).toString(16).toUpperCase()}:00.0`,
    };
    out(`${fields.map((f) => values[f] ?? '[N/A]').join(', ')}\n`);
  }
}

function npuSmi() {
  const rule = '+===========================+===============+====================================================+';
  out('+------------------------------------------------------------------------------------------------+\n');
  out(
    `| npu-smi ${env.STANDIN_DRIVER ?? '24.1.0'}                   Version: ${env.STANDIN_DRIVER ?? '24.1.0'}                                               |\n`,
  );
  out('+---------------------------+---------------+----------------------------------------------------+\n');
  out('| NPU   Name                | Health        | Power(W)    Temp(C)           Hugepages-Usage(page)|\n');
  out('| Chip                      | Bus-Id        | AICore(%)   Memory-Usage(MB)  HBM-Usage(MB)        |\n');
  out(`${rule}\n`);
  for (let i = 0; i < Number(env.STANDIN_GPUS ?? 2); i++) {
    out(
      `| ${String(i).padEnd(6)}${(env.STANDIN_GPU_NAME ?? '910B3').padEnd(20)}| OK            | 93.6        40                0    / 0             |\n`,
    );
    out(
      `| 0                         | 0000:${(0xc1 + i).toString(16).toUpperCase()}:00.0  | 0           0    / 0          3161 / 65536         |\n`,
    );
    out(`${rule}\n`);
  }
}

/** A server: healthy after a while (or never), its version where its engine answers it, its speed from its flags. */
async function serve(kind: 'vllm' | 'sglang', words: readonly string[]) {
  const crash = env.STANDIN_CRASH_FLAG;
  if (crash && words.some((w) => w === crash || w.startsWith(`${crash}=`))) {
    process.stderr.write(
      `Traceback (most recent call last):\nRuntimeError: CUDA error: out of memory (stand-in: ${crash})\n`,
    );
    process.exit(1);
  }
  const port = Number(flag('--port') ?? (kind === 'vllm' ? 8000 : 30000));
  const model = flag('--model-path') ?? flag('--model') ?? words.find((w) => !w.startsWith('-')) ?? 'default';
  const version = kind === 'vllm' ? (env.STANDIN_VLLM_VERSION ?? '0.11.0') : (env.STANDIN_SGLANG_VERSION ?? '0.5.3');
  const flags = words.filter((w) => w.startsWith('--')).length;
  const speed = (1 + 0.1 * flags + (kind === 'sglang' ? 0.2 : 0)).toFixed(3);
  const readyAt = Date.now() + Number(env.STANDIN_READY_MS ?? 200);
  const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
  const server = createServer((request, response) => {
    const healthy = env.STANDIN_NEVER_HEALTHY !== '1' && Date.now() >= readyAt;
    const path = request.url ?? '/';
    const answer =
      path === '/health'
        ? json(healthy ? 200 : 503, healthy ? {} : { detail: 'loading' })
        : !healthy
          ? json(503, { detail: 'loading' })
          : path === '/version' && kind === 'vllm'
            ? json(200, { version })
            : (path === '/server_info' || path === '/get_server_info') && kind === 'sglang'
              ? json(200, { model_path: model, tp_size: Number(flag('--tp-size') ?? 1), version })
              : path === '/v1/models'
                ? json(200, { object: 'list', data: [{ id: model, object: 'model' }] })
                : json(404, { detail: 'Not Found' });
    response.writeHead(answer.status, { 'content-type': 'application/json', 'x-standin-speed': speed });
    response.end(answer.body);
  });
  server.listen(port, '127.0.0.1', () =>
    out(`INFO:     Uvicorn running on http://127.0.0.1:${port} (Press CTRL+C to quit)\n`),
  );
  server.on('error', (error) => {
    process.stderr.write(`ERROR: [Errno 98] error while attempting to bind on address: ${error.message}\n`);
    process.exit(1);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.on(signal, () => {
      out('INFO:     Shutting down\n');
      server.close();
      process.exit(0);
    });
}

/** The server's speed, asked as a client asks for its models; a dead server fails as the real clients do. */
async function askServer(base: string): Promise<number> {
  try {
    const response = await fetch(`${base}/v1/models`);
    if (!response.ok) throw new Error(`status ${response.status}`);
    return Number(response.headers.get('x-standin-speed') ?? 1);
  } catch (error) {
    process.stderr.write(
      `Traceback (most recent call last):\naiohttp.client_exceptions.ClientConnectorError: Cannot connect to host ${base} (${error instanceof Error ? error.message : String(error)})\n`,
    );
    process.exit(1);
  }
}

async function progress(total: number) {
  const ms = Number(env.STANDIN_BENCH_MS ?? 300);
  for (const step of [0.25, 0.5, 0.75, 1]) {
    await sleep(ms / 4);
    process.stderr.write(
      `${String(Math.round(step * 100)).padStart(3)}%|████| ${Math.round(step * total)}/${total} [00:01<00:01]\r`,
    );
    if (step === 0.5 && env.STANDIN_BENCH_DIE === '1') process.kill(process.pid, 'SIGKILL');
  }
  process.stderr.write('\n');
}

const line = (label: string, value: string | number) =>
  `${label.padEnd(40)} ${(typeof value === 'number' ? value.toFixed(2) : value).padEnd(10)}\n`;

const TPOT_RULE = '-----Time per Output Token (excl. 1st token)------';
/** vLLM's rule of a section: its title centred in dashes, 50 wide. */
const ruled = (title: string) => title.padStart(34, '-').padEnd(50, '-');

/** Latency sections as the tools print them: each its rule, then the Mean, Median (mean × factor) and P99 of one metric. */
function latencySections(
  sections: readonly (readonly [rule: string, label: string, mean: number, median: number, p99: number])[],
) {
  for (const [rule, label, mean, median, p99] of sections) {
    out(`${rule}\n`);
    out(line(`Mean ${label}:`, mean));
    out(line(`Median ${label}:`, mean * median));
    out(line(`P99 ${label}:`, mean * p99));
  }
}

/** The numbers of one run: rates from the totals over the printed duration, latencies inside it. */
function figures(speed: number) {
  const n = Number(flag('--num-prompts') ?? 1000);
  const input = Number(flag('--random-input-len') ?? 1024);
  const output = Number(flag('--random-output-len') ?? 128);
  const duration = Number(((n * (input + output)) / (5000 * speed)).toFixed(2));
  const ttft = duration * 1000 * 0.2;
  const tpot = (duration * 1000 * 0.5) / output;
  return { n, input, output, duration, ttft, tpot };
}

async function vllmBench() {
  const base = `http://${flag('--host') ?? '127.0.0.1'}:${flag('--port') ?? 8000}`;
  const speed = await askServer(base);
  const { n, input, output, duration, ttft, tpot } = figures(speed);
  out(`Namespace(backend='vllm', base_url=None, host='127.0.0.1', port=${flag('--port') ?? 8000}, num_prompts=${n})\n`);
  out('Starting initial single prompt test run...\nInitial test run completed. Starting main benchmark run...\n');
  // A chatty run (STANDIN_BENCH_NOISE lines of log before its result), for a disk that fills.
  for (let i = 0; i < Number(env.STANDIN_BENCH_NOISE ?? 0); i++)
    out(`INFO 12-01 09:14:${String(i % 60).padStart(2, '0')} [loggers.py:123] request ${i} finished\n`);
  await progress(n);
  out('============ Serving Benchmark Result ============\n');
  out(line('Successful requests:', String(n)));
  out(line('Benchmark duration (s):', duration));
  out(line('Total input tokens:', String(n * input)));
  out(line('Total generated tokens:', String(n * output)));
  out(line('Request throughput (req/s):', n / duration));
  out(line('Output token throughput (tok/s):', (n * output) / duration));
  out(line('Peak output token throughput (tok/s):', ((n * output) / duration) * 1.5));
  out(line('Peak concurrent requests:', n));
  out(line('Total Token throughput (tok/s):', (n * (input + output)) / duration));
  latencySections([
    [ruled('Time to First Token'), 'TTFT (ms)', ttft, 0.98, 1.4],
    [TPOT_RULE, 'TPOT (ms)', tpot, 0.97, 1.6],
    [ruled('Inter-token Latency'), 'ITL (ms)', tpot, 0.95, 2.1],
  ]);
  out('==================================================\n');
}

async function sglangBench() {
  const base = `http://${flag('--host') ?? '127.0.0.1'}:${flag('--port') ?? 30000}`;
  const speed = await askServer(base);
  const { n, input, output, duration, ttft, tpot } = figures(speed);
  const e2e = ttft + (output - 1) * tpot;
  out(
    `benchmark_args=Namespace(backend='${flag('--backend') ?? 'sglang'}', num_prompts=${n}, random_input_len=${input}, random_output_len=${output})\n`,
  );
  await progress(n);
  out('\n============ Serving Benchmark Result ============\n');
  out(line('Backend:', flag('--backend') ?? 'sglang'));
  out(line('Traffic request rate:', flag('--request-rate') ?? 'inf'));
  out(line('Max request concurrency:', flag('--max-concurrency') ?? 'not set'));
  out(line('Successful requests:', String(n)));
  out(line('Benchmark duration (s):', duration));
  out(line('Total input tokens:', String(n * input)));
  out(line('Total generated tokens:', String(n * output)));
  out(line('Request throughput (req/s):', n / duration));
  out(line('Input token throughput (tok/s):', (n * input) / duration));
  out(line('Output token throughput (tok/s):', (n * output) / duration));
  out(line('Total token throughput (tok/s):', (n * (input + output)) / duration));
  out(line('Concurrency:', ((n / duration) * e2e) / 1000));
  latencySections([
    ['----------------End-to-End Latency----------------', 'E2E Latency (ms)', e2e, 0.99, 1.2],
    ['---------------Time to First Token----------------', 'TTFT (ms)', ttft, 0.98, 1.4],
    [TPOT_RULE, 'TPOT (ms)', tpot, 0.97, 1.6],
    ['---------------Inter-Token Latency----------------', 'ITL (ms)', tpot, 0.95, 2.1],
  ]);
  out('==================================================\n');
}

async function fewShotGsm8k() {
  const host = (flag('--host') ?? 'http://127.0.0.1').replace(/\/$/, '');
  const speed = await askServer(`${host}:${flag('--port') ?? 30000}`);
  const questions = Number(flag('--num-questions') ?? 200);
  await progress(questions);
  process.stderr.write(`100%|██████████████████████████████| ${questions}/${questions} [00:18<00:00, 10.71it/s]\n`);
  out(
    `Accuracy: ${(0.95 + (speed % 0.03)).toFixed(3)}\nInvalid: 0.000\nLatency: 18.694 s\nOutput throughput: ${(1400 * speed).toFixed(3)} token/s\n`,
  );
}

async function lmEval() {
  const modelArgs = flag('--model_args') ?? '';
  const base = /base_url=([^,]+)/.exec(modelArgs)?.[1]?.replace(/\/v1\/completions$/, '') ?? 'http://127.0.0.1:8000';
  await askServer(base);
  await progress(Number(flag('--limit') ?? 1319));
  out(
    `local-completions (${modelArgs}), gen_kwargs: (None), limit: ${flag('--limit') ?? 'None'}, num_fewshot: None, batch_size: 1\n`,
  );
  out(readFileSync(join(samples, 'lm-eval-gsm8k/stdout-table.txt'), 'utf8').split('\n').slice(2).join('\n'));
}

async function guidellm() {
  const target = flag('--target') ?? 'http://localhost:8000';
  await askServer(target);
  await progress(Number(flag('--max-requests') ?? 100));
  const path = flag('--output-path');
  if (path) writeFileSync(path, readFileSync(join(samples, 'guidellm/benchmarks.json')));
  out(`Benchmarks Info: ... saved to ${path ?? 'benchmarks.json'}\n`);
}

const first = args[0];
if (tool === 'nvidia-smi') nvidiaSmi();
else if (tool === 'npu-smi') npuSmi();
else if (tool === 'vllm' && first === 'serve') await serve('vllm', args.slice(1));
else if (tool === 'vllm' && first === 'bench' && args[1] === 'serve') await vllmBench();
else if (tool === 'vllm' && first === '--version') out(`${env.STANDIN_VLLM_VERSION ?? '0.11.0'}\n`);
else if (tool === 'python3' && first === '-m' && args[1] === 'sglang.launch_server')
  await serve('sglang', args.slice(2));
else if (tool === 'python3' && first === '-m' && args[1] === 'sglang.bench_serving') await sglangBench();
else if (tool === 'python3' && first === '-m' && args[1] === 'sglang.test.few_shot_gsm8k') await fewShotGsm8k();
else if (tool === 'python3' && first === '-c' && args[1]?.includes('find_spec'))
  // run-plan --dry-run asks Python whether a package is installed (importlib.util.find_spec): these are
  process.exit(['sglang', 'vllm', 'lm_eval'].includes(args[2] ?? '') ? 0 : 3);
else if (tool === 'lm_eval') await lmEval();
else if (tool === 'guidellm' && first === 'benchmark') await guidellm();
else {
  process.stderr.write(`stand-in ${tool}: does not know ${args.join(' ')}\n`);
  process.exit(127);
}
