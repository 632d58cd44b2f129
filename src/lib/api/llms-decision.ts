import type { ComputedGuide, Verdict, Yield } from '../schema/computed.ts';
import { formatFixed, formatPercent, formatSignedPercent } from '../format/number.ts';
import { headlineMeasured } from './guide-api.ts';

/**
 * What a reader decides from (the computed guide's `decision`), as plain English lines for
 * llms-full.txt: the recommended configuration's yield per GPU and per user, its cost at the
 * stated price, when and with which engines it was measured, how its gain reads against the
 * noise band, and every workload where another measured configuration beats it. Numbers are the
 * guide JSON's, rounded to the guide's decimals.
 */
export function decisionLines(guide: ComputedGuide, plain: (text: string) => string): string[] {
  const { decision } = guide;
  const d = guide.percentDecimals;
  const lines: string[] = [];
  const headline = headlineMeasured(guide);
  const y = decision.workloads.flatMap((w) => w.points).find((p) => p.runId === headline.runId)?.yield;
  if (y) {
    lines.push(`Per GPU (${y.gpus === 1 ? '1 GPU' : `${y.gpus} GPUs`}): ${yieldText(y, d)}.`);
    // GPUStack's block prints guidellm's interval means (schema/metric.ts): the yield is not them.
    if (y.total.derived)
      lines.push(
        "These throughputs are the run's tokens over its benchmark duration, computed from its totals; the rates its block prints are another figure (guidellm's interval means).",
      );
    if (y.cost && decision.price)
      lines.push(
        `Cost at $${formatFixed(decision.price.usdPerGpuHour, 2)} per GPU-hour: $${formatFixed(y.cost.total, 2)} per million tokens, input and output${y.cost.output !== undefined ? `; $${formatFixed(y.cost.output, 2)} per million output tokens` : ''}. Price stated ${decision.price.date}: ${plain(decision.price.basis.en)}.`,
      );
  }
  const engines = decision.freshness.engines.map((e) => `${e.name}${e.version ? ` ${e.version}` : ''}`).join(', ');
  const { date, dateFrom } = decision.freshness;
  const when =
    date === undefined
      ? 'no measuring date given'
      : dateFrom === 'no-later-than'
        ? `no later than ${date}`
        : dateFrom === 'record'
          ? `on ${date} (recorded)`
          : `on ${date}`;
  lines.push(`Measured with ${engines || 'engines not named'}, ${when}.`);
  lines.push(
    `Noise band: ${formatPercent(decision.noise.band, d)}, ${bandSource(decision.noise.source)}; a change measured once on each side and inside it is not read as a change.`,
  );
  const first = guide.comparison[0];
  const noise = first ? decision.noise.cases.find((c) => c.case === first.id) : undefined;
  if (first && noise)
    lines.push(
      `The headline change for ${plain(first.label.en)}, ${formatSignedPercent(first.percent, d)} (${runsText(noise.runs.optimized)} against ${runsText(noise.runs.baseline)}): ${verdictText(noise.verdict)}.`,
    );
  for (const w of decision.workloads) {
    const best = w.points[w.best];
    if (!w.loss || !best) continue;
    lines.push(
      `For ${plain(w.label.en)} the ${best.role === 'baseline' ? 'baseline' : plain(best.label.en)} was measured better: the recommendation measured ${formatSignedPercent(w.loss.percent, d)} against it, ${verdictText(w.loss.verdict)}.`,
    );
  }
  return lines;
}

function yieldText(y: Yield, d: number): string {
  const parts = [`${formatFixed(y.totalPerGpu, d)} tok/s total`];
  if (y.outputPerGpu !== undefined) parts.push(`${formatFixed(y.outputPerGpu, d)} tok/s output`);
  const perUser = y.perUser !== undefined ? `; ${formatFixed(y.perUser, d)} tok/s per user` : '';
  return `${parts.join(', ')}${perUser}`;
}

const runsText = (n: number) => (n === 1 ? 'one run' : `${n} runs`);

function verdictText(verdict: Verdict): string {
  return verdict === 'within-noise'
    ? 'within the noise band'
    : `a ${verdict === 'gain' ? 'gain' : 'loss'} beyond the noise band`;
}

function bandSource(source: 'repeats' | 'default' | 'none'): string {
  return source === 'repeats'
    ? 'the spread this guide measured between two runs of one configuration'
    : source === 'default'
      ? "perflab's stated default"
      : 'none stated';
}
