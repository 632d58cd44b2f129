// side-by-side: runs npm scripts at once (npm test's type check, lint and unit tests, which read
// the sources and write nothing the others read), so that one waiting on a process or a file leaves
// the core to another. Each script's output (stdout and stderr in the order printed) is held and
// printed whole when the script ends, so the logs do not interleave, with a line giving its status
// and time; while any runs, a line a minute names those still running. Exits 1 when any script
// failed, after all of them ended.
import { spawn } from 'node:child_process';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: node scripts/side-by-side.ts <npm script> [<npm script>…]   (npm test runs it)
Runs \`npm run <script>\` for every script named, all at once; prints each one's output whole when it
ends with its status and time (and, every minute, which are still running); exits 1 when any of them failed.`);

const names = process.argv.slice(2);
if (names.length === 0 || names.some((name) => name.startsWith('-'))) {
  process.stderr.write('side-by-side: name the npm scripts to run (see --help)\n');
  process.exit(2);
}

type Ended = { name: string; status: string; seconds: number };

function run(name: string): Promise<Ended> {
  const start = performance.now();
  // Piped output is no terminal: keep the colours a terminal would have shown.
  const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;
  const child = spawn('npm', ['run', name], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve) => {
    const end = (status: string) => {
      process.stdout.write(Buffer.concat(chunks));
      const seconds = (performance.now() - start) / 1000;
      process.stdout.write(`side-by-side: npm run ${name} ${status} in ${seconds.toFixed(1)} s\n`);
      running.delete(name);
      resolve({ name, status, seconds });
    };
    child.on('error', (error) => end(`could not start (${error.message})`));
    child.on('close', (code, signal) =>
      end(code === 0 ? 'passed' : `FAILED (${signal ? `signal ${signal}` : `exit ${code}`})`),
    );
  });
}

const running = new Set(names);
const begun = performance.now();
const PROGRESS_MS = 60_000;
// Their output waits until each ends: say what is still running, so a long wait is not a silent one.
const progress = setInterval(() => {
  const elapsed = ((performance.now() - begun) / 1000).toFixed(0);
  process.stderr.write(`side-by-side: ${elapsed} s, still running: ${[...running].join(', ')}\n`);
}, PROGRESS_MS);
const ended = await Promise.all(names.map(run));
clearInterval(progress);
process.exitCode = ended.every(({ status }) => status === 'passed') ? 0 : 1;
