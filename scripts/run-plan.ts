// run-plan: measure a guide's whole plan unattended and resumably (see src/pipeline/run-plan.ts).
// Usage: npm run run-plan -- <model>/<hardware> [--port <port>] [--health-timeout <seconds>]
//        [--trusted-ref <ref>] [--yes] [--dry-run]
import { parseArgs } from 'node:util';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { runPlan } from '../src/pipeline/run-plan.ts';
import { terminalQuestion } from '../src/pipeline/terminal-question.ts';

const usage = `usage: npm run run-plan -- <model>/<hardware> [--port <port>] [--health-timeout <seconds>]
                       [--trusted-ref <ref>] [--yes] [--dry-run]
  e.g. npm run run-plan -- glm-5.2/h200
  --port            start every server on this port instead of its engine's default
  --health-timeout  how long a server may take to answer GET /health (default 1800 s)
  --trusted-ref     the git ref whose plan's commands run without asking (default: the branch's upstream)
  --yes             run the commands that are not at the trusted ref without asking (no terminal needed)
  --dry-run         rehearse the whole plan without a GPU: what would run, what this machine lacks (a program, a
                    Python package, a free port), what the records would list and who would sign them;
                    starts, measures and writes nothing\n`;
answerHelp(`${usage}Runs every measurement npm run plan lists that is not in data/raw yet, unattended: for each
server the plan needs, starts it (its output in data/.record-logs/<guide>/servers/), waits until it
is healthy, records each of its measurements as npm run record does (result and record in
data/raw only when the run succeeded), stops it, and goes on. Prints a line per measurement (n of N,
time since the start, what runs now) and a summary of what was recorded, already there, failed
(with why: a server that exited or never became healthy) and could not run. Killed or rebooted,
run it again: what is in data/raw is not measured again, and a server it left running is stopped
first. Before anything runs it prints every command exactly as it will run (a control character
written escaped, never sent to the terminal), NEW before each that is not in the guide's plan at the
trusted ref; it asks before running those, and without a terminal refuses them unless given --yes.
Exits 0 when nothing failed, 1 when something did, 2 when it ran nothing (refused), 130 when interrupted;
with --dry-run, 1 when a real run here would hit a problem it names.`);

function refuse(message: string): never {
  process.stderr.write(`run-plan: ${message}\n${usage}`);
  process.exit(2);
}
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      'health-timeout': { type: 'string', default: '1800' },
      'trusted-ref': { type: 'string' },
      yes: { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const [guide, ...extra] = parsed.positionals;
if (guide === undefined || extra.length > 0) refuse('expected one guide: <model>/<hardware>');
const { port, 'health-timeout': timeout, 'trusted-ref': trustedRef, yes, 'dry-run': dryRun } = parsed.values;
if (port !== undefined && !/^[1-9]\d{0,4}$/.test(port)) refuse(`--port must be a port number, found "${port}"`);
if (!/^[1-9]\d{0,5}$/.test(timeout)) refuse(`--health-timeout must be a whole number of seconds, found "${timeout}"`);

const confirm = terminalQuestion();

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
process.exitCode = await runPlan({
  guide,
  port: port === undefined ? undefined : Number(port),
  healthTimeout: Number(timeout),
  abort: controller.signal,
  trustedRef,
  yes,
  dryRun,
  confirm,
});
