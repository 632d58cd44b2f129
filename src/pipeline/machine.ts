// What a result runs on, asked of the machine and the server when record runs it: the accelerators
// (nvidia-smi, else npu-smi) and the engine's version (the server's version endpoint, else the
// engine's own --version).
import { spawnSync } from 'node:child_process';
import {
  NVIDIA_SMI_ARGS,
  readNpuSmiInfo,
  readNvidiaSmiCsv,
  versionFromOutput,
  versionFromResponse,
} from '../lib/record/accelerators.ts';
import type { PlannedServer } from '../lib/plan/serving.ts';
import type { RecordedAccelerators, RecordedEngine } from '../lib/schema/record.ts';

const TOOL_TIMEOUT_MS = 20_000;

/** The accelerators as nvidia-smi, or else npu-smi, lists them; or why neither could. */
export function readAccelerators(env: NodeJS.ProcessEnv): { accelerators: RecordedAccelerators } | { unknown: string } {
  const tried: string[] = [];
  const nvidia = spawnSync('nvidia-smi', NVIDIA_SMI_ARGS, { encoding: 'utf8', env, timeout: TOOL_TIMEOUT_MS });
  if (!nvidia.error && nvidia.status === 0) {
    const read = readNvidiaSmiCsv(nvidia.stdout);
    const visible = env.CUDA_VISIBLE_DEVICES;
    if (read) return { accelerators: { ...read, ...(visible === undefined ? {} : { visible }) } };
    tried.push('nvidia-smi listed no GPU');
  } else tried.push(`nvidia-smi ${why(nvidia)}`);
  const npu = spawnSync('npu-smi', ['info'], { encoding: 'utf8', env, timeout: TOOL_TIMEOUT_MS });
  if (!npu.error && npu.status === 0) {
    const read = readNpuSmiInfo(npu.stdout);
    const visible = env.ASCEND_RT_VISIBLE_DEVICES ?? env.ASCEND_VISIBLE_DEVICES;
    if (read) return { accelerators: { ...read, ...(visible === undefined ? {} : { visible }) } };
    tried.push('npu-smi info listed no NPU');
  } else tried.push(`npu-smi ${why(npu)}`);
  return { unknown: tried.join('; ') };
}

function why(result: ReturnType<typeof spawnSync>): string {
  const code = (result.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return 'is not installed (not on PATH)';
  if (result.error) return `failed: ${result.error.message}`;
  return `exited with ${result.status ?? result.signal ?? 'nothing'}`;
}

/** The paths a server answers its version on: vLLM's, then SGLang's (newer, then older name). */
export const VERSION_PATHS = ['/version', '/server_info', '/get_server_info'] as const;

/** The engine's version as its server reports it, else as its `--version` prints it; or where it was looked for. */
export async function engineVersion(
  server: PlannedServer | undefined,
  env: NodeJS.ProcessEnv,
): Promise<RecordedEngine> {
  const base = server ? `http://${server.host}:${server.port}` : undefined;
  const asked: string[] = [];
  if (base)
    for (const path of VERSION_PATHS) {
      const url = `${base}${path}`;
      asked.push(`GET ${url}`);
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
        if (!response.ok) continue;
        const version = versionFromResponse(await response.text());
        if (version !== undefined) return { ...(server ? { id: server.engine } : {}), version, source: `GET ${url}` };
      } catch {
        // not this path (or no server): the next one, then the engine's own --version
      }
    }
  if (server?.family === 'vllm') {
    const printed = spawnSync('vllm', ['--version'], { encoding: 'utf8', env, timeout: TOOL_TIMEOUT_MS });
    asked.push('vllm --version');
    const version = printed.status === 0 ? versionFromOutput(printed.stdout) : undefined;
    if (version !== undefined) return { id: server.engine, version, source: 'vllm --version' };
  }
  return {
    ...(server ? { id: server.engine } : {}),
    source: asked.length > 0 ? `not found: ${asked.join(', ')}` : 'not asked: no server is known for this result',
  };
}
