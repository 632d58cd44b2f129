// What a step says about its runs: the ranking line (`Result: A (x tok/s) > B (y tok/s)`,
// `Mean latency per request: A (1.61 s) < B (1.68 s)`), the improvement line (`improved from x
// tok/s to y tok/s`) and the generator's `- Summary:` (winner against the step's worst run).
import type { PageStep } from '../page-model.ts';
import type { ChainLink } from './chain.ts';
import {
  bestOf,
  describeRun,
  meanLatencySeconds,
  printedTps,
  tpotOf,
  tpsOf,
  usable,
  value,
  worstOf,
  type AuditContext,
  type Measured,
} from './measure.ts';
import { checkClaim, decimalsOf, fixed, sameName, type AuditFinding } from './numbers.ts';

type Entry = { name: string; value?: string; unit?: string; before?: string };

/** `A (1.0 tok/s) > B(2.0 tok/s) = C (Not supported)`: names, values and the sign before each. */
function rankingEntries(text: string): Entry[] {
  // Split at the signs after each `(value)` first (a name may hold `=`): each piece is then read
  // once, from its start, so any line takes linear time.
  const pieces = text.split(/(?<=\))\s*([<>=])/);
  const entries: Entry[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const m = /^\s*([^()]*)\(([^()]*)\)/.exec(pieces[i] ?? '');
    if (!m) continue;
    const inner = /^\s*([\d.]+)\s*(tok\/s|s)\s*$/.exec(m[2] ?? '');
    const before = i > 0 ? pieces[i - 1] : undefined;
    entries.push({
      name: (m[1] ?? '').trim(),
      ...(inner?.[1] && inner[2] ? { value: inner[1], unit: inner[2] } : {}),
      ...(before ? { before } : {}),
    });
  }
  return entries;
}

const shownOf = (m: Measured, latency: boolean) => (latency ? meanLatencySeconds(m.run) : tpsOf(m.run));

function auditRanking(step: PageStep, runs: readonly Measured[], ctx: AuditContext, findings: AuditFinding[]) {
  if (!step.ranking) return;
  const line = step.ranking.line;
  const resolved: (Measured | undefined)[] = [];
  const entries = rankingEntries(step.ranking.value);
  for (const entry of entries) {
    if (entry.value === undefined || entry.unit === undefined) {
      resolved.push(undefined);
      continue;
    }
    const latency = entry.unit === 's';
    const printed = entry.value;
    let run = runs.find((m) => sameName(m.label, entry.name));
    if (!run) {
      // A misspelt name ("MineIE") still points at the run whose block prints its value.
      run = runs.find((m) => {
        const shown = shownOf(m, latency);
        return shown !== undefined && fixed(shown, decimalsOf(printed)) === printed;
      });
      findings.push({
        line,
        message: run
          ? `printed name ${entry.name}, computed ${run.label} (the run whose block prints ${printed} ${entry.unit})`
          : `printed ${entry.name} (${printed} ${entry.unit}), computed nothing (no variant "${entry.name}" with a result block in this step)`,
      });
    }
    resolved.push(run);
    const shown = run && shownOf(run, latency);
    if (!run || shown === undefined) continue;
    checkClaim(findings, {
      line,
      what: run.label,
      printed,
      computed: shown,
      unit: ` ${entry.unit}`,
      why: latency ? 'mean latency from its block' : "its block's Total Token throughput",
      shownDecimals: latency ? 2 : decimalsOf(printedTps(run.run) ?? printed),
    });
  }
  // Each sign between two measured runs must hold: `>` higher throughput, `<` lower latency.
  entries.forEach((entry, i) => {
    const a = resolved[i - 1];
    const b = resolved[i];
    if (!entry.before || !a || !b || a.score === undefined || b.score === undefined) return;
    const sign = a.score === b.score ? '=' : a.score > b.score ? '>' : '<';
    if (sign !== entry.before)
      findings.push({
        line,
        message: `printed ${a.label} ${entry.before} ${b.label}, computed ${a.label} ${sign} ${b.label} (${describeRun(a, ctx.latency)} against ${describeRun(b, ctx.latency)})`,
      });
  });
}

