// import: a Performance Lab markdown page → data/raw/<model>/<hardware>/ (every result block
// verbatim), content/guides/<model>/<hardware>/guide.yaml (a draft) and en.md, then the audit.
// Usage: npm run import -- <page.md> [<model>/<hardware>]
// Everything is checked first and written all at once, or nothing is (src/pipeline/import-writer.ts).
import { join } from 'node:path';
import { terminalText } from '../src/lib/diagnostics/diagnostics.ts';
import { importPage } from '../src/lib/import/write-guide.ts';
import { folder, repoPath } from '../src/pipeline/fs-policy.ts';
import { importTargetProblem, writeImport } from '../src/pipeline/import-writer.ts';
import { audit, knownBlocks, printAudit, printDecisions, readPage } from '../src/pipeline/page-import.ts';
import { draftDecisions } from '../src/lib/import/decisions.ts';
import { checkDecisions, draftDiagnostics } from '../src/lib/import/draft-check.ts';
import { today } from '../src/pipeline/clock.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run import -- <page.md> [<model>/<hardware>]
Migrates a Performance Lab markdown page: every result block verbatim to data/raw/<model>/<hardware>/,
a draft content/guides/<model>/<hardware>/guide.yaml and en.md, then prints the page's audit.
Writes all of it or nothing; the guide id defaults to <page's folder>/<page's name>.`);
const { page, file, id } = readPage('import');
const refused = importTargetProblem(id);
if (refused) {
  process.stderr.write(`import: ${refused}; nothing written\n`);
  process.exit(1);
}
const known = knownBlocks(id);
const files = importPage(page, id, file, known);
if (files.problems.length > 0) {
  for (const problem of files.problems)
    process.stderr.write(`${terminalText(file)}:${problem.line}: error: ${terminalText(problem.message)}\n`);
  process.stderr.write(`import: ${files.problems.length} problem(s) in the page; nothing written\n`);
  process.exit(1);
}
try {
  writeImport(id, files);
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  process.stderr.write(`import: ${terminalText(reason)}; nothing written\n`);
  process.exit(1);
}
const [rawDir, contentDir] = [repoPath(join(folder('raw'), id)), repoPath(join(folder('content'), id))];
process.stderr.write(
  `import: wrote ${files.raw.size} raw file(s) to ${rawDir}/, guide.yaml and en.md to ${contentDir}/\n`,
);
// A block another guide holds is one of the decisions listed last: the audit does not name it too.
printAudit(file, audit(page, file, id, new Map()));
// What check will hold the draft to, so that the author meets every decision here, once.
printDecisions([...draftDecisions(id, files, known), ...checkDecisions(draftDiagnostics(id, files, today()))]);
