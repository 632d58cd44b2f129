// Issue 36, in Chromium at 390 and 1440 px, en and zh, on every guide page: before the page's first
// table the reader finds what the recommendation yields per GPU, what that costs at the stated
// price, where another measured configuration beats it (or that none did), how many runs stand
// behind it against the noise band, the engine versions and the measuring date, and the
// benchmark's tool, dataset and concurrency, each value the one data/guides/<guide>.json holds.
// The detail is one tap away: on GLM-5.2 / H200 a tap opens the price's basis and date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { headlineMeasured } from '../../src/lib/api/guide-api.ts';
import { formatFixed, formatPercent, formatSignedPercent } from '../../src/lib/format/number.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { committedGuideIds, repoRoot } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();
const guides = committedGuideIds();
const load = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, `data/guides/${id}.json`), 'utf8')) as ComputedGuide;

type Shown = { facts: Record<string, string>; beforeFirstTable: boolean; right: number; width: number };

/** The decision's facts by id, whether the section comes before the page's first table, and its right edge. */
async function shown(path: string, width: number): Promise<Shown> {
  const phone = width < 800;
  const page = await reusedPage(site, path, {
    viewport: { width, height: 844 },
    isMobile: phone,
    hasTouch: phone,
  });
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
function expected(guide: ComputedGuide, lang: 'en' | 'zh'): [string, string | RegExp][] {
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

describe.each([390, 1440] as const)('at %i px', (width) => {
  it.each(guides)('%s: the decision, en and zh, before the first table, with the computed values', async (id) => {
    const guide = load(id);
    for (const lang of ['en', 'zh'] as const) {
      const page = await shown(`/${lang}/guides/${id}/`, width);
      expect(page.beforeFirstTable, `${lang}/${id}`).toBe(true);
      expect(page.right, `${lang}/${id}: the decision fits the screen`).toBeLessThanOrEqual(page.width + 1);
      expect(Object.keys(page.facts), `${lang}/${id}`).toEqual(
        expect.arrayContaining(['workloads', 'noise', 'measured', 'benchmark']),
      );
      for (const [fact, value] of expected(guide, lang)) {
        const text = page.facts[fact] ?? '';
        if (typeof value === 'string') expect(text, `${lang}/${id} ${fact}`).toContain(value);
        else expect(text, `${lang}/${id} ${fact}`).toMatch(value);
      }
    }
  });

  it('GLM-5.2 / H200: ShareGPT’s loss in words, and the price’s basis a tap away', async () => {
    const en = await shown('/en/guides/glm-5.2/h200/', width);
    expect(en.facts['workloads']).toBe(
      'On ShareGPT the baseline (vLLM) is better: Total TPS -52.90% for the recommendation, beyond noise. 1 more within noise.',
    );
    const zh = await shown('/zh/guides/glm-5.2/h200/', width);
    expect(zh.facts['cost']).toBe('按每 GPU 小时 $2.50 计，每百万 token（输入加输出）$0.32，每百万输出 token $2.93');
    const phone = width < 800;
    const page = await reusedPage(site, '/en/guides/glm-5.2/h200/', {
      viewport: { width, height: 844 },
      isMobile: phone,
      hasTouch: phone,
    });
    const price = page.locator('.decision details [data-group="cost"] li').first();
    expect(await price.isVisible()).toBe(false);
    const summary = page.locator('.decision details > summary');
    if (phone) await summary.tap();
    else await summary.click();
    expect(await price.isVisible()).toBe(true);
    expect(await price.textContent()).toMatch(/^\$2\.50 per GPU-hour for NVIDIA H200, stated 2026-12-07: /);
  });
});
