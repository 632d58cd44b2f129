// What a result runs on, asked of the machine and the server when record runs it: the accelerators
// (nvidia-smi, else npu-smi) and the engine's version (the server's version endpoint, else the
// engine's own --version). Each probe is perflab's own: found on the author's PATH without the
// repository's folders, run with perflab's environment, never with what a serving command sets.
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
import { programEnvironment, resolveProgram } from './programs.ts';

const TOOL_TIMEOUT_MS = 20_000;

/**
 * A probe, run as perflab runs its own tools: from the author's PATH, with perflab's environment,
 * in no folder of the repository. Its output, or why it has none.
 */
function probe(program: string, args: readonly string[]): { stdout: string } | { why: string } {
  const found = resolveProgram(program);
  if ('problem' in found) return { why: 'is not installed (not on PATH)' };
  const result = spawnSync(found.path, args, {
    encoding: 'utf8',
    env: programEnvironment(),
    timeout: TOOL_TIMEOUT_MS,
    cwd: '/',
  });
  if (result.error) return { why: `failed: ${result.error.message}` };
  if (result.status !== 0) return { why: `exited with ${result.status ?? result.signal ?? 'nothing'}` };
  return { stdout: result.stdout };
}

/**
 * The accelerators as nvidia-smi, or else npu-smi, lists them; or why neither could. `serverEnv`
 * is what the server was started with, read only for which devices it was given.
 */
export function readAccelerators(
  serverEnv: NodeJS.ProcessEnv,
): { accelerators: RecordedAccelerators } | { unknown: string } {
  const tried: string[] = [];
  const nvidia = probe('nvidia-smi', NVIDIA_SMI_ARGS);
  if ('stdout' in nvidia) {
    const read = readNvidiaSmiCsv(nvidia.stdout);
    const visible = serverEnv.CUDA_VISIBLE_DEVICES;
    if (read) return { accelerators: { ...read, ...(visible === undefined ? {} : { visible }) } };
    tried.push('nvidia-smi listed no GPU');
  } else tried.push(`nvidia-smi ${nvidia.why}`);
  const npu = probe('npu-smi', ['info']);
  if ('stdout' in npu) {
    const read = readNpuSmiInfo(npu.stdout);
    const visible = serverEnv.ASCEND_RT_VISIBLE_DEVICES ?? serverEnv.ASCEND_VISIBLE_DEVICES;
    if (read) return { accelerators: { ...read, ...(visible === undefined ? {} : { visible }) } };
    tried.push('npu-smi info listed no NPU');
  } else tried.push(`npu-smi ${npu.why}`);
  return { unknown: tried.join('; ') };
}

/** The paths a server answers its version on: vLLM's, then SGLang's (newer, then older name). */
export const VERSION_PATHS = ['/version', '/server_info', '/get_server_info'] as const;

/** The engine's version as its server reports it, else as its `--version` prints it; or where it was looked for. */
export async function engineVersion(server: PlannedServer | undefined): Promise<RecordedEngine> {
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
    const printed = probe('vllm', ['--version']);
    asked.push('vllm --version');
    const version = 'stdout' in printed ? versionFromOutput(printed.stdout) : undefined;
    if (version !== undefined) return { id: server.engine, version, source: 'vllm --version' };
  }
  return {
    ...(server ? { id: server.engine } : {}),
    source: asked.length > 0 ? `not found: ${asked.join(', ')}` : 'not asked: no server is known for this result',
  };
}

// find_spec of a top-level name asks Python's finders where the package is, without importing it.
const FIND_MODULE = 'import importlib.util, sys; sys.exit(0 if importlib.util.find_spec(sys.argv[1]) else 3)';

/**
 * Why `python -m <module>` would not start on this machine (the module's package is not installed
 * for that Python), or undefined when it would. `python` is a path resolveProgram found; the probe
 * runs as perflab's own (its environment, the root folder), importing nothing.
 */
export function pythonModuleProblem(python: string, module: string): string | undefined {
  const top = module.split('.')[0] ?? module;
  const result = spawnSync(python, ['-c', FIND_MODULE, top], {
    encoding: 'utf8',
    env: programEnvironment(),
    timeout: TOOL_TIMEOUT_MS,
    cwd: '/',
  });
  if (result.status === 0) return undefined;
  if (result.status === 3) return `the Python package ${top} is not installed for ${python}`;
  return `${python} could not say whether ${top} is installed (${result.error?.message ?? `exit ${result.status ?? result.signal ?? '?'}`})`;
}
