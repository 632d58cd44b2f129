// record: run one benchmark of a guide's plan and file its output in data/raw with what it ran on
// (see src/pipeline/record.ts). Usage: npm run record -- <model>/<hardware> <measurement> [options] [-- <command>]
import { parseArgs } from 'node:util';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { recordMeasurement } from '../src/pipeline/record.ts';

const usage = `usage: npm run record -- <model>/<hardware> <measurement> [--force] [--port <port>] [--serving-command <text>] [--signing-key <file>] [-- <benchmark command>]
  e.g. npm run record -- glm-5.2/h200 engine/vllm.txt
  <measurement>       a measurement npm run plan lists (a raw file, or <file>#<block label>)
  --force             measure again a result that is already in data/raw, and replace it
  --port              the server listens on this port (as npm run plan --port)
  --serving-command   how you started the server, recorded as given (default: the plan's command)
  --signing-key       the SSH key that signs the record (default: PERFLAB_SIGNING_KEY, else git config user.signingkey)
  -- <command>        run this benchmark command instead of the plan's\n`;
answerHelp(`${usage}Runs the benchmark against a server that is already up, shows its output as it runs and keeps it
in data/.record-logs/. Only when it succeeds and its output holds a result perflab reads is the
result written to data/raw/<model>/<hardware>/<file>, with <file>.record.json beside it: the
accelerators (nvidia-smi, or npu-smi), the engine's version (the server's /version, /server_info or
/get_server_info, or vllm --version), the serving and benchmark commands, start and end time, the
sha256 of the result, and an SSH signature of all of it (ssh-keygen -Y sign, namespace perflab-record)
that npm run check verifies against data/allowed-signers; without a key the record is unsigned. A
failed or interrupted run, or a full disk, writes nothing to data/raw. Exits 0 when recorded (or
already there), 1 when the run failed, 2 when it could not start, 130 when interrupted.`);

function refuse(message: string): never {
  process.stderr.write(`record: ${message}\n${usage}`);
  process.exit(2);
}
const argv = process.argv.slice(2);
const split = argv.indexOf('--');
const own = split === -1 ? argv : argv.slice(0, split);
const benchmark = split === -1 ? undefined : argv.slice(split + 1);
let parsed;
try {
  parsed = parseArgs({
    args: own,
    allowPositionals: true,
    options: {
      force: { type: 'boolean' },
      port: { type: 'string' },
      'serving-command': { type: 'string' },
      'signing-key': { type: 'string' },
    },
  });
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const [guide, measurement, ...extra] = parsed.positionals;
if (guide === undefined || measurement === undefined || extra.length > 0)
  refuse('expected a guide (<model>/<hardware>) and one measurement');
if (benchmark !== undefined && benchmark.length === 0) refuse('expected a benchmark command after --');
const { port: portText, force, 'serving-command': servingCommand, 'signing-key': signingKey } = parsed.values;
if (portText !== undefined && !/^[1-9]\d{0,4}$/.test(portText))
  refuse(`--port must be a port number, found "${portText}"`);

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());
const outcome = await recordMeasurement({
  guide,
  measurement,
  force: force === true,
  port: portText === undefined ? undefined : Number(portText),
  benchmark,
  serving: servingCommand === undefined ? undefined : { command: servingCommand, startedBy: 'author' },
  abort: controller.signal,
  signingKey,
});
process.stderr.write(`record: ${outcome.message}\n`);
const codes = { recorded: 0, exists: 0, failed: 1, refused: 2, interrupted: 130 } as const;
process.exitCode = codes[outcome.status];
