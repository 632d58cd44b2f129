// Recomputes what a published Performance Lab page claims from the page's own result blocks and
// names every difference: ranking lines, step summaries, conclusion cells and deltas, the
// recommended command against the winning run's flags, the model in the setup against the
// commands, and blocks identical to a block already in the repository.
import { ingestGuide } from '../ingest/ingest-guide.ts';
import { commandFlags, commandModel } from '../serving/flags.ts';

export { commandFlags, commandModel };
import type { Run } from '../schema/run.ts';
import type { PageCase, PageStep, PageVariant, PerformanceLabPage } from './page-model.ts';

export type AuditFinding = { line: number; message: string };
type CodeBlock = NonNullable<PageVariant['result']>;

const TPS = 'total_token_throughput';
const TPOT = 'tpot.mean';

/** The TPOT a page prints: a GPUStack block's own TPOT line (stored with the first token), else vLLM's. */
const tpotOf = (run: Run | undefined) => value(run, 'tpot_incl_ttft.mean') ?? value(run, TPOT);

/** Pages print deltas from unrounded values: one unit in the last printed place is not a difference. */
function differs(printed: string, computed: number): boolean {
  return Math.abs(Number(printed) - computed) > 10 ** -decimalsOf(printed) * 1.01;
}

/** The runs of one result block, every metric line moved to its line in the page. */
export function blockRuns(code: CodeBlock, file: string): Run[] {
  const { runs } = ingestGuide([{ path: 'block.txt', file, text: `${code.text}\n` }]);
  return runs.map((run) => ({
    ...run,
    metrics: Object.fromEntries(
      Object.entries(run.metrics).map(([key, m]) => [key, { ...m, line: m.line + code.firstLine - 1 }]),
    ),
  }));
}

const value = (run: Run | undefined, key: string) => run?.metrics[key]?.value;
const fixed = (n: number, decimals = 2) => n.toFixed(decimals);
const decimalsOf = (printed: string) => printed.split('.')[1]?.length ?? 0;
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Mean request latency in seconds: the block's own line, or TTFT + TPOT × (output tokens per request − 1). */
export function meanLatencySeconds(run: Run | undefined): number | undefined {
  const e2e = value(run, 'e2e_latency.mean');
  if (e2e !== undefined) return e2e / 1000;
  const ttft = value(run, 'ttft.mean');
  const tpot = value(run, TPOT);
  const out = value(run, 'output_tokens_total');
  const requests = value(run, 'requests_successful');
  if (ttft === undefined || tpot === undefined || out === undefined || !requests) return undefined;
  return (ttft + tpot * (out / requests - 1)) / 1000;
}

function fullySuccessful(run: Run | undefined): boolean {
  return (value(run, 'requests_failed') ?? 0) === 0;
}

type Measured = { variant: PageVariant; label: string; run: Run };

function measuredVariants(step: PageStep, file: string): Measured[] {
  return step.variants.flatMap((variant, index) => {
    const run = variant.result ? blockRuns(variant.result, file)[0] : undefined;
    return run ? [{ variant, label: variant.label?.value ?? `run ${index + 1}`, run }] : [];
  });
}

/** `Result: A (x tok/s) > B (y tok/s)`: each value against its block, and the order. */
function auditRanking(step: PageStep, measured: readonly Measured[], findings: AuditFinding[]) {
  if (!step.ranking) return;
  const line = step.ranking.line;
  const printed = [...step.ranking.value.matchAll(/([^>()]+?)\s*\(\s*([\d.]+)\s*tok\/s\s*\)/g)].map((m) => ({
    name: (m[1] ?? '').trim(),
    value: m[2] ?? '',
  }));
  for (const entry of printed) {
    const match = measured.find((m) => sameName(m.label, entry.name));
    const tps = value(match?.run, TPS);
    if (tps === undefined) {
      findings.push({
        line,
        message: `printed ${entry.name} (${entry.value} tok/s), computed nothing (no variant "${entry.name}" with a result block in this step)`,
      });
      continue;
    }
    const computed = fixed(tps, decimalsOf(entry.value));
    if (computed !== entry.value)
      findings.push({
        line,
        message: `printed ${entry.name} ${entry.value} tok/s, computed ${computed} tok/s (its block's Total Token throughput)`,
      });
  }
  const order = [...measured].sort((a, b) => (value(b.run, TPS) ?? 0) - (value(a.run, TPS) ?? 0)).map((m) => m.label);
  const printedOrder = printed.map((p) => p.name);
  if (printedOrder.length === order.length && printedOrder.some((name, i) => !sameName(name, order[i] ?? '')))
    findings.push({
      line,
      message: `printed order ${printedOrder.join(' > ')}, computed ${order.join(' > ')} (by Total Token throughput)`,
    });
}

