// run-plan: measure a guide's whole plan unattended and resumably (see src/pipeline/run-plan.ts).
// Usage: npm run run-plan -- <model>/<hardware> [--port <port>] [--health-timeout <seconds>]
import { parseArgs } from 'node:util';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { runPlan } from '../src/pipeline/run-plan.ts';

const usage = `usage: npm run run-plan -- <model>/<hardware> [--port <port>] [--health-timeout <seconds>]
  e.g. npm run run-plan -- glm-5.2/h200
  --port            start every server on this port instead of its engine's default
  --health-timeout  how long a server may take to answer GET /health (default 1800 s)\n`;
answerHelp(`${usage}Runs every measurement npm run plan lists that is not in data/raw yet, unattended: for each
server the plan needs, starts it (its output in data/.record-logs/<guide>/servers/), waits until it
is healthy, records each of its measurements as npm run record does (result and record in
data/raw only when the run succeeded), stops it, and goes on. Prints a line per measurement (n of N,
time since the start, what runs now) and a summary of what was recorded, already there, failed
(with why: a server that exited or never became healthy) and could not run. Killed or rebooted,
run it again: what is in data/raw is not measured again, and a server it left running is stopped
first. Exits 0 when nothing failed, 1 when something did, 130 when interrupted.`);

function refuse(message: string): never {
  process.stderr.write(`run-plan: ${message}\n${usage}`);
  process.exit(2);
}
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { port: { type: 'string' }, 'health-timeout': { type: 'string', default: '1800' } },
  });
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const [guide, ...extra] = parsed.positionals;
if (guide === undefined || extra.length > 0) refuse('expected one guide: <model>/<hardware>');
const { port, 'health-timeout': timeout } = parsed.values;
if (port !== undefined && !/^[1-9]\d{0,4}$/.test(port)) refuse(`--port must be a port number, found "${port}"`);
if (!/^[1-9]\d{0,5}$/.test(timeout)) refuse(`--health-timeout must be a whole number of seconds, found "${timeout}"`);

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
process.exitCode = await runPlan({
  guide,
  port: port === undefined ? undefined : Number(port),
  healthTimeout: Number(timeout),
  abort: controller.signal,
});
