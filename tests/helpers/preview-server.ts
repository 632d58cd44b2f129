// Serves dist/ with `astro preview` for browser tests. Started as one process (not via npx), so
// stopping it stops the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from './guide-from-disk.ts';

export type Preview = { url: string; stop: () => Promise<void> };

/** A port nothing listens on now, so parallel test runs on one machine do not share a server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPreview(requested?: number): Promise<Preview> {
  const port = requested ?? (await freePort());
  if (!existsSync(join(repoRoot, 'dist/index.html')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  const child: ChildProcess = spawn(
    process.execPath,
    [join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'preview', '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: repoRoot,
      env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
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
