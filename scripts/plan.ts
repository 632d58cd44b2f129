// plan: every measurement a guide needs, with its serving and benchmark commands and whether its raw
// result is already in data/raw. Usage: npm run plan -- <model>/<hardware> [--json] [--port N]
import { parseArgs } from 'node:util';
import { answerHelp } from '../src/pipeline/cli-help.ts';
import { planJson, planText } from '../src/lib/plan/plan-output.ts';
import { planWithState } from '../src/pipeline/plan.ts';
import { reportDiagnostics } from '../src/pipeline/report.ts';

const usage = `usage: npm run plan -- <model>/<hardware> [--json] [--port <port>]
  e.g. npm run plan -- glm-5.2/h200
  --json   one entry per measurement (server and benchmark commands as words, the raw file, whether
           it exists), for a scheduler that runs them on many machines
  --port   every server on this port instead of its engine's default (8000 vLLM, 30000 SGLang)\n`;
answerHelp(`${usage}Lists every measurement guide.yaml needs: each step's variants, each comparison case's two
sides, each accuracy check's results; one per raw result, grouped by the server each needs, with
the serving command, the benchmark command (a step's benchmark:, or its profile run with
benchmarkTool:, default vllm bench serve; GSM8K for accuracy checks), the raw file it fills and
whether that file and its record exist. Reads guide.yaml and data/raw; writes nothing.`);

function refuse(message: string): never {
  process.stderr.write(`plan: ${message}\n${usage}`);
  process.exit(2);
}
let parsed;
try {
  parsed = parseArgs({ allowPositionals: true, options: { json: { type: 'boolean' }, port: { type: 'string' } } });
} catch (error) {
  refuse(error instanceof Error ? error.message : String(error));
}
const [id, ...extra] = parsed.positionals;
if (id === undefined || extra.length > 0) refuse('expected one guide: <model>/<hardware>');
const portText = parsed.values.port;
if (portText !== undefined && !/^[1-9]\d{0,4}$/.test(portText))
  refuse(`--port must be a port number, found "${portText}"`);
const port = portText === undefined ? undefined : Number(portText);

const result = planWithState(id, { port });
if ('diagnostics' in result) {
  reportDiagnostics(result.diagnostics);
  process.stderr.write('plan: guide.yaml must be valid first; nothing planned\n');
  process.exit(1);
}
const { plan, states, loaded } = result.stated;
const ctx = { plan, states, file: loaded.file, locate: loaded.locate };
process.stdout.write(parsed.values.json ? planJson(ctx) : planText(ctx));