/** `- Summary:` of a throughput step: winner against the worst variant (the generator's rule). */
function auditThroughputSummary(step: PageStep, measured: readonly Measured[], findings: AuditFinding[]) {
  const summary = step.summary;
  if (!summary || measured.length < 2) return;
  const match =
    /`([^`]+)` Total TPS = ([\d.]+), `([^`]+)` Total TPS = ([\d.]+)\. `[^`]+` is faster by ([\d.]+) tok\/s \(([\d.]+)%\)(?:; Mean TPOT = ([\d.]+) ms vs ([\d.]+) ms, (?:reduced|increased) by ([\d.]+) ms \(([\d.]+)%(?: slower)?\))?/.exec(
      summary.value,
    );
  if (!match) return;
  const ranked = [...measured].sort((a, b) => (value(b.run, TPS) ?? 0) - (value(a.run, TPS) ?? 0));
  const winner = ranked[0];
  const loser = ranked[ranked.length - 1];
  const w = value(winner?.run, TPS);
  const l = value(loser?.run, TPS);
  if (!winner || !loser || w === undefined || l === undefined) return;
  const check = (what: string, printed: string | undefined, computed: number, unit: string, why: string) => {
    if (printed !== undefined && differs(printed, computed))
      findings.push({
        line: summary.line,
        message: `printed ${what} ${printed}${unit}, computed ${fixed(computed, decimalsOf(printed))}${unit} (${why})`,
      });
  };
  if (
    !sameName(match[1] ?? '', winner.label) &&
    w !== value(measured.find((m) => sameName(m.label, match[1] ?? ''))?.run, TPS)
  )
    findings.push({
      line: summary.line,
      message: `printed winner ${match[1]}, computed ${winner.label} (highest Total Token throughput)`,
    });
  check('winner Total TPS', match[2], w, ' tok/s', `${winner.label}'s block`);
  check('reference Total TPS', match[4], l, ' tok/s', `${loser.label}'s block, the step's worst`);
  check('gap', match[5], w - l, ' tok/s', 'winner − worst');
  check('gain', match[6], ((w - l) / l) * 100, '%', '(winner − worst) / worst');
  const wt = tpotOf(winner.run);
  const lt = tpotOf(loser.run);
  if (wt !== undefined && lt !== undefined) {
    check('winner TPOT', match[7], wt, ' ms', `${winner.label}'s block`);
    check('reference TPOT', match[8], lt, ' ms', `${loser.label}'s block`);
    check('TPOT change', match[9], Math.abs(wt - lt), ' ms', 'difference of the two');
    check('TPOT change', match[10], (Math.abs(wt - lt) / lt) * 100, '%', "relative to the worst variant's TPOT");
  }
}

