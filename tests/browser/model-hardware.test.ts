// Issue 36, across hardware, in Chromium at 390 and 1440 px, en and zh: a model's page ranks the
// machines it was measured on, per workload, by total tok/s per GPU and by cost at the stated
// price; each figure is held against data/guides (the guide's decision points) and names the raw
// line it came from. Reached from the index and from every guide page of the model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();
const guide = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'data/guides', `${id}.json`), 'utf8')) as ComputedGuide;

/** A guide's highest total tok/s per GPU on its ShareGPT workload, from data/guides, and its cost. */
function bestOnShareGpt(id: string) {
  const workload = guide(id).decision.workloads.find((w) => w.label.en === 'ShareGPT')!;
  const best = workload.points
    .flatMap((p) => (p.yield ? [p.yield] : []))
    .reduce((a, b) => (b.totalPerGpu > a.totalPerGpu ? b : a));
  return {
    perGpu: best.totalPerGpu.toFixed(2),
    cost: `$${best.cost!.total.toFixed(best.cost!.total < 1 ? 4 : 2)}`,
    printed: best.total.printed,
  };
}

describe.each([390, 1440] as const)('a model across hardware at %i px', (width) => {
  it.each(['en', 'zh'] as const)(
    '%s: GPT-OSS-120B on ShareGPT, H100 first per GPU, A100 first by cost',
    async (lang) => {
      const page = await openAt(site, `/${lang}/models/gpt-oss-120b/`, width);
      try {
        const rows = await page.locator('table[data-workload="workload-sharegpt"] tbody tr').evaluateAll((trs) =>
          trs.map((tr) => ({
            guide: tr.getAttribute('data-guide'),
            rank: tr.querySelector('td')?.textContent?.trim(),
            total: tr.querySelector('[data-figure="total"]')?.textContent?.trim(),
            cost: tr.querySelector('[data-figure="cost"]')?.textContent?.trim(),
            costRank: tr.querySelector('[data-figure="cost-rank"]')?.textContent?.trim(),
            source: tr.querySelector('[data-figure="total"] code')?.textContent?.trim(),
          })),
        );
        expect(rows.map((r) => [r.guide, r.rank, r.costRank])).toEqual([
          ['gpt-oss-120b/h100', '1', '2'],
          ['gpt-oss-120b/a100', '2', '1'],
        ]);
        for (const row of rows) {
          const expected = bestOnShareGpt(row.guide!);
          expect(row.total).toContain(`${expected.perGpu} tok/s`);
          expect(row.total).toContain(expected.printed);
          expect(row.cost?.startsWith(expected.cost)).toBe(true);
          // the unit and the price the cost is at
          expect(row.cost).toContain(lang === 'en' ? 'per GPU-hour' : '每 GPU 小时');
          // the raw line holds the printed figure
          const [file, line] = row.source!.split(':');
          expect(readFileSync(join(repoRoot, file!), 'utf8').split('\n')[Number(line) - 1]).toContain(expected.printed);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `test-results/model-gpt-oss-120b-${lang}-${width}.png`, fullPage: false });
      } finally {
        await page.close();
      }
    },
  );

  it('the index and each guide page of a model link to its page', async () => {
    const index = await openAt(site, '/en/', width);
    try {
      expect(await index.locator('a.model-link[href="/en/models/glm-5.2/"]').count()).toBe(1);
    } finally {
      await index.close();
    }
    const guidePage = await openAt(site, '/zh/guides/glm-5.2/h200/', width);
    try {
      const link = guidePage.locator('p.language-link a[href="/zh/models/glm-5.2/"]');
      expect(await link.textContent()).toBe('GLM-5.2 跨硬件排名');
      await link.click();
      await guidePage.waitForURL(/\/zh\/models\/glm-5\.2\/$/);
      // measured on one machine: the page says so, and shows its figures
      expect(await guidePage.locator('main').innerText()).toContain('目前只在一种硬件上测试过');
      const first = guide('glm-5.2/h200').decision.workloads[0]!;
      const best = Math.max(...first.points.map((p) => p.yield?.totalPerGpu ?? 0));
      expect(await guidePage.locator('table.model-hardware [data-figure="total"]').first().textContent()).toContain(
        best.toFixed(2),
      );
    } finally {
      await guidePage.close();
    }
  });
});
