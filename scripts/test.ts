// npm test: runs the stages package.json's config.testStages names, as one shell command (so
// .ci/npm-script-shell, which times the npm scripts a stage names, reads the same text). A script
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
// Run as npm runs a script: by sh, the package's binaries first on PATH, the arguments after the command.
const result = spawnSync('sh', ['-c', `${stages} "$@"`, 'npm test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}${delimiter}${process.env.PATH ?? ''}` },
});
process.exitCode = result.status ?? 1;
