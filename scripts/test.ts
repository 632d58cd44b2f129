// npm test: runs the stages package.json's config.testStages names (`a && b && c`, the text
// .ci/npm-script-shell reads to time the npm scripts a stage names), one after the other, each by
// sh as npm runs a script. It says on stderr which stage starts, how long each took, and ends with a
// summary: a run lasts minutes on a busy machine, and said nothing between stages before. A script
// rather than that command in package.json, whose `-- --help` reached its last vitest run only after
// the type check, lint, unit tests and build had run.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { z } from 'zod';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm test [-- <vitest argument>…]
Type-checks (npm run typecheck), lints (npm run lint) and runs the unit tests (npm run test:unit) side
by side, then builds the site (npm run build) and runs the build and browser tests on it (vitest run
--project build --project browser; needs Chromium: npm run setup:browser). Stops at the first stage
that fails, with its exit code. Arguments go to that last vitest run: npm test -- -t "search".`);

const root = join(import.meta.dirname, '..');
const stages =
  process.env.npm_package_config_testStages ??
  z
    .object({ config: z.object({ testStages: z.string() }) })
    .parse(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).config.testStages;
// The stages, split where the command chains them: each runs once the one before it passed.
const commands = stages
  .split(' && ')
  .map((command) => command.trim())
  .filter(Boolean);
const env = { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` };
const say = (line: string) => process.stderr.write(`npm test: ${line}\n`);
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);
const started = performance.now();
const ended: { command: string; status: string; seconds: string }[] = [];
let exitCode = 0;
for (const [index, command] of commands.entries()) {
  const step = `[${index + 1}/${commands.length}]`;
  say(`${step} ${command}`);
  const stageStart = performance.now();
  // Run as npm runs a script: by sh, the package's binaries first on PATH; the arguments after the last command.
  const last = index === commands.length - 1;
  const result = spawnSync(
    'sh',
    ['-c', last ? `${command} "$@"` : command, 'npm test', ...(last ? process.argv.slice(2) : [])],
    {
      cwd: root,
      stdio: 'inherit',
      env,
    },
  );
  exitCode = result.status ?? 1;
  const status =
    exitCode === 0 ? 'passed' : `FAILED (${result.signal ? `signal ${result.signal}` : `exit ${exitCode}`})`;
  ended.push({ command, status, seconds: seconds(stageStart) });
  say(`${step} ${status} in ${seconds(stageStart)} s (${seconds(started)} s so far)`);
  if (exitCode !== 0) break;
}
say(`${exitCode === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s:`);
for (const [index, { command, status, seconds: took }] of ended.entries())
  say(`  ${`${took} s`.padStart(8)}  ${status.padEnd(6)}  [${index + 1}/${commands.length}] ${command}`);
for (const [index, command] of commands.entries())
  if (index >= ended.length) say(`  ${'-'.padStart(8)}  not run  [${index + 1}/${commands.length}] ${command}`);
process.exitCode = exitCode;
