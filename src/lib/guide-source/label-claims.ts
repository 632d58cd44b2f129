// A label is a name: the page shows it beside the numbers perflab computed, so a label that states
// a result puts the author's figure or verdict where a reader takes it for a measured one (a case
// label "ShareGPT (Total TPS −48.0 % vs vLLM, slower: keep vLLM)" stands just before the real
// +134.8 % in the answer's sentence). What reads as a result:
//
// - a signed number: a percentage (`+12 %`, `−48.0%`), or any number with a sign before it
//   (`+1005 tok/s`, `−95 ms`): a change, stated. A sign inside a name is no sign (`TP4+EP4`,
//   `Llama-3-8B`: the character before it is a letter or a digit);
// - a delta: `Δ`, `delta`, 差值 or 差距 before a number;
// - a verdict word (faster, slower, wins, keep, 更快, 提升 …) in a label that holds a number; and
//   a comparative (higher, lower, more, less) right after a percentage or a factor (`10 % higher`,
//   `2x more`).
//
// A workload or a setting with numbers is a name (`max-running 256`, `Rate 16`, `8K input / 1K
// output`, `50% shared prefix`): no sign, no verdict.

export type LabelClaim = {
  /** the UTF-16 index of what states the result */
  index: number;
  /** what states it, as written */
  text: string;
  /** why it reads as a result */
  reason: string;
};

const NOT_AFTER = String.raw`(?<![\p{L}\p{N}_.,])`;
const SIGN = '[+\\-\u2212\u2013\u00B1\uFF0B\uFF0D]';
const NUMBER = String.raw`\d+(?:[.,]\d+)*`;

const SIGNED_PERCENT = new RegExp(`${NOT_AFTER}${SIGN}\\s?${NUMBER}\\s?[%\uFF05\u2030]`, 'u');
const SIGNED_NUMBER = new RegExp(`${NOT_AFTER}${SIGN}\\s?${NUMBER}`, 'u');
const DELTA = new RegExp(`(?:[\u0394\u2206]|\\bdelta\\b|差值|差距)\\s*[:=：]?\\s*${SIGN}?\\s?${NUMBER}`, 'iu');
const DIGIT = /\d/u;

const VERDICT_EN = [
  'faster',
  'slower',
  'quicker',
  'better',
  'worse',
  'best',
  'worst',
  'win',
  'wins',
  'winner',
  'won',
  'lose',
  'loses',
  'lost',
  'beat',
  'beats',
  'keep',
  'recommended',
  'gain',
  'gains',
  'loss',
  'improvement',
  'improves',
  'improved',
  'regression',
  'regresses',
  'regressed',
  'speedup',
  'speed-up',
  'slowdown',
  'unchanged',
  'verdict',
];
const VERDICT_ZH = [
  '更快',
  '更慢',
  '更优',
  '更好',
  '更差',
  '最快',
  '最慢',
  '最佳',
  '最优',
  '提升',
  '下降',
  '胜出',
  '获胜',
  '领先',
  '落后',
  '保持',
  '推荐',
  '加速',
  '变慢',
  '退化',
  '无变化',
];
const VERDICT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${VERDICT_EN.join('|')})(?![\\p{L}\\p{N}])|${VERDICT_ZH.join('|')}`,
  'iu',
);
const COMPARATIVE = new RegExp(
  `${NUMBER}\\s?(?:[%\uFF05x\u00D7倍])\\s*(?:higher|lower|more|less|up|down|更高|更低|更多|更少)(?![\\p{L}])`,
  'iu',
);

const at = (match: RegExpExecArray | null, reason: string): LabelClaim | undefined =>
  match ? { index: match.index, text: match[0], reason } : undefined;

/** What in `label` states a result, the first such thing; undefined for a label that only names. */
export function resultInLabel(label: string): LabelClaim | undefined {
  const verdict = DIGIT.test(label) ? VERDICT.exec(label) : null;
  const found = [
    at(SIGNED_PERCENT.exec(label), 'a signed percentage states a change'),
    at(DELTA.exec(label), 'a delta states a change'),
    at(SIGNED_NUMBER.exec(label), 'a signed number states a change'),
    at(COMPARATIVE.exec(label), 'a comparative beside a percentage or a factor states a result'),
    at(verdict, `a verdict word beside a number states a result`),
  ].filter((claim) => claim !== undefined);
  // The first in the label; at one place the more precise reason (listed first) is kept.
  return found.reduce<LabelClaim | undefined>(
    (first, claim) => (!first || claim.index < first.index ? claim : first),
    undefined,
  );
}
