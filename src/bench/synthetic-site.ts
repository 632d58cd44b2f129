// The bench's synthetic site: N copies of a seed guide with perturbed, self-consistent raw logs,
// written into a scratch folder as a site's content/ and data/raw, plus the same guides as markdown
// for the MkDocs comparison.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { copyFactor, copyGuideYaml, copyName, perturbResultText } from '../lib/bench/synthetic-guide.ts';
import type { MarkdownGuide } from '../lib/bench/mkdocs-site.ts';
import { listFiles } from '../pipeline/fs-policy.ts';

/** The guide every synthetic guide is a copy of. */
export const SEED = 'glm-5.2/h200';

/** Writes `guides` copies of SEED from `projectRoot` into `root`; returns them as markdown pages. */
export function writeSyntheticSite(projectRoot: string, root: string, guides: number): MarkdownGuide[] {
  const seedContent = join(projectRoot, 'content/guides', SEED);
  const seedRaw = join(projectRoot, 'data/raw', SEED);
  const seedYaml = readFileSync(join(seedContent, 'guide.yaml'), 'utf8');
  const family = /family: (.*)/.exec(seedYaml)?.[1] ?? 'GLM-5.2';
  const rawFiles = listFiles(seedRaw).map((path) => ({
    path: relative(seedRaw, path),
    text: readFileSync(path, 'utf8'),
  }));
  const markdownGuides: MarkdownGuide[] = [];
  for (let index = 0; index < guides; index++) {
    const { slug, machine } = copyName(index);
    const content = join(root, 'content/guides', slug, machine.slug);
    mkdirSync(content, { recursive: true });
    const yaml = copyGuideYaml(seedYaml, family, index);
    writeFileSync(join(content, 'guide.yaml'), yaml);
    const prose = { en: '', zh: '' };
    for (const lang of ['en', 'zh'] as const) {
      prose[lang] = readFileSync(join(seedContent, `${lang}.md`), 'utf8');
      writeFileSync(join(content, `${lang}.md`), prose[lang]);
    }
    const raw = rawFiles.map((file) => ({ path: file.path, text: perturbResultText(file.text, copyFactor(index)) }));
    for (const file of raw) {
      const target = join(root, 'data/raw', slug, machine.slug, file.path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, file.text);
    }
    const title = /^title:\n {2}en: (.*)\n {2}zh: (.*)$/m.exec(yaml);
    markdownGuides.push({
      slug: `${slug}-${machine.slug}`,
      title: { en: title?.[1] ?? slug, zh: title?.[2] ?? slug },
      prose,
      structure: yaml,
      raw,
    });
  }
  return markdownGuides;
}
