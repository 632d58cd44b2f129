// Which guides hold each raw block: the story check "copied from another guide" looks a guide's
// blocks up here. Built once for all guides, so finding copies stays linear, and a guide that was
// not read this run takes part through what its stamps kept of each block: its digest and a short
// hash of each measured number.
//
// A copy is found two ways. The same text (whitespace aside): the block's digest. The same numbers
// with one or two of them changed (a digit edited, a Total TPS raised with its input total): each
// block's measured values (durations, rates, latencies; not counts, which runs of one profile
// share) are split into four groups by metric name, and the block is indexed under each pair of
// groups, by the values of those two groups alone. Two blocks that differ in at most two values
// have a pair of groups the changed values are not in, so they meet under that key; every pair
// that meets is then compared value by value. Honest runs share few values (at most four of a
// block's 14-21 in the committed guides, within one guide), so a bucket holds copies only.
import { createHash } from 'node:crypto';
import { byCodeUnit } from '../code-unit-order.ts';
import { settledOf, settlesNone, type Settles } from './copy-settlement.ts';

/** A raw block's identity for "copied from another guide": its text with whitespace runs collapsed. */
export function blockDigest(raw: string): string {
  return createHash('sha256').update(raw.replace(/\s+/g, ' ').trim()).digest('hex');
}

/**
 * One block of a guide: its digest, the raw file it came from, and its measured numbers, each a
 * group digit and 8 hex digits of `metric=value` (`numberTokens`), sorted, in one string.
 * `settled`: its guide acknowledges W_STORY_COPIED on that file (copy-settlement.ts).
 */
export type BlockDigest = { digest: string; file: string; numbers: string; settled?: true };

type Owner = BlockDigest & { guide: string };
export type BlockIndex = {
  readonly exact: ReadonlyMap<string, readonly Owner[]>;
  readonly near: ReadonlyMap<string, readonly Owner[]>;
};

export const emptyBlockIndex = (): BlockIndex => ({ exact: new Map(), near: new Map() });

/** A run as the copy check reads it: its raw block, its file, and the metrics it printed. */
export type BlockRun = {
  raw: string;
  source: { file: string };
  metrics: Readonly<Partial<Record<string, { value: number; unit: string; derived?: unknown }>>>;
};

/**
 * Whether a copy of this block between guides means anything: a serving result does; a one-line
 * accuracy output ("Accuracy: 0.975") repeats by chance, so it is never looked up.
 */
export function isServingResult(run: Pick<BlockRun, 'metrics'>): boolean {
  return SERVING_RATES.some((key) => run.metrics[key] !== undefined);
}
const SERVING_RATES = ['total_token_throughput', 'request_throughput', 'total_token_throughput_interval_mean'];

// What a run measured, as opposed to what its profile set (counts, a configured request rate).
const MEASURED_UNITS: ReadonlySet<string> = new Set(['s', 'ms', 'tok/s', 'req/s']);
const CONFIGURED: ReadonlySet<string> = new Set(['request_rate_configured']);
const GROUPS = 4;
/** Fewer measured values than this, and sharing all but two of them says nothing. */
const MIN_NUMBERS = 8;
/** At most this many measured values may differ for a block to count as a copy. */
const MAX_CHANGED = 2;
const TOKEN = 9;

