// The "Benchmark Dataset" list of a page as guide.yaml's datasets: each top-level item a dataset,
// each nested `<name>: <n> input tokens, <m> output tokens` item one of its sequence-length
// variants. A line read as neither is left out of the draft and returned, for the audit to name.
import { slugify, uniqueSlugs } from './draft-names.ts';
import type { Located, PageProblem } from './page-model.ts';

type Text = { en: string; zh: string };
export type DraftDataset = {
  id: string;
  label: string | Text;
  variants?: { label: Text; inputTokens: number; outputTokens: number }[];
};

const ITEM = /^(?:\d+[.)]|[-*+])\s+(.*)$/;
const LENGTHS =
  /^(.+?):\s*([\d,]+(?:\.\d+)?)\s*([kK])?\s*input tokens?,\s*([\d,]+(?:\.\d+)?)\s*([kK])?\s*output tokens?\.?$/;

/** `32000` or `1K` (a thousand, as the pages' "1K input tokens" run with 1000). */
const tokens = (digits: string, k: string | undefined) => Math.round(Number(digits.replace(/,/g, '')) * (k ? 1000 : 1));

export function draftDatasets(lines: readonly Located<string>[]): { datasets: DraftDataset[]; leftOut: PageProblem[] } {
  const datasets: DraftDataset[] = [];
  const leftOut: PageProblem[] = [];
  const unique = uniqueSlugs();
  for (const { value, line } of lines) {
    const nested = /^\s/.test(value);
    const text = value.trim();
    if (text === '') continue;
    const item = ITEM.exec(text)?.[1] ?? text;
    const lengths = LENGTHS.exec(item);
    const current = datasets.at(-1);
    if (nested && lengths && current) {
      const [, name = '', input = '', inputK, output = '', outputK] = lengths;
      (current.variants ??= []).push({
        label: { en: name.trim(), zh: name.trim() },
        inputTokens: tokens(input, inputK),
        outputTokens: tokens(output, outputK),
      });
    } else if (!nested) {
      const label = item.trim();
      datasets.push({ id: unique(slugify(label.split(/\s+/)[0] ?? '', 'dataset')), label: { en: label, zh: label } });
    } else
      leftOut.push({
        line,
        message: `the draft's datasets do not carry this line of the Benchmark Dataset list: "${text}" (expected "<name>: <n> input tokens, <m> output tokens" under a dataset)`,
      });
  }
  return { datasets, leftOut };
}