/** `improved from 4986.20 tok/s to 5046.28 tok/s`, `achieving 26.8% higher … per GPU`. */
function auditImprovement(step: PageStep, link: ChainLink, findings: AuditFinding[]) {
  const text = step.ranking?.value ?? '';
  const line = step.ranking?.line ?? 0;
  const fromTo = /from\s+([\d.]+)\s*tok\/s\s+to\s+([\d.]+)\s*tok\/s/i.exec(text);
  const { from, best } = link;
  if (!fromTo?.[1] || !fromTo[2] || !from || !best) return;
  const rawOf = (m: Measured) => tpsOf(m.run) ?? 0;
  const shown = (m: Measured) => decimalsOf(printedTps(m.run) ?? '');
  const check = (what: string, printed: string, m: Measured, why: string) =>
    checkClaim(findings, { line, what, printed, computed: rawOf(m), unit: ' tok/s', why, shownDecimals: shown(m) });
  check('starting throughput', fromTo[1], from, `${from.label}, the configuration the step started from`);
  check('improved throughput', fromTo[2], best, `${best.label}, the step's best run`);
  const percent = /(?<![\d.])([\d.]+)%\s+higher/i.exec(text)?.[1];
  if (percent && from.score && best.score)
    checkClaim(findings, {
      line,
      what: 'gain',
      printed: percent,
      computed: (best.score / from.score - 1) * 100,
      unit: '%',
      why: `${describeRun(best, false)} against ${describeRun(from, false)}`,
    });
}

type Clause = { name: string; winner: number; reference: number };

/** `TTFT = a ms vs b ms, reduced by d ms (Nx faster)` and `Mean TPOT = a ms vs b ms, increased by d ms (p% slower)`. */
function auditSecondary(line: number, text: string, clause: Clause, findings: AuditFinding[]) {
  const pattern = new RegExp(
    `${clause.name} = ([\\d.]+) ms vs ([\\d.]+) ms, (reduced|increased) by ([\\d.]+) ms \\(([\\d.]+)(x|%)(?: (faster|slower))?\\)`,
  );
  const m = pattern.exec(text);
  if (!m?.[1] || !m[2] || !m[3] || !m[4] || !m[5]) return;
  const { winner: w, reference: r } = clause;
  const word = w < r ? 'reduced' : w > r ? 'increased' : 'unchanged';
  if (m[3] !== word)
    findings.push({
      line,
      message: `printed ${clause.name} ${m[3]}, computed ${word} (${fixed(w)} ms against ${fixed(r)} ms)`,
    });
  const check = (what: string, printed: string, computed: number, unit: string, why: string) =>
    checkClaim(findings, { line, what, printed, computed, unit, why });
  check(`winner ${clause.name}`, m[1], w, ' ms', "the winner's block");
  check(`reference ${clause.name}`, m[2], r, ' ms', "the reference's block");
  check(`${clause.name} change`, m[4], Math.abs(w - r), ' ms', 'difference of the two');
  if (m[6] === 'x') check(`${clause.name} ratio`, m[5], Math.max(w, r) / Math.min(w, r), 'x', 'larger / smaller');
  else check(`${clause.name} change`, m[5], (Math.abs(w - r) / r) * 100, '%', "relative to the reference's value");
}

/**
 * The winner of a summary and the run it is compared with (the step's worst complete run). Of runs
 * that tie at the printed precision, the one the page names wins (it ranked unrounded values).
 */
function summaryPair(runs: readonly Measured[], printedWinner: string, latency: boolean) {
  const complete = runs.filter(usable);
  const best = bestOf(complete, latency);
  const named = complete.find((r) => sameName(r.label, printedWinner));
  const winner = named && best && named.score === best.score ? named : best;
  const loser = worstOf(
    complete.filter((r) => r !== winner),
    latency,
  );
  return winner && loser ? { winner, loser } : undefined;
}

