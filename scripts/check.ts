// npm run check: validate every raw file, guide.yaml and prose file without writing anything
// (see src/pipeline/check.ts). Exits 1 if any problem is an error.
import { checkSite } from '../src/pipeline/check.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run check
Validates every raw file, guide.yaml and prose file without writing anything, and prints each
problem as file:line:col: error CODE: message (codes: src/lib/diagnostics/codes.ts). Exits 1 on an error.`);

process.exitCode = checkSite() ? 0 : 1; // not exit(): the report must reach a pipe whole
