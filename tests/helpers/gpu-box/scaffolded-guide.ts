// A guide as an author has it before measuring: `npm run new`, then every FILL-IN replaced with
// what the stand-in GPU box will report (an NVIDIA H100 machine, vLLM 0.11.0, SGLang 0.5.3).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../guide-from-disk.ts';

export function scaffoldedGuide(root: string, model: string, hardware: string, gpus: number): void {
  const made = spawnSync(
    process.execPath,
    [join(repoRoot, 'scripts/new-guide.ts'), model, hardware, '--gpus', String(gpus)],
    { cwd: root, encoding: 'utf8', env: { ...process.env, PERFLAB_ROOT: root } },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  const dir = join(root, 'content/guides', model, hardware);
  for (const name of ['guide.yaml', 'en.md', 'zh.md']) {
    const path = join(dir, name);
    const text = readFileSync(path, 'utf8')
      .replaceAll('FILL-IN/', 'Qwen/')
      .replace('name: FILL-IN ', 'name: NVIDIA ')
      .replace('label: FILL-IN ', 'label: NVIDIA ')
      .replace('{ id: vllm, name: vLLM, version: FILL-IN }', '{ id: vllm, name: vLLM, version: v0.11.0 }')
      .replace('{ id: sglang, name: SGLang, version: FILL-IN }', '{ id: sglang, name: SGLang, version: v0.5.3 }')
      .replaceAll('fill-in-tuning', 'mem-fraction')
      .replaceAll('--fill-in=value', '--mem-fraction-static=0.85')
      .replaceAll(/ ?[(（]FILL-IN[)）]/g, '')
      .replaceAll(/FILL-IN ?/g, '');
    writeFileSync(path, text);
  }
}
