// The "Data and API" page (issue 37) in a real browser, en and zh, on a phone and at a desk: it
// fits the screen (a long example scrolls inside its box), every file it names is a link that the
// site serves, and each example is the built file's own content: the index entry and the report
// equal the served files' JSON, the guide example matches the served guide where it is not cut.
import { describe, expect, it } from 'vitest';
import { previewAndBrowser, reusedPage } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();

describe('the Data and API page', () => {
  for (const lang of ['en', 'zh'] as const)
    for (const width of [390, 1440] as const)
      it(`${lang} at ${width} px`, { timeout: 60_000 }, async () => {
        const phone = width < 800;
        const page = await reusedPage(site, `/${lang}/data-api/`, {
          viewport: { width, height: 844 },
          isMobile: phone,
          hasTouch: phone,
        });
        const state = await page.evaluate(() => ({
          overflow: document.documentElement.scrollWidth - innerWidth,
          links: [
            ...document.querySelectorAll<HTMLAnchorElement>('main .data-api-files a, main .data-api-example h3 a'),
          ].map((a) => a.getAttribute('href')!),
          examples: Object.fromEntries(
            [...document.querySelectorAll<HTMLElement>('main .data-api-example')].map((section) => [
              section.dataset['example']!,
              {
                href: section.querySelector('h3 a')!.getAttribute('href')!,
                text: section.querySelector('pre')!.textContent!,
              },
            ]),
          ),
        }));
        expect(state.overflow).toBeLessThanOrEqual(0);
        expect(Object.keys(state.examples)).toEqual(['index', 'guide', 'report', 'llms']);
        for (const href of state.links) {
          const response = await page.request.get(`${site.preview.url}${href}`);
          expect(response.status(), href).toBe(200);
        }
        const served = async (href: string) => (await page.request.get(`${site.preview.url}${href}`)).text();
        const index = JSON.parse(await served(state.examples['index']!.href)) as { guides: { id: string }[] };
        expect(JSON.parse(state.examples['index']!.text)).toEqual(index.guides.find((g) => g.id === 'glm-5.2/h200'));
        expect(JSON.parse(state.examples['report']!.text)).toEqual(
          JSON.parse(await served(state.examples['report']!.href)),
        );
        const guide = JSON.parse(await served(state.examples['guide']!.href)) as Record<string, unknown>;
        const shown = JSON.parse(state.examples['guide']!.text) as Record<string, unknown>;
        for (const key of [
          '$schema',
          'schemaVersion',
          'recommendation',
          'headline',
          'baseline',
          'engines',
          'freshness',
          'noise',
          'price',
        ])
          expect(shown[key], key).toEqual(guide[key]);
        expect(
          (await served(state.examples['llms']!.href)).startsWith(
            state.examples['llms']!.text.split('\n').slice(0, 5).join('\n'),
          ),
        ).toBe(true);
      });
});
