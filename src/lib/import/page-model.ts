// What a Performance Lab page says, located by line: the conclusion (recommended command,
// before/after table, notes), the setup (model, hardware, engines, method, profiles), every step
// with its variants (label, serving script or backend parameters, profile, result block) and the
// lines that state its outcome, the summary table and the other benchmark cases. Both page
// families are read: legacy (bare label + "Serving script" admonition) and generator (`####`
// variant headings, `- Profile:` / `- Backend Parameters:` lines, `- Summary:`).
import { parsePage, type PageBlock } from './page-blocks.ts';

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
  /** `Result: A (x tok/s) > B (y tok/s)` */
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
  benchmarkScript?: CodeBlock;
  profiles: { name: Located<string>; config: CodeBlock }[];
  extraSections: { title: Located<string>; blocks: PageBlock[] }[];
  steps: PageStep[];
  summaryTable?: TableBlock;
  otherCases: PageCase[];
  otherCasesProse: Located<string>[];
};

export type PageProblem = { line: number; message: string };

const at = <T>(value: T, line: number): Located<T> => ({ value, line });

/** Splits blocks at headings of `level`: the blocks before the first, then one group per heading. */
function sections(blocks: readonly PageBlock[], level: number) {
  const groups: { heading?: Extract<PageBlock, { kind: 'heading' }>; blocks: PageBlock[] }[] = [{ blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level <= level) groups.push({ heading: block, blocks: [] });
    else groups[groups.length - 1]?.blocks.push(block);
  }
  return groups;
}

const textLines = (blocks: readonly PageBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'text' ? [at(b.text, b.line)] : []));
const firstCode = (blocks: readonly PageBlock[]) => blocks.find((b): b is CodeBlock => b.kind === 'code');
const normalizeTitle = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** `- vLLM: v0.11.0` or `- vLLM v0.17.1` */
function engineLine(text: string): { name: string; version: string } | undefined {
  const match = /^\s*[-*]\s+(.+?):?\s+(v?\d[\w.+-]*)\s*$/.exec(text);
  return match?.[1] && match[2] ? { name: match[1].replace(/:$/, '').trim(), version: match[2] } : undefined;
}

