// Every guide page, en and zh, in Chromium: each page loaded once on a 390 × 844 phone (a mobile
// viewport with touch) and once at 1440 px, and looked at there by every check that covers all the
// guide pages (issue 22). Six walks through the site each loaded every page again (378 page loads,
// most of the browser tests' CPU time); one walk per width loads 84 (issue 23's turnaround). The
// checks that change the page (opening every raw result) come last on each page.
//
// - Fits the screen: the page scrolls no further than the viewport is wide, the phone keeps its
//   390 px layout, and the header's search and menu buttons are on the screen.
// - Commands are shown whole and copied as shown: no command is cut off by its box or needs
//   scrolling inside it (a line too long for the box wraps, indented under its start), and the page
//   draws nothing into a command that is not its text (the `\` continuations are characters of the
//   text), so the copy button copies what the reader sees (tests/build/commands: bash splits it into
//   the measured words; tests/browser/command-box: the copy button).
// - The answer first, on the phone: before any scrolling the generated answer sentence and the first
//   line of the recommended command are in view; the answer's change is coloured.
// - "On this page" lists each step: its one table of contents (beside the page at a desk, the menu
//   bar's on a phone) lists every step's heading under the results, and a sweep's chart under the
//   other cases, and is seen whole beside the page at 1440 px (tests/browser/toc: the mark follows
//   the reader).
// - A number's source is reachable: every number of a guide's tables (the conclusion, each step's,
//   the summary) links to the raw line that printed it, inside a raw result of the same page
//   (tests/browser/number-sources: the tap that opens it).
// - Raw logs a reader can read: at 390 px a raw result shows its labels and their values without a
//   sideways swipe (a block of columns closes up its alignment, and what does not fit wraps), and at
//   1440 px it is as printed; every raw result opened, shown whole inside its box
//   (tests/browser/raw-logs: a label beside its value).
// - The decision before the first table (issue 36): what the recommendation yields per GPU and
//   costs, where another configuration beats it, the runs against the noise band, the engines and
//   date, the benchmark's tool, dataset and concurrency, each the value data/guides/<guide>.json
//   holds, fitting the screen (tests/browser/decision: GLM-5.2's in words, the price a tap away).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { decisionShown, expectedFacts, type DecisionShown } from '../helpers/decision-facts.ts';
import { committedGuideIds, repoRoot } from '../helpers/guide-from-disk.ts';
import { previewAndBrowser } from '../helpers/site-in-browser.ts';

const site = previewAndBrowser();
const guides = committedGuideIds();
const pages = guides.flatMap((id) => (['en', 'zh'] as const).map((lang) => ({ id, lang, key: `${lang}/${id}` })));

const WIDTHS = [390, 1440] as const;
type Width = (typeof WIDTHS)[number];

type Answer = {
  answer: string;
  answerBottom: number | undefined;
  commandLineBottom: number | undefined;
  changed: (string | null)[];
};
type Seen = {
  fit: string[];
  commands: string[];
  raw: string[];
  decision: DecisionShown;
  /** 390 px only. */
  answer?: Answer;
  /** 1440 px only: seen whole beside the page. */
  toc?: string[];
  /** 1440 px only. */
  numbers?: { checked: number; wrong: string[] };
};
const seen = new Map<Width, Map<string, Seen>>();

/** Each command on the page that its box cuts off or scrolls, or into which CSS draws text. */
function commandsNotShownWhole(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main code.command')].flatMap((code) => {
      const pre = code.closest('pre');
      if (!pre || pre.getBoundingClientRect().width === 0) return [];
      const problems: string[] = [];
      if (pre.scrollWidth > pre.clientWidth) problems.push(`scrolls: ${pre.scrollWidth} > ${pre.clientWidth} px`);
      for (const element of [code, ...code.querySelectorAll('*')])
        for (const pseudo of ['::before', '::after'])
          if (!['none', 'normal'].includes(getComputedStyle(element, pseudo).content))
            problems.push(`draws ${getComputedStyle(element, pseudo).content} ${pseudo}`);
      const first = (code.textContent ?? '').split('\n')[0];
      return problems.map((p) => `${code.dataset.command ?? 'command'} "${first}": ${p}`);
    }),
  );
}

async function fits(page: Page, width: Width): Promise<string[]> {
  const fit = await page.evaluate(() => {
    const inView = (selector: string) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box !== undefined && box.width > 0 && box.left >= 0 && box.right <= window.innerWidth;
    };
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      search: inView('site-search button[data-open-modal]'),
      menu: window.innerWidth >= 800 || inView('button.sl-menu-button'),
    };
  });
  return fit.scrollWidth > width || fit.innerWidth !== width || !fit.search || !fit.menu ? [JSON.stringify(fit)] : [];
}

