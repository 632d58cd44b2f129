// Reads a Performance Lab page into what it says (page-model.ts), every part located by line. Both
// page families are read: legacy (bare label + "Serving script" admonition) and generator (`####`
// variant headings, `- Profile:` / `- Backend Parameters:` lines, `- Summary:`); the parts made of
// variants are read by page-variants.ts.
import { parsePage, type PageBlock } from './page-blocks.ts';
import { normalizePageText } from './page-normalize.ts';
import {
  at,
  engineLine,
  firstCode,
  normalizeTitle,
  readOtherCases,
  readVariants,
  sections,
  textLines,
} from './page-variants.ts';
import { appendAll } from '../append-all.ts';
import type { PageProblem, PageStep, PerformanceLabPage } from './page-model.ts';

type TableBlock = Extract<PageBlock, { kind: 'table' }>;

export function readPerformanceLabPage(markdown: string): { page?: PerformanceLabPage; problems: PageProblem[] } {
  const problems: PageProblem[] = [];
  const normalized = normalizePageText(markdown);
  const blocks = parsePage(normalized.text);
  const h1 = blocks.find((b) => b.kind === 'heading' && b.level === 1);
  if (!h1 || h1.kind !== 'heading') {
    problems.push({ line: 1, message: 'no `# Title` heading: not a Performance Lab page' });
    return { problems };
  }
  const page: PerformanceLabPage = {
    title: at(h1.text, h1.line),
    notes: [],
    conclusionProse: [],
    engines: [],
    datasets: [],
    method: [],
    scriptProse: [],
    profiles: [],
    extraSections: [],
    steps: [],
    otherCases: [],
    otherCasesProse: [],
    normalized: normalized.changes,
  };

  for (const section of sections(blocks, 2)) {
    const name = section.heading ? normalizeTitle(section.heading.text) : '';
    if (!section.heading || section.heading.level === 1) continue;
    if (name === 'conclusion') readConclusion(section.blocks, page);
    else if (name === 'optimization objective') {
      const text = textLines(section.blocks)[0];
      if (text) page.objective = text;
    } else if (name === 'experimental setup') readSetup(section.blocks, page);
    else if (name === 'experiment results') readResults(section.blocks, page, problems);
    else page.extraSections.push({ title: at(section.heading.text, section.heading.line), blocks: section.blocks });
  }
  if (page.steps.length === 0) problems.push({ line: h1.line, message: 'no steps under "## Experiment Results"' });
  return { page, problems };
}

function readConclusion(blocks: readonly PageBlock[], page: PerformanceLabPage) {
  for (const block of blocks) {
    if (block.kind === 'admonition' && /serving command/i.test(block.title)) {
      const code = firstCode(block.body);
      if (code) page.recommended = code;
    } else if (block.kind === 'admonition' && block.type === 'note') appendAll(page.notes, textLines(block.body));
    else if (block.kind === 'table' && !page.comparison) page.comparison = block;
    else if (block.kind === 'text') page.conclusionProse.push(at(block.text, block.line));
  }
}

function readSetup(blocks: readonly PageBlock[], page: PerformanceLabPage) {
  for (const section of sections(blocks, 3)) {
    if (!section.heading) continue;
    const name = normalizeTitle(section.heading.text);
    const lines = textLines(section.blocks);
    if (name === 'model' && lines[0]) page.model = at(lines[0].value.trim(), lines[0].line);
    else if (name === 'hardware' && lines[0]) page.hardware = at(lines[0].value.trim(), lines[0].line);
    else if (name === 'engine version' || name === 'engine versions') {
      for (const line of lines) {
        const engine = engineLine(line.value);
        if (engine) page.engines.push(at(engine, line.line));
      }
    } else if (name === 'benchmark dataset' || name === 'benchmark datasets') appendAll(page.datasets, lines);
    else if (name === 'benchmark script' || name === 'benchmark scripts') {
      const script = firstCode(section.blocks);
      if (script) page.benchmarkScript = script;
      appendAll(page.scriptProse, lines);
    } else if (name === 'benchmark method') {
      appendAll(
        page.method,
        lines.filter((l) => l.value.trim() !== ''),
      );
      for (const profile of sections(section.blocks, 5)) {
        if (profile.heading?.level !== 5) continue;
        const config = firstCode(profile.blocks);
        if (config) page.profiles.push({ name: at(profile.heading.text, profile.heading.line), config });
      }
    } else page.extraSections.push({ title: at(section.heading.text, section.heading.line), blocks: section.blocks });
  }
}

function readResults(blocks: readonly PageBlock[], page: PerformanceLabPage, problems: PageProblem[]) {
  for (const section of sections(blocks, 3)) {
    if (!section.heading) continue;
    const name = normalizeTitle(section.heading.text);
    if (name.startsWith('summary of optimization')) {
      const table = section.blocks.find((b): b is TableBlock => b.kind === 'table');
      if (table) page.summaryTable = table;
      continue;
    }
    if (name.startsWith('other benchmark case')) {
      readOtherCases(section.blocks, page, problems);
      continue;
    }
    const numbered = /^(\d+)\.\s+(.*)$/.exec(section.heading.text);
    const step: PageStep = {
      title: at(numbered?.[2] ?? section.heading.text, section.heading.line),
      ...(numbered?.[1] ? { number: Number(numbered[1]) } : {}),
      variants: [],
      prose: [],
    };
    step.variants = readVariants(section.blocks, step, problems);
    page.steps.push(step);
  }
}
