// On a phone each row of a guide's tables is a card, each value under its column's name (issue 22).
// The names are given once per table (column-labels.ts), not on every cell: at 390 px every value
// cell of every table of a guide page shows exactly its column's header, in both languages; at
// 1440 px the tables are tables again and no cell shows a name.
import { describe, expect, it } from 'vitest';
import { openAt, previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

/** For each value cell of each table: its column's header and what the cell shows before its value. */
const labels = () =>
  [...document.querySelectorAll<HTMLTableElement>('main table.step-results, main table.table-cards')].flatMap(
    (table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const baselineRow = table.querySelector('tr.summary-baseline') !== null;
      return [...table.querySelectorAll<HTMLTableRowElement>('tbody tr')].flatMap((tr) =>
        [...tr.cells]
          .filter((cell) => cell.tagName === 'TD')
          .map((td) => {
            const shown = getComputedStyle(td, '::before').content;
            return {
              table: table.className,
              header: baselineRow ? 'none' : `"${headers[td.cellIndex] ?? ''}"`,
              shown,
            };
          }),
      );
    },
  );

describe('table cards name their columns', () => {
  for (const path of [
    '/en/guides/glm-5.2/h200/',
    '/zh/guides/deepseek-v3.2/h200/',
    '/zh/guides/qwen3-8b/h100-latency/',
  ])
    it(`390 px ${path}: every value under its column's header`, async () => {
      const page = await openAt(site, path, 390);
      try {
        const cells = await page.evaluate(labels);
        expect(cells.length).toBeGreaterThan(30);
        for (const cell of cells) expect(cell.shown, cell.table).toBe(cell.header);
      } finally {
        await page.context().close();
      }
    });

  it('1440 px: a table, no cell names its column', async () => {
    const page = await openAt(site, '/zh/guides/deepseek-v3.2/h200/', 1440);
    try {
      const cells = await page.evaluate(labels);
      expect(cells.length).toBeGreaterThan(30);
      expect(new Set(cells.map((c) => c.shown))).toEqual(new Set(['none']));
    } finally {
      await page.context().close();
    }
  });
});
