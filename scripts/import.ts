// import: a Performance Lab markdown page → data/raw/<model>/<hardware>/ (every result block
// verbatim), content/guides/<model>/<hardware>/guide.yaml (a draft) and en.md, then the audit.
// Usage: npm run import -- <page.md> [<model>/<hardware>]
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importPage } from '../src/lib/import/write-guide.ts';
import { repoPath, repoRoot } from '../src/pipeline/fs-policy.ts';
import { audit, printAudit, readPage } from '../src/pipeline/page-import.ts';

const { page, file, id } = readPage('import');
const contentDir = join(repoRoot, 'content/guides', id);
const rawDir = join(repoRoot, 'data/raw', id);
for (const dir of [contentDir, rawDir])
  if (existsSync(dir)) {
    process.stderr.write(
      `import: ${repoPath(dir)} already exists; nothing written (pass another <model>/<hardware>)\n`,
    );
    process.exit(1);
  }
const files = importPage(page, id, file);
for (const [path, text] of files.raw) {
  const target = join(rawDir, path);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
mkdirSync(contentDir, { recursive: true });
writeFileSync(join(contentDir, 'guide.yaml'), files.guideYaml);
writeFileSync(join(contentDir, 'en.md'), files.enMd);
process.stderr.write(
  `import: wrote ${files.raw.size} raw file(s) to ${repoPath(rawDir)}/, guide.yaml and en.md to ${repoPath(contentDir)}/\n`,
);
printAudit(file, audit(page, file, id));
process.stderr.write(`import: next, \`npm run check\` lists what the draft guide.yaml still needs\n`);
