// A GPU box for tests: a bin folder of shims (nvidia-smi, vllm, python3, lm_eval, guidellm, and
// npu-smi when asked) that run the stand-ins of stand-in.ts as real processes, first on PATH.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const standIn = join(dirname(fileURLToPath(import.meta.url)), 'stand-in.ts');

export type GpuBox = {
  bin: string;
  /** an environment whose PATH finds the shims first (and no real nvidia-smi) */
  env: (extra?: NodeJS.ProcessEnv) => NodeJS.ProcessEnv;
  remove: () => void;
};

export function gpuBox(tools: { nvidia?: boolean; npu?: boolean; engines?: boolean } = {}): GpuBox {
  const bin = mkdtempSync(join(tmpdir(), 'perflab-gpu-box-'));
  // engines: false is a box on which none is installed (nothing but the accelerators' tools)
  const names = tools.engines === false ? [] : ['vllm', 'python3', 'lm_eval', 'guidellm'];
  if (tools.nvidia !== false) names.push('nvidia-smi');
  if (tools.npu === true) names.push('npu-smi');
  for (const name of names) {
    const shim = join(bin, name);
    writeFileSync(
      shim,
      `#!/bin/sh\n[ -n "$STANDIN_CALLS" ] && echo "${name} $*" >> "$STANDIN_CALLS"\nexec '${process.execPath}' '${standIn}' ${name} "$@"\n`,
    );
    chmodSync(shim, 0o755);
  }
  return {
    bin,
    env: (extra = {}) => ({ ...process.env, PATH: `${bin}:/usr/bin:/bin`, ...extra }),
    remove: () => rmSync(bin, { recursive: true, force: true }),
  };
}

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Accelerators of one model as record lists them: one device per bus id, indexed in order. */
export const devicesOf = (name: string, memoryMiB: number, busIds: readonly string[]) =>
  busIds.map((busId, index) => ({ index, name, memoryMiB, busId }));
