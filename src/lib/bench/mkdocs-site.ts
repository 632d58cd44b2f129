// The same synthetic guides as a plain MkDocs Material site, for the bench's comparison: one
// markdown page per guide and language with its prose, its experiment and every raw block, in the
// shape and with the markdown extensions of the published Performance Lab pages it replaces.

import type { Locale } from '../i18n.ts';

export type MarkdownGuide = {
  slug: string;
  title: { en: string; zh: string };
  prose: { en: string; zh: string };
  structure: string;
  raw: readonly { path: string; text: string }[];
};

const withoutFrontMatter = (markdown: string) => markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
const indented = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `    ${line}` : ''))
    .join('\n');

export function mkdocsPage(guide: MarkdownGuide, lang: Locale): string {
  // As published: each raw block in a collapsed "Benchmark result" admonition.
  const blocks = guide.raw.map(
    (file) =>
      `### ${file.path}\n\n??? info "Benchmark result"\n${indented(`\`\`\`\n${file.text.trimEnd()}\n\`\`\``)}\n`,
  );
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

/**
 * The published site's theme and markdown extensions, less those Debian does not ship (emoji
 * from a newer Material, the glightbox, redirects and minify plugins).
 */
const MARKDOWN_EXTENSIONS = `markdown_extensions:
  - abbr
  - def_list
  - attr_list
  - md_in_html
  - pymdownx.highlight:
      linenums: true
      line_spans: __span
      anchor_linenums: true
      pygments_lang_class: true
  - pymdownx.inlinehilite
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
  - admonition
  - sane_lists
  - pymdownx.details
  - pymdownx.tilde
  - pymdownx.betterem
  - pymdownx.caret
  - pymdownx.tasklist:
      custom_checkbox: true
  - pymdownx.arithmatex:
      generic: true
  - pymdownx.critic
  - pymdownx.keys`;

export function mkdocsConfig(guides: readonly MarkdownGuide[]): string {
  const nav = guides.flatMap((g) => [
    `  - "${g.title.en.replaceAll('"', "'")}": en/${g.slug}.md`,
    `  - "${g.title.zh.replaceAll('"', "'")}": zh/${g.slug}.md`,
  ]);
  return [
    'site_name: perflab bench',
    'theme:',
    '  name: material',
    '  features: [content.code.copy, navigation.tracking, toc.follow]',
    'plugins:',
    '  - search',
    MARKDOWN_EXTENSIONS,
    'nav:',
    ...nav,
    '',
  ].join('\n');
}
