// Which runs a row of the summary table speaks of: the step its label names (by title, else by
// the most words shared with one step's title), else the runs whose labels share the most words
// with it ("Parallelism" on a page with one step per engine, each trying several layouts).
import type { Measured } from './measure.ts';

export type StepRuns = { title: string; runs: Measured[] };

const STOPWORDS = new Set(['the', 'of', 'in', 'a', 'an', 'and', 'for', 'to', 'on', 'with', 'by', 'vllm', 'sglang']);
const STOPWORDS_ENGINES = new Set(['tensorrt', 'llm', 'trtllm', 'mindie', 'ascend']);

/**
 * Significant words, singular (`tokens` → `token`, `maximum` → `max`), engine names left out. A
 * dot joins the parts of a number (`0.85`) but separates words (`Torch.compile` is "torch
 * compile"), so a row and a step that name one thing in other spellings share its words.
 */
function words(text: string): Set<string> {
  const found = text
    .toLowerCase()
    .split(/[^a-z0-9.]+|\.(?![0-9])|(?<![0-9])\./)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter((w) => w !== '' && !STOPWORDS.has(w) && !STOPWORDS_ENGINES.has(w))
    .map((w) => (w === 'maximum' ? 'max' : w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return new Set(found);
}

const overlap = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length;
export const plain = (cell: string) =>
  cell
    .replace(/<[^<>]*>|\*\*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The runs a row speaks of: the step it names (by title, else by most shared words), else the runs it names. */
export function rowRuns(label: string, steps: readonly StepRuns[]): Measured[] | undefined {
  const target = words(label);
  const exact = steps.find((s) => plain(s.title).toLowerCase() === label.toLowerCase());
  if (exact) return exact.runs;
  const scored = steps.map((s) => ({ s, score: overlap(target, words(s.title)) }));
  const top = scored.reduce((most, x) => Math.max(most, x.score), 0);
  const best = scored.filter((x) => x.score === top);
  if (top > 0 && best.length === 1) return best[0]?.s.runs;
  // A row about a kind of run that several steps tried ("Parallelism" on a page with a step per
  // engine): the runs that share most of the row's words, so "Attention Backend" is not "DP Attention".
  const runs = steps.flatMap((s) => s.runs);
  const runTop = runs.reduce((most, m) => Math.max(most, overlap(target, words(m.label))), 0);
  if (runTop * 2 <= target.size) return undefined;
  return runs.filter((m) => overlap(target, words(m.label)) === runTop);
}
