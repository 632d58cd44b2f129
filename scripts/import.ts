// import: a Performance Lab markdown page → data/raw/<model>/<hardware>/ (every result block
// verbatim), content/guides/<model>/<hardware>/guide.yaml (a draft) and en.md, then the audit.
// Usage: npm run import -- <page.md> [<model>/<hardware>]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { importPage } from '../src/lib/import/write-guide.ts';
import { folder, linkOnTheWay, repoPath, writeOwnedIfChanged } from '../src/pipeline/fs-policy.ts';
import { audit, printAudit, readPage } from '../src/pipeline/page-import.ts';

const { page, file, id } = readPage('import');
const contentDir = join(folder('content'), id);
const rawDir = join(folder('raw'), id);
for (const dir of [contentDir, rawDir]) {
  const linked = linkOnTheWay(dir);
  if (linked) {
    process.stderr.write(
      `import: ${repoPath(linked.path)} ${linked.reason}; nothing written (perflab does not follow links)\n`,
    );
    process.exit(1);
  }
  if (existsSync(dir)) {
    process.stderr.write(
      `import: ${repoPath(dir)} already exists; nothing written (pass another <model>/<hardware>)\n`,
    );
    process.exit(1);
  }
}
const files = importPage(page, id, file);
// Only below data/raw and content/guides, on real folders (see src/pipeline/fs-policy.ts).
for (const [path, text] of files.raw) writeOwnedIfChanged(join(rawDir, path), folder('raw'), text);
writeOwnedIfChanged(join(contentDir, 'guide.yaml'), folder('content'), files.guideYaml);
writeOwnedIfChanged(join(contentDir, 'en.md'), folder('content'), files.enMd);
process.stderr.write(
  `import: wrote ${files.raw.size} raw file(s) to ${repoPath(rawDir)}/, guide.yaml and en.md to ${repoPath(contentDir)}/\n`,
);
printAudit(file, audit(page, file, id));
process.stderr.write(`import: next, \`npm run check\` lists what the draft guide.yaml still needs\n`);
