// npm run lint: ESLint over the repository, then Prettier's check of every file's format. A script
// rather than `eslint . && prettier --check .` in package.json, whose `-- --help` reached prettier
// only after the whole lint had run.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run lint
Lints the repository with ESLint (eslint.config.js: typescript-eslint strict, the Astro rules, perflab's
own), then checks every file's format with Prettier (prettier --check .; npm run format rewrites
them). Runs both, prints what they find, exits 1 when either found a problem. Writes nothing.`);

if (process.argv.length > 2) {
  process.stderr.write('lint: takes no arguments (see --help)\n');
  process.exit(2);
}

const root = join(import.meta.dirname, '..');
const tool = (name: string, args: readonly string[]) =>
  spawnSync(join(root, 'node_modules/.bin', name), args, { cwd: root, stdio: 'inherit' }).status === 0;

const eslint = tool('eslint', ['.']);
const prettier = tool('prettier', ['--check', '.']);
process.exitCode = eslint && prettier ? 0 : 1;
