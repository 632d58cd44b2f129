// The parts of a Performance Lab page made of variants: a step's runs (label, serving script or
// backend parameters, profile, result block) and the lines that state its outcome, and the
// baseline and optimized sides of the "Other Benchmark Cases". Shared helpers for reading blocks.
import type { PageBlock } from './page-blocks.ts';
import type { Located, PageProblem, PageStep, PageVariant, PerformanceLabPage } from './page-model.ts';
import { appendAll } from '../append-all.ts';

type CodeBlock = Extract<PageBlock, { kind: 'code' }>;

export const at = <T>(value: T, line: number): Located<T> => ({ value, line });

/** Splits blocks at headings of `level`: the blocks before the first, then one group per heading. */
export function sections(blocks: readonly PageBlock[], level: number) {
  const groups: { heading?: Extract<PageBlock, { kind: 'heading' }>; blocks: PageBlock[] }[] = [{ blocks: [] }];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level <= level) groups.push({ heading: block, blocks: [] });
    else groups[groups.length - 1]?.blocks.push(block);
  }
  return groups;
}

export const textLines = (blocks: readonly PageBlock[]) =>
  blocks.flatMap((b) => (b.kind === 'text' ? [at(b.text, b.line)] : []));
export const firstCode = (blocks: readonly PageBlock[]) => blocks.find((b): b is CodeBlock => b.kind === 'code');
export const normalizeTitle = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** `- vLLM: v0.11.0` or `- vLLM v0.17.1` */
export function engineLine(text: string): { name: string; version: string } | undefined {
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
export function readVariants(blocks: readonly PageBlock[], step: PageStep | undefined, problems: PageProblem[]) {
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
      if (/^(Result|Mean latency per request):/i.test(text)) {
        if (step) step.ranking = at(text.replace(/^(Result|Mean latency per request):\s*/i, ''), block.line);
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
      } else if (step) appendAll(step.prose, textLines(block.body));
    }
  }
  flush();
  return variants;
}

/** Baseline and optimized sides: per `####` case (generator) or once for all workloads (legacy). */
export function readOtherCases(blocks: readonly PageBlock[], page: PerformanceLabPage, problems: PageProblem[]) {
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