/** `- Summary:` of a throughput step: winner against the worst run (the generator's rule). */
function auditThroughputSummary(step: PageStep, runs: readonly Measured[], findings: AuditFinding[]) {
  const summary = step.summary;
  const m =
    /`([^`]+)` Total TPS = ([\d.]+), `([^`]+)` Total TPS = ([\d.]+)\. `[^`]+` is faster by ([\d.]+) tok\/s \(([\d.]+)%\)/.exec(
      summary?.value ?? '',
    );
  const pair = m?.[1] ? summaryPair(runs, m[1], false) : undefined;
  if (!summary || !m || !pair) return;
  const { winner, loser } = pair;
  const line = summary.line;
  const w = tpsOf(winner.run) ?? 0;
  const l = tpsOf(loser.run) ?? 0;
  if (!sameName(m[1] ?? '', winner.label))
    findings.push({
      line,
      message: `printed winner ${m[1]}, computed ${winner.label} (highest Total Token throughput)`,
    });
  const check = (what: string, printed: string | undefined, computed: number, unit: string, why: string) =>
    printed !== undefined && checkClaim(findings, { line, what, printed, computed, unit, why });
  check('winner Total TPS', m[2], w, ' tok/s', `${winner.label}'s block`);
  check('reference Total TPS', m[4], l, ' tok/s', `${loser.label}'s block, the step's worst`);
  check('gap', m[5], w - l, ' tok/s', 'winner − worst');
  check('gain', m[6], ((w - l) / l) * 100, '%', '(winner − worst) / worst');
  const wt = tpotOf(winner.run);
  const lt = tpotOf(loser.run);
  if (wt !== undefined && lt !== undefined)
    auditSecondary(line, summary.value, { name: 'Mean TPOT', winner: wt, reference: lt }, findings);
}

/** `- Summary:` of a latency step: lowest mean latency among complete runs; ratio slowest / fastest. */
function auditLatencySummary(step: PageStep, runs: readonly Measured[], findings: AuditFinding[]) {
  const summary = step.summary;
  const m =
    /`([^`]+)` Mean Latency = ([\d.]+)s, `([^`]+)` Mean Latency = ([\d.]+)s\. `[^`]+` is faster by ([\d.]+)s \(([\d.]+)x faster\)/.exec(
      summary?.value ?? '',
    );
  const pair = m?.[1] ? summaryPair(runs, m[1], true) : undefined;
  if (!summary || !m || !pair) return;
  const { winner: fast, loser: slow } = pair;
  const line = summary.line;
  const f = fast.score ?? 0;
  const s = slow.score ?? 0;
  if (!sameName(m[1] ?? '', fast.label))
    findings.push({ line, message: `printed winner ${m[1]}, computed ${fast.label} (lowest mean latency)` });
  const check = (what: string, printed: string | undefined, computed: number, unit: string, why: string) =>
    printed !== undefined && checkClaim(findings, { line, what, printed, computed, unit, why });
  check('winner latency', m[2], f, 's', `${fast.label}'s block`);
  check('reference latency', m[4], s, 's', `${slow.label}'s block, the step's slowest`);
  check('gap', m[5], s - f, 's', 'slowest − fastest');
  check('ratio', m[6], s / f, 'x', 'slowest / fastest');
  for (const [name, of] of [
    ['TTFT', (m: Measured) => value(m.run, 'ttft.mean')],
    ['TPOT', (m: Measured) => tpotOf(m.run)],
  ] as const) {
    const winner = of(fast);
    const reference = of(slow);
    if (winner !== undefined && reference !== undefined)
      auditSecondary(line, summary.value, { name, winner, reference }, findings);
  }
}

/** Every claim a step makes about its own runs. */
export function auditStep(step: PageStep, link: ChainLink, ctx: AuditContext, findings: AuditFinding[]): void {
  auditRanking(step, link.runs, ctx, findings);
  auditImprovement(step, link, findings);
  if (ctx.latency) auditLatencySummary(step, link.runs, findings);
  else auditThroughputSummary(step, link.runs, findings);
}
