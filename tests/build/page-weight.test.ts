// A guide page < 150 KB of HTML + CSS (issue 12's budget, issue 22): every built guide page, both
// languages, weighed as the bench weighs one (its HTML and the stylesheets it links).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePageWeights } from '../../src/bench/page-weight.ts';
import { committedGuideIds } from '../helpers/guide-from-disk.ts';

const BUDGET = 150_000;
/**
 * Pages still over the budget, each with the weight it may not pass: whatever is added to them
 * must be paid for (their raw evidence, which is shown verbatim, is most of their weight).
 * Remove an entry once its page is under the budget; the test says so.
 */
const OVER_BUDGET: Record<string, number> = {
  // 2026-12-05: 150,540 and 150,131 bytes (167,676 and 167,065 before issue 22's cuts; its
  // guide.yaml is still being completed from the published page)
  'zh/guides/deepseek-v3.2/h200/': 151_000,
  'en/guides/deepseek-v3.2/h200/': 150_600,
};

describe('guide page weight', () => {
  const pages = guidePageWeights(join(import.meta.dirname, '../../dist'));

  it('weighs every guide page of the site, en and zh', () => {
    expect(pages.map((p) => p.page).sort()).toEqual(
      committedGuideIds()
        .flatMap((id) => [`en/guides/${id}/`, `zh/guides/${id}/`])
        .sort(),
    );
  });

  it(`every guide page is under ${BUDGET} bytes of HTML + CSS`, () => {
    const over = pages
      .filter((p) => p.htmlCssBytes >= (OVER_BUDGET[p.page] ?? BUDGET))
      .map((p) => `${p.page}: ${p.htmlBytes} HTML + ${p.cssBytes} CSS = ${p.htmlCssBytes} bytes`);
    expect(over).toEqual([]);
    const nowUnder = Object.keys(OVER_BUDGET).filter((page) =>
      pages.some((p) => p.page === page && p.htmlCssBytes < BUDGET),
    );
    expect(nowUnder, 'under the budget now: remove them from OVER_BUDGET').toEqual([]);
  });
});
