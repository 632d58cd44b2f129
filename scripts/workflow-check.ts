// workflow-check: perflab's GitHub workflows held to src/lib/review/workflow-audit.ts (pinned actions and
// images, no pull_request_target, each job only the token scopes its steps use, no template
// injection); npm test runs it. Prints every finding of every file, exits 1 on any.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { formatDiagnostic } from '../src/lib/diagnostics/diagnostics.ts';
import { auditWorkflow } from '../src/lib/review/workflow-audit.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run workflow-check [-- <workflow.yml>…]
Checks .github/workflows/*.yml (or the files named): every action pinned by commit with its version
in a comment, container images by digest, no pull_request_target, workflow_run only where the file
acknowledges it (# acknowledged W_DANGEROUS_TRIGGER: <reason>), each job's permissions exactly what
its steps use, no \${{ github.event.* }} in a run: script. Exits 1 on any finding.`);

const root = join(import.meta.dirname, '..');
const folder = join(root, '.github/workflows');
const named = process.argv.slice(2).map((path) => resolve(path));
const files =
  named.length > 0
    ? named
    : readdirSync(folder)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => join(folder, f));
let findings = 0;
for (const path of files) {
  const file = relative(process.cwd(), path);
  const { diagnostics, acknowledged } = auditWorkflow(file, readFileSync(path, 'utf8'));
  for (const diagnostic of diagnostics) process.stderr.write(`${formatDiagnostic(diagnostic)}\n`);
  for (const { code, reason } of acknowledged) process.stdout.write(`${file}: acknowledged ${code}: ${reason}\n`);
  findings += diagnostics.length;
}
process.stdout.write(`workflow-check: ${files.length} workflows, ${findings} findings\n`);
process.exitCode = findings > 0 ? 1 : 0;
