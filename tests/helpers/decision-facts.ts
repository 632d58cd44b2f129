// The decision section of a guide page (issue 36) as Chromium shows it, and what each of its facts
// must say, from the computed guide. every-guide-page.test reads it on every guide page during its
// walk, which loads each page once per width; decision.test reads it on GLM-5.2 / H200's.
import type { Page } from 'playwright-core';
import { headlineMeasured } from '../../src/lib/api/guide-api.ts';
import { formatFixed, formatPercent, formatSignedPercent } from '../../src/lib/format/number.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';

export type DecisionShown = { facts: Record<string, string>; beforeFirstTable: boolean; right: number; width: number };

/** The decision's facts by id, whether the section comes before the page's first table, and its right edge. */
export function decisionShown(page: Page): Promise<DecisionShown> {
  return page.evaluate(() => {
    const section = document.querySelector('main section.decision');
    const table = document.querySelector('main table');
    const facts = Object.fromEntries(
      [...document.querySelectorAll('main .decision dd[data-fact]')].map((f) => [
        f.getAttribute('data-fact') ?? '',
        f.textContent ?? '',
      ]),
    );
    return {
      facts,
      beforeFirstTable:
        section !== null &&
        (table === null || (section.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0),
      right: section?.getBoundingClientRect().right ?? Infinity,
      width: document.documentElement.clientWidth,
    };
  });
}

/** What each fact must show, from the computed guide: [fact, expected substring]. */
export function expectedFacts(guide: ComputedGuide, lang: 'en' | 'zh'): [string, string | RegExp][] {
  const { decision } = guide;
  const d = guide.percentDecimals;
  const runId = headlineMeasured(guide).runId;
  const home = decision.workloads.find((w) => w.points.some((p) => p.runId === runId))!;
  const point = home.points.find((p) => p.runId === runId)!;
  const out: [string, string | RegExp][] = [];
  const y = point.yield;
  if (y) {
    out.push(['yield', `${formatFixed(y.totalPerGpu, 2)} tok/s`]);
    if (y.outputPerGpu !== undefined) out.push(['yield', `${formatFixed(y.outputPerGpu, 2)} tok/s`]);
    if (y.cost && decision.price) {
      out.push(['cost', `$${formatFixed(y.cost.total, 2)}`]);
      if (y.cost.output !== undefined) out.push(['cost', `$${formatFixed(y.cost.output, 2)}`]);
      out.push(['cost', `$${formatFixed(decision.price.usdPerGpuHour, 2)}`]);
    }
  }
  const measured = decision.workloads.filter((w) => w.recommended !== undefined);
  const losses = measured.filter((w) => w.loss && w.loss.verdict !== 'within-noise');
  for (const w of losses) {
    out.push(['workloads', w.label[lang]]);
    out.push(['workloads', formatSignedPercent(w.loss!.percent, d)]);
  }
  if (losses.length === 0)
    out.push(['workloads', lang === 'en' ? /^Nothing better was measured/ : /没有测得更好的配置/]);
  out.push(['noise', formatPercent(decision.noise.band, d)]);
  const first = guide.comparison[0];
  const runs = first ? decision.noise.cases.find((c) => c.case === first.id)?.runs.optimized : undefined;
  if (runs !== undefined)
    out.push(['noise', lang === 'en' ? (runs === 1 ? 'one run' : `${runs} runs`) : `${runs} 次测试`]);
  for (const e of decision.freshness.engines) out.push(['measured', e.version ? `${e.name} ${e.version}` : e.name]);
  if (decision.freshness.date) out.push(['measured', decision.freshness.date]);
  const r = home.reproduce;
  out.push(['benchmark', r.tool]);
  if (r.dataset) out.push(['benchmark', String(r.dataset.value)]);
  const concurrency = r.maxConcurrency ?? r.peakConcurrency;
  if (concurrency) out.push(['benchmark', String(concurrency.value)]);
  return out;
}