function answerOnFirstScreen(page: Page): Promise<Answer> {
  return page.evaluate(() => {
    const answer = document.querySelector('p.answer');
    const code = document.querySelector('.sl-markdown-content pre code, .sl-markdown-content pre');
    // The command's first line: a range over its first text up to the first line break.
    const text = code ? document.createTreeWalker(code, NodeFilter.SHOW_TEXT).nextNode() : null;
    let firstLine: DOMRect | undefined;
    if (text?.textContent) {
      const range = document.createRange();
      const end = text.textContent.indexOf('\n');
      range.setStart(text, 0);
      range.setEnd(text, end === -1 ? text.textContent.length : end);
      firstLine = range.getBoundingClientRect();
    }
    return {
      answer: answer?.textContent?.replace(/\s+/g, ' ').trim() ?? '',
      answerBottom: answer?.getBoundingClientRect().bottom,
      commandLineBottom: firstLine?.bottom,
      changed: [...(answer?.querySelectorAll('.delta-up, .delta-down') ?? [])].map((e) => e.textContent),
    };
  });
}

function tocListsEveryStep(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const steps = [...document.querySelectorAll('section.step > h3[id]')].map((h) => h.id);
    const problems: string[] = steps.length === 0 ? ['no step'] : [];
    const lists = document.querySelectorAll('.toc:not(.toc .toc)').length;
    if (lists !== 1) problems.push(`${lists} tables of contents`);
    // Beside the page at a desk: open, every link shown.
    const hidden = [...document.querySelectorAll<HTMLElement>('starlight-toc a')].filter((a) => !a.checkVisibility());
    if (hidden.length > 0) problems.push(`${hidden.length} links not shown at 1440 px`);
    const toc = 'starlight-toc';
    const links = [...document.querySelectorAll<HTMLAnchorElement>(`${toc} a`)].map((a) => a.hash.slice(1));
    for (const step of steps) if (!links.includes(step)) problems.push(`${toc} lacks ${step}`);
    for (const link of links) if (!document.getElementById(link)) problems.push(`${toc} links to no ${link}`);
    // A step is listed under the results, one level down.
    const nested = document.querySelector(`${toc} a[href="#results"] + ul a[href="#${steps[0]}"]`);
    if (steps.length > 0 && !nested) problems.push(`${toc}: the steps are not under the results`);
    // A sweep's chart has its heading under Other benchmark cases.
    if (
      document.getElementById('sweep') &&
      !document.querySelector(`${toc} a[href="#other-cases"] + ul a[href="#sweep"]`)
    )
      problems.push(`${toc} lacks the sweep under the other cases`);
    return problems;
  });
}

/** Each number of the page's tables: whether it links to a raw line that prints it. */
async function numbersLinkToTheirLines(page: Page): Promise<{ checked: number; wrong: string[] }> {
  const checked = await page.evaluate(() => {
    const check = (cell: HTMLElement, name: string) => {
      const link = cell.querySelector<HTMLAnchorElement>(':scope > a');
      const target = link ? document.getElementById(decodeURIComponent(link.hash.slice(1))) : null;
      // The value as shown: after its label, before a replica count (x2) or a per-GPU share.
      const value = /[\d.]+/.exec((link?.textContent ?? '').split(/[:：]\s*/).at(-1) ?? '')?.[0] ?? '?';
      // A value computed from several lines (its title says how) is not printed as such.
      const derived = cell.title !== '' || cell.hasAttribute('data-derived') || link?.title;
      const printed = derived || (target?.textContent ?? '').includes(value);
      return {
        source: name,
        ok: link !== null && target !== null && target.closest('details.raw-result') !== null && printed,
      };
    };
    // The conclusion's and the summary's cells; each value of a step's table (not its change column).
    const cells = [...document.querySelectorAll<HTMLElement>('main .measured [data-source]')];
    const values = [...document.querySelectorAll<HTMLElement>('main .step-results td:not(:nth-of-type(2))')].filter(
      (td) => /^\d/.test(td.textContent ?? ''),
    );
    return [
      ...cells.map((cell) => check(cell, cell.dataset.source ?? '')),
      ...values.map((td) =>
        check(td, `${td.closest<HTMLElement>('section.step')?.dataset.step ?? ''}: ${td.textContent}`),
      ),
    ];
  });
  return { checked: checked.length, wrong: checked.filter((c) => !c.ok).map((c) => c.source) };
}

/** Opens every raw result of the page: each one whose text does not fit inside its box. */
function rawResultsNotWhole(page: Page, width: Width): Promise<string[]> {
  return page.evaluate((viewport) => {
    const out: string[] = [];
    for (const details of document.querySelectorAll<HTMLDetailsElement>('details.raw-result')) {
      details.open = true;
      const pre = details.querySelector('pre')!;
      const box = pre.getBoundingClientRect();
      if (pre.scrollWidth > pre.clientWidth || box.right > viewport || box.left < 0)
        out.push(`${details.id}: ${pre.scrollWidth} px in ${pre.clientWidth} px, right edge ${box.right}`);
    }
    return out;
  }, width);
}

