// audit: recompute every claim of a published Performance Lab page from its own result blocks.
// Usage: npm run audit -- <page.md> [<model>/<hardware>]
// Prints `page.md:line: printed X, computed Y (why)`; exits 0 whenever the page could be read.
import { audit, printAudit, readPage } from '../src/pipeline/page-import.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run audit -- <page.md> [<model>/<hardware>]
Recomputes every claim of a published Performance Lab page from its own result blocks and prints
each difference as page.md:line: printed X, computed Y (why). Writes nothing; exits 0 once the page is read.`);
const { page, file, id } = readPage('audit');
printAudit(file, audit(page, file, id));
