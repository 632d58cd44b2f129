// A guide page < 150 KB of HTML + CSS (issue 12's budget, issue 22): every built guide page, both
// languages, weighed as the bench weighs one (its HTML and the stylesheets it links).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidePageWeights } from '../../src/bench/page-weight.ts';
import { committedGuideIds } from '../helpers/guide-from-disk.ts';

const BUDGET = 150_000;

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
      .filter((p) => p.htmlCssBytes >= BUDGET)
      .map((p) => `${p.page}: ${p.htmlBytes} HTML + ${p.cssBytes} CSS = ${p.htmlCssBytes} bytes`);
    expect(over).toEqual([]);
  });
});
