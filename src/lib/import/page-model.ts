// What a Performance Lab page says, located by line: the conclusion (recommended command,
// before/after table, notes), the setup (model, hardware, engines, method, profiles), every step
// with its variants (label, serving script or backend parameters, profile, result block) and the
// lines that state its outcome, the summary table and the other benchmark cases. page-reader.ts
// reads a page into it.
import type { PageBlock } from './page-blocks.ts';
import type { PageNormalization } from './page-normalize.ts';

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