/** `- Summary:` of a latency step: lowest mean latency among fully successful runs; ratio slow/fast. */
function auditLatencySummary(step: PageStep, measured: readonly Measured[], findings: AuditFinding[]) {
  const summary = step.summary;
  if (!summary) return;
  const match =
    /`([^`]+)` Mean Latency = ([\d.]+)s, `([^`]+)` Mean Latency = ([\d.]+)s\. `[^`]+` is faster by ([\d.]+)s \(([\d.]+)x faster\)/.exec(
      summary.value,
    );
  if (!match) return;
  const usable = measured.filter((m) => fullySuccessful(m.run) && meanLatencySeconds(m.run) !== undefined);
  if (usable.length < 2) return;
  const ranked = [...usable].sort((a, b) => (meanLatencySeconds(a.run) ?? 0) - (meanLatencySeconds(b.run) ?? 0));
  const fast = ranked[0];
  const slow = ranked[ranked.length - 1];
  const f = meanLatencySeconds(fast?.run);
  const s = meanLatencySeconds(slow?.run);
  if (!fast || !slow || f === undefined || s === undefined) return;
  const check = (what: string, printed: string | undefined, computed: number, unit: string, why: string) => {
    if (printed !== undefined && differs(printed, computed))
      findings.push({
        line: summary.line,
        message: `printed ${what} ${printed}${unit}, computed ${fixed(computed, decimalsOf(printed))}${unit} (${why})`,
      });
  };
  const printedWinner = measured.find((m) => sameName(m.label, match[1] ?? ''));
  if (!sameName(match[1] ?? '', fast.label) && meanLatencySeconds(printedWinner?.run) !== f)
    findings.push({
      line: summary.line,
      message: `printed winner ${match[1]}, computed ${fast.label} (lowest mean latency)`,
    });
  check('winner latency', match[2], f, 's', `${fast.label}'s block`);
  check('reference latency', match[4], s, 's', `${slow.label}'s block, the step's slowest`);
  check('gap', match[5], s - f, 's', 'slowest − fastest');
  check('ratio', match[6], s / f, 'x', 'slowest / fastest');
}

type CellClaims = { tps?: string; scale?: number; tpot?: string; latency?: string; percent?: string; ratio?: string };

/** `Total TPS: 1.0 (+5.0%)<br>Mean TPOT(ms): 2.0` or `Mean latency: 1.50s/req (1.23x faster)`. */
export function cellClaims(cell: string): CellClaims {
  const text = cell.replace(/<[^>]*>/g, ' ');
  const claims: CellClaims = {};
  const tpsMatch = /Total TPS:\s*([\d.]+)(?:\s*x\s*(\d+))?/i.exec(text);
  const tps = tpsMatch?.[1];
  if (tpsMatch?.[2]) claims.scale = Number(tpsMatch[2]);
  const tpot = /Mean TPOT\s*\(ms\):\s*([\d.]+)/i.exec(text)?.[1];
  const latency = /Mean latency:\s*([\d.]+)\s*s/i.exec(text)?.[1];
  const percent = /\(\s*([+-]?[\d.]+)%\s*\)/.exec(text)?.[1];
  const ratio = /\(\s*([\d.]+)x (?:faster|slower)\s*\)/.exec(text)?.[0];
  if (tps) claims.tps = tps;
  if (tpot) claims.tpot = tpot;
  if (latency) claims.latency = latency;
  if (percent) claims.percent = percent;
  if (ratio) claims.ratio = ratio.replace(/[()]/g, '').trim();
  return claims;
}

/** The runs a conclusion row names: the other case of that label, or a grouped block with that label. */
function caseRuns(label: string, cases: readonly PageCase[], file: string) {
  const side = (v: PageVariant) => (v.result ? blockRuns(v.result, file) : []);
  const byHeading = cases.find((c) => c.label && sameName(c.label.value, label));
  if (byHeading) return { baseline: side(byHeading.baseline)[0], optimized: side(byHeading.optimized)[0] };
  for (const c of cases) {
    const pick = (runs: Run[]) => runs.find((r) => r.source.blockLabel && sameName(r.source.blockLabel, label));
    const baseline = pick(side(c.baseline));
    const optimized = pick(side(c.optimized));
    if (baseline || optimized) return { baseline, optimized };
  }
  return undefined;
}

