// What a Performance Lab page says, located by line: the conclusion (recommended command,
// before/after table, notes), the setup (model, hardware, engines, method, profiles), every step
// with its variants (label, serving script or backend parameters, profile, result block) and the
// lines that state its outcome, the summary table and the other benchmark cases. Both page
// families are read: legacy (bare label + "Serving script" admonition) and generator (`####`
// variant headings, `- Profile:` / `- Backend Parameters:` lines, `- Summary:`).
import { parsePage, type PageBlock } from './page-blocks.ts';
import { normalizePageText, type PageNormalization } from './page-normalize.ts';
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

export type Located<T> = { value: T; line: number };
type CodeBlock = Extract<PageBlock, { kind: 'code' }>;
type TableBlock = Extract<PageBlock, { kind: 'table' }>;

export type PageVariant = {
  label?: Located<string>;
  profile?: Located<string>;
  /** a serving command ("Serving script") */
  command?: Located<string>;
  /** backend parameters, one flag per entry ("Backend Parameters") */
  args?: Located<string[]>;
  result?: CodeBlock;
};

export type PageStep = {
  title: Located<string>;
  number?: number;
  variants: PageVariant[];
  /** `Result: A (x tok/s) > B (y tok/s)`, `Mean latency per request: A (1.61 s) < B (1.68 s)` */
  ranking?: Located<string>;
  /** `- Summary: …` */
  summary?: Located<string>;
  prose: Located<string>[];
};

export type PageCase = {
  label?: Located<string>;
  baseline: PageVariant;
  optimized: PageVariant;
};

export type PerformanceLabPage = {
  title: Located<string>;
  recommended?: CodeBlock;
  comparison?: TableBlock;
  notes: Located<string>[];
  conclusionProse: Located<string>[];
  objective?: Located<string>;
  model?: Located<string>;
  hardware?: Located<string>;
  engines: Located<{ name: string; version: string }>[];
  datasets: Located<string>[];
  method: Located<string>[];
  /** the prose of the Benchmark Script section, around its script */
  scriptProse: Located<string>[];
  benchmarkScript?: CodeBlock;
  profiles: { name: Located<string>; config: CodeBlock }[];
  extraSections: { title: Located<string>; blocks: PageBlock[] }[];
  steps: PageStep[];
  summaryTable?: TableBlock;
  otherCases: PageCase[];
  otherCasesProse: Located<string>[];
  /** lines read as they look rather than as stored: invisible characters dropped, look-alikes replaced */
  normalized: PageNormalization[];
};

export type PageProblem = { line: number; message: string };

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
