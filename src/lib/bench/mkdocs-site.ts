// The same synthetic guides as a plain MkDocs Material site, for the bench's comparison: one
// markdown page per guide and language with its prose, its experiment and every raw block.

export type MarkdownGuide = {
  slug: string;
  title: { en: string; zh: string };
  prose: { en: string; zh: string };
  structure: string;
  raw: readonly { path: string; text: string }[];
};

const withoutFrontMatter = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');

export function mkdocsPage(guide: MarkdownGuide, lang: 'en' | 'zh'): string {
  const blocks = guide.raw.map((file) => `### ${file.path}\n\n\`\`\`text\n${file.text.trimEnd()}\n\`\`\`\n`);
  return [
    `# ${guide.title[lang]}`,
    '',
    withoutFrontMatter(guide.prose[lang]).replace(/<!-- slot: [^>]* -->\n?/g, ''),
    '## Experiment',
    '',
    '```yaml',
    guide.structure.trimEnd(),
    '```',
    '',
    '## Raw results',
    '',
    ...blocks,
  ].join('\n');
}

export function mkdocsConfig(guides: readonly MarkdownGuide[]): string {
  const nav = guides.flatMap((g) => [
    `  - "${g.title.en.replaceAll('"', "'")}": en/${g.slug}.md`,
    `  - "${g.title.zh.replaceAll('"', "'")}": zh/${g.slug}.md`,
  ]);
  return ['site_name: perflab bench', 'theme:', '  name: material', 'plugins:', '  - search', 'nav:', ...nav, ''].join(
    '\n',
  );
}
