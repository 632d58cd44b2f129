// new: scaffold a guide. Usage: npm run new -- <model-slug> <hardware-slug>
// Writes content/guides/<model>/<hardware>/{guide.yaml,en.md,zh.md} and data/raw/<model>/<hardware>/;
// `npm run check` then lists what is left to fill in.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { guideTemplate, proseTemplate } from '../src/lib/guide-source/scaffold.ts';
import { repoPath, repoRoot } from './io.ts';

const [model, hardware] = process.argv.slice(2);
const slug = /^[a-z0-9][a-z0-9._-]*$/;
if (!model || !hardware || !slug.test(model) || !slug.test(hardware)) {
  process.stderr.write(
    'usage: npm run new -- <model-slug> <hardware-slug>   e.g. npm run new -- qwen3-8b h100\n(lower-case letters, digits, ".", "_" and "-")\n',
  );
  process.exit(2);
}
const contentDir = join(repoRoot, 'content/guides', model, hardware);
const rawDir = join(repoRoot, 'data/raw', model, hardware);
if (existsSync(contentDir)) {
  process.stderr.write(`${repoPath(contentDir)} already exists; nothing written\n`);
  process.exit(1);
}
mkdirSync(contentDir, { recursive: true });
mkdirSync(rawDir, { recursive: true });
writeFileSync(join(contentDir, 'guide.yaml'), guideTemplate(model, hardware));
writeFileSync(join(contentDir, 'en.md'), proseTemplate('en'));
writeFileSync(join(contentDir, 'zh.md'), proseTemplate('zh'));
for (const name of ['guide.yaml', 'en.md', 'zh.md'])
  process.stderr.write(`new: wrote ${repoPath(join(contentDir, name))}\n`);
process.stderr.write(
  `new: put the raw benchmark outputs in ${repoPath(rawDir)}/ (engine/vllm.txt, engine/sglang.txt as named in guide.yaml), then run \`npm run check\`\n`,
);
