// Serves dist/ with `astro preview` for browser tests. Started as one process (not via npx), so
// stopping it stops the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './guide-from-disk.ts';

export type Preview = { url: string; stop: () => Promise<void> };

export async function startPreview(port: number): Promise<Preview> {
  if (!existsSync(join(repoRoot, 'dist/index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'preview', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: repoRoot,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`${url}/en/`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`astro preview did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
