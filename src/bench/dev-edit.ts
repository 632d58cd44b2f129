// What `npm run dev` costs a writer: seconds from saving an edited raw file to the guide page
// showing the new number, with the dev server already up on the synthetic site.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { perturbResultText } from '../lib/bench/synthetic-guide.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `url` until its HTML contains `text` or `deadline` passes; returns when it did, or undefined. */
async function until(url: string, text: string, deadline: number): Promise<number | undefined> {
  while (Date.now() < deadline) {
    const html = await fetch(url)
      .then((response) => response.text())
      .catch(() => '');
    if (html.includes(text)) return performance.now();
    await sleep(20);
  }
  return undefined;
}

/**
 * Starts the dev server on `root`, waits for `pagePath`, rewrites `rawFile` (a vLLM serving block)
 * with its throughput divided by `factor`, and times until the page shows the new Total TPS.
 */
export async function devEditSeconds(options: {
  projectRoot: string;
  env: NodeJS.ProcessEnv;
  pagePath: string;
  rawFile: string;
  factor: number;
}): Promise<number | undefined> {
  const { projectRoot, env, pagePath, rawFile, factor } = options;
  const before = readFileSync(rawFile, 'utf8');
  const after = perturbResultText(before, factor);
  const total = /Total Token throughput \(tok\/s\):\s+(\S+)/.exec(after)?.[1];
  if (!total) return undefined;
  const port = await freePort();
  const server = spawn(
    process.execPath,
    [join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'],
    { cwd: projectRoot, env: { ...env, NODE_ENV: 'development' }, stdio: 'ignore' },
  );
  try {
    const url = `http://127.0.0.1:${port}${pagePath}`;
    const current = /Total Token throughput \(tok\/s\):\s+(\S+)/.exec(before)?.[1] ?? '';
    if ((await until(url, current, Date.now() + 300_000)) === undefined) return undefined;
    const saved = performance.now();
    writeFileSync(rawFile, after);
    const shown = await until(url, total, Date.now() + 60_000);
    return shown === undefined ? undefined : (shown - saved) / 1000;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
}