/** Every printed number of the conclusion table against the blocks it must come from. */
function auditConclusion(page: PerformanceLabPage, allRuns: readonly Run[], file: string, findings: AuditFinding[]) {
  const table = page.comparison;
  if (!table) return;
  const printedSomewhere = (key: string, printed: string) =>
    allRuns.some((run) => {
      const v = value(run, key);
      return v !== undefined && fixed(v, decimalsOf(printed)) === printed;
    });
  for (const row of table.rows) {
    const label = (row.cells[0] ?? '').replace(/\*\*/g, '').trim();
    const baseline = cellClaims(row.cells[1] ?? '');
    const optimized = cellClaims(row.cells[2] ?? '');
    const runs = caseRuns(label, page.otherCases, file);
    for (const [side, claims, run] of [
      ['baseline', baseline, runs?.baseline],
      ['optimized', optimized, runs?.optimized],
    ] as const) {
      if (claims.tps) {
        const tps = value(run, TPS);
        if (tps !== undefined && fixed(tps, decimalsOf(claims.tps)) !== claims.tps)
          findings.push({
            line: row.line,
            message: `printed ${label} ${side} Total TPS ${claims.tps}, computed ${fixed(tps, decimalsOf(claims.tps))} (its block)`,
          });
        else if (tps === undefined && !printedSomewhere(TPS, claims.tps))
          findings.push({
            line: row.line,
            message: `printed ${label} ${side} Total TPS ${claims.tps}, computed nothing (no block on the page has this value)`,
          });
      }
      if (claims.tpot) {
        const tpot = tpotOf(run);
        if (tpot !== undefined && fixed(tpot, decimalsOf(claims.tpot)) !== claims.tpot)
          findings.push({
            line: row.line,
            message: `printed ${label} ${side} Mean TPOT ${claims.tpot} ms, computed ${fixed(tpot, decimalsOf(claims.tpot))} ms (its block)`,
          });
      }
      if (claims.latency) {
        const latency = meanLatencySeconds(run);
        if (latency !== undefined && fixed(latency, decimalsOf(claims.latency)) !== claims.latency)
          findings.push({
            line: row.line,
            message: `printed ${label} ${side} mean latency ${claims.latency}s, computed ${fixed(latency, decimalsOf(claims.latency))}s (its block)`,
          });
      }
    }
    // The delta from the two printed values, as the page's own rule computes it.
    if (baseline.tps && optimized.tps && optimized.percent !== undefined) {
      const scale = optimized.scale ?? 1;
      const computed = ((Number(optimized.tps) * scale) / Number(baseline.tps) - 1) * 100;
      const shown = `${computed >= 0 ? '+' : ''}${fixed(computed, decimalsOf(optimized.percent))}`;
      if (differs(optimized.percent, computed))
        findings.push({
          line: row.line,
          message: `printed ${label} delta ${optimized.percent.startsWith('-') ? '' : '+'}${optimized.percent.replace(/^\+/, '')}%, computed ${shown}% (optimized${scale === 1 ? '' : ` × ${scale}`} / baseline − 1 from the cells beside it)`,
        });
    }
    if (baseline.latency && optimized.latency && optimized.ratio) {
      const ratio = Number(baseline.latency) / Number(optimized.latency);
      const computed = `${fixed(ratio, decimalsOf(optimized.ratio.split('x')[0] ?? ''))}x ${ratio >= 1 ? 'faster' : 'slower'}`;
      const expected =
        ratio >= 1 ? computed : `${fixed(1 / ratio, decimalsOf(optimized.ratio.split('x')[0] ?? ''))}x slower`;
      const printedRatio = Number(optimized.ratio.split('x')[0]);
      const computedRatio = Number(expected.split('x')[0]);
      const tolerance = 10 ** -decimalsOf(optimized.ratio.split('x')[0] ?? '') * 1.01;
      if (Math.abs(printedRatio - computedRatio) > tolerance || !optimized.ratio.endsWith(expected.split(' ')[1] ?? ''))
        findings.push({
          line: row.line,
          message: `printed ${label} ${optimized.ratio}, computed ${expected} (baseline / optimized latency from the cells beside it)`,
        });
    }
  }
}