/** One tab for the width, from guide page to guide page, every check on each. */
async function walk(width: Width): Promise<void> {
  const phone = width < 800;
  const context = await site.browser.newContext({ viewport: { width, height: 844 }, isMobile: phone, hasTouch: phone });
  const byPage = new Map<string, Seen>();
  try {
    const page = await context.newPage();
    for (const { lang, id, key } of pages) {
      await page.goto(`${site.preview.url}/${lang}/guides/${id}/`);
      const found: Omit<Seen, 'raw'> = {
        fit: await fits(page, width),
        commands: await commandsNotShownWhole(page),
        decision: await decisionShown(page),
      };
      if (phone) found.answer = await answerOnFirstScreen(page);
      else {
        found.toc = await tocListsEveryStep(page);
        found.numbers = await numbersLinkToTheirLines(page);
      }
      byPage.set(key, { ...found, raw: await rawResultsNotWhole(page, width) });
    }
  } finally {
    await context.close();
  }
  seen.set(width, byPage);
}

// Both widths at once, each in a context of its own: one waits on a page while the other draws.
beforeAll(() => Promise.all(WIDTHS.map(walk)).then(() => undefined), 240_000);

/** What the check found on each page at the width, as `<lang>/<guide>: <problem>`. */
function problems(width: Width, of: (seen: Seen) => string[] | undefined): string[] {
  return [...seen.get(width)!].flatMap(([key, found]) => (of(found) ?? ['not checked']).map((p) => `${key}: ${p}`));
}

it('covers every committed guide in both languages', () => {
  expect(guides.length).toBeGreaterThanOrEqual(21);
  expect(pages.length).toBeGreaterThanOrEqual(42);
  for (const width of WIDTHS) expect([...seen.get(width)!.keys()]).toEqual(pages.map((p) => p.key));
});

describe('every guide page fits the screen', () => {
  for (const width of WIDTHS)
    it(`${width} px: no page is wider than the viewport`, () => expect(problems(width, (s) => s.fit)).toEqual([]));
});

describe('commands are shown whole', () => {
  for (const width of WIDTHS)
    it(`${width} px: no command on any guide page is cut off, scrolled or drawn into`, () =>
      expect(problems(width, (s) => s.commands)).toEqual([]));
});

describe('the answer on the first screen of a phone', () => {
  it.each(pages.map(({ lang, id, key }) => [lang, id, key] as const))('%s %s', (_lang, _id, key) => {
    const found = seen.get(390)!.get(key)!.answer!;
    expect(found.answer.length, 'an answer sentence').toBeGreaterThan(20);
    expect(found.answerBottom, 'the answer ends on the first screen').toBeLessThanOrEqual(844);
    expect(found.commandLineBottom, "the command's first line is on the first screen").toBeLessThanOrEqual(844);
    // The change the answer states is coloured (its direction: better or worse).
    expect(found.changed.length).toBeGreaterThanOrEqual(1);
  });
});

describe('the tables of contents list every step', () => {
  it('on every guide page, en and zh, once, beside the page at a desk (and a sweep’s chart)', () =>
    expect(problems(1440, (s) => s.toc)).toEqual([]));
});

describe('every number links to its raw line', () => {
  it('on every guide page, en and zh, each number of a table links to a line of a raw result that prints it', () => {
    expect(problems(1440, (s) => s.numbers?.wrong)).toEqual([]);
    const numbers = [...seen.get(1440)!.values()].reduce((sum, s) => sum + (s.numbers?.checked ?? 0), 0);
    expect(numbers).toBeGreaterThan(1000);
  });
});

describe('raw results on a phone and at a desk', () => {
  for (const width of WIDTHS)
    it(`${width} px: every raw result of every guide page is shown whole inside its box`, () =>
      expect(problems(width, (s) => s.raw)).toEqual([]));
});

describe('the decision before the first table, with the computed values', () => {
  const computed = (id: string) =>
    JSON.parse(readFileSync(join(repoRoot, `data/guides/${id}.json`), 'utf8')) as ComputedGuide;
  for (const width of WIDTHS)
    it.each(guides)(`${width} px %s: en and zh`, (id) => {
      const guide = computed(id);
      for (const lang of ['en', 'zh'] as const) {
        const shown = seen.get(width)!.get(`${lang}/${id}`)!.decision;
        expect(shown.beforeFirstTable, `${lang}/${id}`).toBe(true);
        expect(shown.right, `${lang}/${id}: the decision fits the screen`).toBeLessThanOrEqual(shown.width + 1);
        expect(Object.keys(shown.facts), `${lang}/${id}`).toEqual(
          expect.arrayContaining(['workloads', 'noise', 'measured', 'benchmark']),
        );
        for (const [fact, value] of expectedFacts(guide, lang)) {
          const text = shown.facts[fact] ?? '';
          if (typeof value === 'string') expect(text, `${lang}/${id} ${fact}`).toContain(value);
          else expect(text, `${lang}/${id} ${fact}`).toMatch(value);
        }
      }
    });
});