/** FNV-1a, 32 bits: a fast hash of a short string (a metric name or `metric=value`). */
function fnv(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Each measured value of a run (none computed from its lines) as a token: its group and a hash of `metric=value`. */
export function numberTokens(metrics: BlockRun['metrics']): Map<string, string> {
  const tokens = new Map<string, string>();
  for (const [key, metric] of Object.entries(metrics))
    if (metric && !metric.derived && MEASURED_UNITS.has(metric.unit) && !CONFIGURED.has(key))
      tokens.set(
        key,
        `${fnv(key) % GROUPS}${fnv(`${key}=${String(metric.value)}`)
          .toString(16)
          .padStart(8, '0')}`,
      );
  return tokens;
}

function numbersOf(metrics: BlockRun['metrics']): string {
  return [...numberTokens(metrics).values()].sort(byCodeUnit).join('');
}

const tokensOf = (numbers: string): string[] =>
  Array.from({ length: numbers.length / TOKEN }, (_, i) => numbers.slice(i * TOKEN, (i + 1) * TOKEN));

/** The keys a block is indexed under for near copies: one per pair of groups, that pair's tokens. */
function nearKeys(numbers: string): readonly string[] {
  const known = nearKeysOf.get(numbers);
  if (known) return known;
  const tokens = tokensOf(numbers);
  const keys: string[] = [];
  if (tokens.length >= MIN_NUMBERS) {
    const groups = Array.from({ length: GROUPS }, (_, g) => tokens.filter((token) => token[0] === String(g)).join(''));
    for (let a = 0; a < GROUPS; a++)
      for (let b = a + 1; b < GROUPS; b++)
        if (groups[a] || groups[b]) keys.push(`${tokens.length}:${a}${b}:${groups[a]}|${groups[b]}`);
  }
  // Each block's keys are asked for twice (indexing it, then looking its copies up): made once.
  if (nearKeysOf.size >= NEAR_KEYS_KEPT) nearKeysOf.clear();
  nearKeysOf.set(numbers, keys);
  return keys;
}
const NEAR_KEYS_KEPT = 100_000;
const nearKeysOf = new Map<string, readonly string[]>();

/** The tokens of `numbers` that `other` lacks, when the two have as many and at most MAX_CHANGED differ. */
function changedTokens(numbers: string, other: string): string[] | undefined {
  if (numbers.length !== other.length) return undefined;
  const theirs = new Set(tokensOf(other));
  const changed = tokensOf(numbers).filter((token) => !theirs.has(token));
  return changed.length <= MAX_CHANGED ? changed : undefined;
}

/** A run's block as the index keeps it: its digest, raw file and numbers. */
export function runBlockDigest(run: BlockRun): BlockDigest {
  return { digest: blockDigest(run.raw), file: run.source.file, numbers: numbersOf(run.metrics) };
}

/** The blocks of a guide's serving results; `settles` marks those the guide acknowledges as copies. */
export function runBlockDigests(runs: readonly BlockRun[], settles: Settles = settlesNone): BlockDigest[] {
  return runs
    .filter(isServingResult)
    .map((run) => ({ ...runBlockDigest(run), ...settledOf({ settled: settles(run.source.file) }) }));
}

export function blockIndexOfDigests(guides: Iterable<{ id: string; blocks: readonly BlockDigest[] }>): BlockIndex {
  const exact = new Map<string, Owner[]>();
  const near = new Map<string, Owner[]>();
  const add = (map: Map<string, Owner[]>, key: string, owner: Owner) => {
    const owners = map.get(key);
    if (owners) owners.push(owner);
    else map.set(key, [owner]);
  };
  for (const { id, blocks } of guides)
    for (const block of blocks) {
      const owner: Owner = { ...block, guide: id };
      add(exact, block.digest, owner);
      for (const key of new Set(nearKeys(block.numbers))) add(near, key, owner);
    }
  return { exact, near };
}

/**
 * What lookups of some blocks can meet: their digests, near keys and number tokens. A block of
 * another guide meets them when it has one of the digests or one of the near keys; one that shares
 * no single token with them cannot share a near key (every key holds a token), so most blocks are
 * passed over without their keys being made.
 */
export type BlockProbe = { digests: ReadonlySet<string>; keys: ReadonlySet<string>; tokens: ReadonlySet<string> };

export function blockProbe(blocks: Iterable<BlockDigest>): BlockProbe {
  const digests = new Set<string>();
  const keys = new Set<string>();
  const tokens = new Set<string>();
  for (const { digest, numbers } of blocks) {
    digests.add(digest);
    for (const key of nearKeys(numbers)) keys.add(key);
    if (numbers.length >= MIN_NUMBERS * TOKEN) for (const token of tokensOf(numbers)) tokens.add(token);
  }
  return { digests, keys, tokens };
}

/** Whether `block` is under a digest or near key of the probe's blocks: whether a lookup of one of them can find it. */
export function meetsProbe({ digest, numbers }: BlockDigest, probe: BlockProbe): boolean {
  if (probe.digests.has(digest)) return true;
  if (numbers.length < MIN_NUMBERS * TOKEN) return false;
  let sharesToken = false;
  for (let at = 0; at < numbers.length && !sharesToken; at += TOKEN)
    sharesToken = probe.tokens.has(numbers.slice(at, at + TOKEN));
  return sharesToken && nearKeys(numbers).some((key) => probe.keys.has(key));
}

/**
 * The index of `guides` as far as lookups of the `wanted` blocks reach: every block under one of
 * their digests or near keys, in the guides' order. copyOf answers for a wanted block exactly as the
 * whole index would, at the cost of a token scan for the others (compute after a one-guide edit).
 */
export function blockIndexFor(
  guides: Iterable<{ id: string; blocks: readonly BlockDigest[] }>,
  wanted: Iterable<BlockDigest>,
): BlockIndex {
  const probe = blockProbe(wanted);
  const reached = [...guides].map(({ id, blocks }) => ({
    id,
    blocks: blocks.filter((block) => meetsProbe(block, probe)),
  }));
  return blockIndexOfDigests(reached);
}

export function blockIndex(guides: Iterable<{ id: string; runs: readonly BlockRun[]; settles?: Settles }>): BlockIndex {
  return blockIndexOfDigests(
    [...guides].map(({ id, runs, settles }) => ({ id, blocks: runBlockDigests(runs, settles) })),
  );
}

/** A block of another guide that this one copies: the same text, or all its numbers but `changed`. */
export type Copy = { file: string; digest: string; changed?: string[]; settled?: true };

/**
 * The block of another guide than `id` that `block` copies, if any: byte for byte (whitespace
 * aside) first, else the one whose measured numbers differ in the fewest (at most two). `changed`
 * holds the tokens of `block` that differ; `metricsOfTokens` turns them into metric names.
 */
export function copyOf(id: string, block: BlockDigest, index: BlockIndex): Copy | undefined {
  const same = index.exact.get(block.digest)?.find((owner) => owner.guide !== id);
  if (same) return { file: same.file, digest: same.digest, ...settledOf(same) };
  let best: Copy | undefined;
  for (const key of nearKeys(block.numbers))
    for (const owner of index.near.get(key) ?? []) {
      if (owner.guide === id) continue;
      const changed = changedTokens(block.numbers, owner.numbers);
      if (changed && (!best || closer(changed, owner.file, best)))
        best = { file: owner.file, digest: owner.digest, changed, ...settledOf(owner) };
    }
  return best;
}

/** Fewer changes first, then the file first by code unit: the answer does not depend on the index's order. */
function closer(changed: readonly string[], file: string, best: Copy): boolean {
  const bestChanged = best.changed?.length ?? 0;
  return changed.length !== bestChanged ? changed.length < bestChanged : byCodeUnit(file, best.file) < 0;
}

/** The metrics of a run whose tokens are among `tokens`: what a near copy changed, by name. */
export function metricsOfTokens(metrics: BlockRun['metrics'], tokens: readonly string[]): string[] {
  const wanted = new Set(tokens);
  return [...numberTokens(metrics)].flatMap(([key, token]) => (wanted.has(token) ? [key] : [])).sort(byCodeUnit);
}

/**
 * The blocks of guide `id` that other guides hold too, or nearly, as sorted lines: what its story
 * check depends on beyond its own files (part of its cache key, and as a hash of its stamps). Only
 * serving results are indexed, so the list is empty unless results really were copied.
 */
export function copiesOf(id: string, blocks: readonly BlockDigest[], index: BlockIndex): string[] {
  return blocks
    .flatMap((block) => {
      const copy = copyOf(id, block, index);
      if (!copy) return [];
      const changed = copy.changed ? ` ~${copy.changed.join(',')}` : '';
      return [`${block.digest} ${copy.digest} ${copy.file}${changed}${copy.settled ? ' settled' : ''}`];
    })
    .sort(byCodeUnit);
}