const backtickValue = (text: string) => /`([^`]*)`/.exec(text)?.[1] ?? text.replace(/^.*?:\s*/, '').trim();

/** Flags of a Backend Parameters block: one per line, comments dropped. */
const argLines = (code: CodeBlock) =>
  code.text
    .split('\n')
    .map((l) => l.trim().replace(/\s*\\$/, ''))
    .filter((l) => l !== '' && !l.startsWith('#'));

/**
 * Variants of a step (or sides of a case): a variant collects a label, a serving script or
 * backend parameters and a profile, and ends with its benchmark result.
 */
function readVariants(blocks: readonly PageBlock[], step: PageStep | undefined, problems: PageProblem[]) {
  const variants: PageVariant[] = [];
  let current: PageVariant = {};
  let expectArgs = false;
  const flush = () => {
    if (current.result || current.command || current.args) variants.push(current);
    current = {};
  };
  for (const [index, block] of blocks.entries()) {
    if (block.kind === 'heading') {
      flush();
      current.label = at(block.text, block.line);
      continue;
    }
    if (block.kind === 'text') {
      const text = block.text.trim();
      if (/^[-*]\s+Summary:/.test(text)) {
        if (step) step.summary = at(text.replace(/^[-*]\s+Summary:\s*/, ''), block.line);
        continue;
      }
      if (/^Result:/i.test(text)) {
        if (step) step.ranking = at(text.replace(/^Result:\s*/i, ''), block.line);
        continue;
      }
      if (/^[-*]\s+Profile:/.test(text)) {
        current.profile = at(backtickValue(text), block.line);
        continue;
      }
      if (/^[-*]\s+(?:Baseline |Optimized )?Backend Parameters:/.test(text)) {
        expectArgs = true;
        continue;
      }
      // A bare short line right before a "Serving script"/result admonition names the variant.
      const next = blocks[index + 1];
      if (next?.kind === 'admonition' && text.length <= 80 && !/[.:]$/.test(text)) {
        flush();
        current.label = at(text, block.line);
        continue;
      }
      step?.prose.push(at(block.text, block.line));
      continue;
    }
    if (block.kind === 'code' && expectArgs) {
      current.args = at(argLines(block), block.firstLine);
      expectArgs = false;
      continue;
    }
    if (block.kind === 'admonition') {
      const title = block.title.toLowerCase();
      const code = firstCode(block.body);
      if (title.includes('serving script') || title.includes('serving command')) {
        if (current.result) flush();
        if (code) current.command = at(code.text, code.firstLine);
      } else if (title.includes('benchmark result')) {
        if (code) current.result = code;
        else problems.push({ line: block.line, message: `"${block.title}" has no code block` });
        flush();
      } else step?.prose.push(...textLines(block.body));
    }
  }
  flush();
  return variants;
}

export function readPerformanceLabPage(markdown: string): { page?: PerformanceLabPage; problems: PageProblem[] } {
  const problems: PageProblem[] = [];
  const blocks = parsePage(markdown);
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
    profiles: [],
    extraSections: [],
    steps: [],
    otherCases: [],
    otherCasesProse: [],
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
    } else if (block.kind === 'admonition' && block.type === 'note') page.notes.push(...textLines(block.body));
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
    } else if (name === 'benchmark dataset' || name === 'benchmark datasets') page.datasets.push(...lines);
    else if (name === 'benchmark script' || name === 'benchmark scripts') {
      const script = firstCode(section.blocks);
      if (script) page.benchmarkScript = script;
      page.method.push(...lines);
    } else if (name === 'benchmark method') {
      page.method.push(...lines.filter((l) => l.value.trim() !== ''));
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

/** Baseline and optimized sides: per `####` case (generator) or once for all workloads (legacy). */
function readOtherCases(blocks: readonly PageBlock[], page: PerformanceLabPage, problems: PageProblem[]) {
  for (const group of sections(blocks, 4)) {
    const sides: Record<'baseline' | 'optimized', PageVariant> = { baseline: {}, optimized: {} };
    let side: 'baseline' | 'optimized' | undefined;
    let expectArgs = false;
    for (const block of group.blocks) {
      if (block.kind === 'text') {
        const text = block.text.trim();
        const params = /^[-*]\s+(Baseline|Optimized) Backend Parameters:/i.exec(text);
        if (params?.[1]) {
          side = params[1].toLowerCase() === 'baseline' ? 'baseline' : 'optimized';
          expectArgs = true;
        } else if (/^[-*]\s+Profile:/.test(text) && side) sides[side].profile = at(backtickValue(text), block.line);
        else if (!group.heading) page.otherCasesProse.push(at(block.text, block.line));
        continue;
      }
      if (block.kind === 'code' && expectArgs && side) {
        sides[side].args = at(argLines(block), block.firstLine);
        expectArgs = false;
        continue;
      }
      if (block.kind !== 'admonition') continue;
      const title = block.title.toLowerCase();
      const which = title.startsWith('baseline') ? 'baseline' : title.startsWith('optimized') ? 'optimized' : undefined;
      if (!which) continue;
      const code = firstCode(block.body);
      if (!code) {
        problems.push({ line: block.line, message: `"${block.title}" has no code block` });
        continue;
      }
      if (title.includes('serving')) sides[which].command = at(code.text, code.firstLine);
      else sides[which].result = code;
    }
    if (sides.baseline.result || sides.optimized.result)
      page.otherCases.push({
        ...(group.heading ? { label: at(group.heading.text, group.heading.line) } : {}),
        baseline: sides.baseline,
        optimized: sides.optimized,
      });
  }
}