function auditRecommended(page: PerformanceLabPage, last: Measured, findings: AuditFinding[]) {
  const recommended = page.recommended;
  if (!recommended) return;
  const winning = last.variant.command?.value ?? (last.variant.args ? last.variant.args.value.join(' ') : undefined);
  if (winning === undefined) return;
  const want = commandFlags(winning);
  const have = commandFlags(recommended.text);
  // Where the server listens and which model it serves are not tuning (the model is audited apart).
  const neutral = new Set(['--port', '--host', '--model', '--model-path', '--served-model-name']);
  const missing = [...want].filter(([flag, v]) => have.get(flag) !== v && !neutral.has(flag));
  const extra = [...have].filter(([flag]) => !want.has(flag) && !neutral.has(flag));
  for (const [flag, v] of missing)
    findings.push({
      line: recommended.firstLine,
      message: `printed recommended command ${have.has(flag) ? `with ${flag}${have.get(flag) ? `=${have.get(flag)}` : ''}` : `without ${flag}`}, computed ${flag}${v ? `=${v}` : ''} (the last adopted winner, ${last.label}, ran with it)`,
    });
  for (const [flag, v] of extra)
    findings.push({
      line: recommended.firstLine,
      message: `printed recommended command with ${flag}${v ? `=${v}` : ''}, computed nothing (the last adopted winner, ${last.label}, ran without it)`,
    });
}

function auditModel(page: PerformanceLabPage, findings: AuditFinding[]) {
  const model = page.model;
  const served = page.recommended ? commandModel(page.recommended.text) : undefined;
  if (!model || !served) return;
  const base = (id: string) => id.split('/').pop()?.toLowerCase().replace(/-fp8$/, '') ?? '';
  if (base(served) !== base(model.value))
    findings.push({
      line: model.line,
      message: `printed model ${model.value}, computed ${served} (the model the recommended command serves)`,
    });
}

const normalizeBlock = (text: string) => text.replace(/\s+$/gm, '').trim();

/**
 * Every claim of `page` against its own blocks. `knownBlocks` maps the normalized text of raw
 * files already in the repository to their path, to name blocks copied from another guide.
 */
export function auditPage(
  page: PerformanceLabPage,
  file: string,
  knownBlocks: ReadonlyMap<string, string> = new Map(),
): AuditFinding[] {
  const findings: AuditFinding[] = [];
  const latency = /latency/i.test(page.title.value) || /latency/i.test(page.objective?.value ?? '');
  const allRuns: Run[] = [];
  // The adopted chain: a step's best is adopted when it beats the configuration adopted so far.
  const better = (a: Run, b: Run) =>
    latency
      ? (meanLatencySeconds(a) ?? Infinity) < (meanLatencySeconds(b) ?? Infinity)
      : (value(a, TPS) ?? 0) > (value(b, TPS) ?? 0);
  let adopted: Measured | undefined;
  for (const step of page.steps) {
    const measured = measuredVariants(step, file);
    allRuns.push(...measured.map((m) => m.run));
    auditRanking(step, measured, findings);
    if (latency) auditLatencySummary(step, measured, findings);
    else auditThroughputSummary(step, measured, findings);
    // A run with failed requests is never adopted (the generator prints "optimization skipped").
    const candidates = measured.filter(
      (m) => fullySuccessful(m.run) && (!latency || meanLatencySeconds(m.run) !== undefined),
    );
    const best = candidates.reduce<Measured | undefined>(
      (top, m) => (!top || better(m.run, top.run) ? m : top),
      undefined,
    );
    if (best && (!adopted || better(best.run, adopted.run))) adopted = best;
  }
  for (const c of page.otherCases)
    for (const v of [c.baseline, c.optimized]) if (v.result) allRuns.push(...blockRuns(v.result, file));
  auditConclusion(page, allRuns, file, findings);
  if (adopted) auditRecommended(page, adopted, findings);
  auditModel(page, findings);
  const blocks = [
    ...page.steps.flatMap((s) => s.variants.flatMap((v) => (v.result ? [v.result] : []))),
    ...page.otherCases.flatMap((c) => [c.baseline.result, c.optimized.result].flatMap((r) => (r ? [r] : []))),
  ];
  for (const block of blocks) {
    const copy = knownBlocks.get(normalizeBlock(block.text));
    if (copy)
      findings.push({
        line: block.line,
        message: `this block is identical to ${copy} (results copied from another guide?)`,
      });
  }
  return findings.sort((a, b) => a.line - b.line);
}

export { normalizeBlock };
