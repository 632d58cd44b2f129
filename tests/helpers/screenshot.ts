// Screenshots that are compared, not only taken: an element's screenshot against a committed
// baseline (tests/fixtures/screenshots/<name>.png), pixel by pixel in Chromium's own PNG decoder
// (no image library). A pixel differs when a colour channel moved by more than CHANNEL_TOLERANCE;
// the screenshot matches when at most PIXEL_TOLERANCE of its pixels differ and its size is the
// same. On a mismatch the actual screenshot is written beside the baseline as `<name>-changed.png`
// (git-ignored) and the differing pixels, in red, to test-results/screenshots/<name>-diff.png.
// UPDATE_GOLDEN=screenshots rewrites the baselines (look at them before committing).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { changedPath } from './golden.ts';
import { repoRoot } from './guide-from-disk.ts';

export const BASELINES = join(repoRoot, 'tests/fixtures/screenshots');
const DIFFS = join(repoRoot, 'test-results/screenshots');
/** Of 255: what text antialiasing may move without a change anyone would see. */
export const CHANNEL_TOLERANCE = 32;
/** Share of the pixels that may differ: a few glyph edges, not a colour, a border or a moved line. */
export const PIXEL_TOLERANCE = 0.001;

export type ImageComparison =
  | { sameSize: false; expected: [number, number]; actual: [number, number] }
  | { sameSize: true; width: number; height: number; differing: number; diffPng: Buffer };

/**
 * A blank page of `browser` for comparing images, opened on first use and kept until the browser
 * connection closes: a page of its own for each comparison cost Chromium a renderer process each time.
 */
function blankPage(browser: Browser): Promise<Page> {
  let page = blankPages.get(browser);
  if (!page) blankPages.set(browser, (page = browser.newPage()));
  return page;
}
const blankPages = new WeakMap<Browser, Promise<Page>>();

/** Compares two PNGs pixel by pixel in a blank page of `browser`. */
export async function compareImages(browser: Browser, expected: Buffer, actual: Buffer): Promise<ImageComparison> {
  const page = await blankPage(browser);
  const result = await page.evaluate(
    async ({ a, b, tolerance }) => {
      const pixels = async (base64: string) => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true })!;
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [x, y] = await Promise.all([pixels(a), pixels(b)]);
      if (x.width !== y.width || x.height !== y.height)
        return { sameSize: false as const, expected: [x.width, x.height], actual: [y.width, y.height] };
      const diff = new ImageData(x.width, x.height);
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        let moved = 0;
        for (let c = 0; c < 4; c++) moved = Math.max(moved, Math.abs(x.data[i + c]! - y.data[i + c]!));
        if (moved > tolerance) {
          differing++;
          diff.data.set([255, 0, 0, 255], i);
        } else {
          const grey = (x.data[i]! + x.data[i + 1]! + x.data[i + 2]!) / 3;
          diff.data.set([grey, grey, grey, 48], i);
        }
      }
      const canvas = document.createElement('canvas');
      canvas.width = x.width;
      canvas.height = x.height;
      canvas.getContext('2d')!.putImageData(diff, 0, 0);
      return {
        sameSize: true as const,
        width: x.width,
        height: x.height,
        differing,
        diff: canvas.toDataURL('image/png').split(',')[1]!,
      };
    },
    { a: expected.toString('base64'), b: actual.toString('base64'), tolerance: CHANNEL_TOLERANCE },
  );
  if (!result.sameSize)
    return {
      sameSize: false,
      expected: result.expected as [number, number],
      actual: result.actual as [number, number],
    };
  const { diff, ...rest } = result;
  return { ...rest, diffPng: Buffer.from(diff, 'base64') };
}

/** Whether a comparison is within the tolerances, and if not, why. */
export function mismatch(comparison: ImageComparison): string | undefined {
  if (!comparison.sameSize)
    return `size ${comparison.actual.join('×')} px, the baseline is ${comparison.expected.join('×')} px`;
  const share = comparison.differing / (comparison.width * comparison.height);
  return share > PIXEL_TOLERANCE
    ? `${comparison.differing} of ${comparison.width * comparison.height} pixels differ (${(share * 100).toFixed(2)}%, at most ${PIXEL_TOLERANCE * 100}%)`
    : undefined;
}

/** The element's screenshot matches tests/fixtures/screenshots/<name>.png within the tolerances. */
export async function expectScreenshot(browser: Browser, element: Locator, name: string): Promise<void> {
  const actual = await element.screenshot({ animations: 'disabled', caret: 'hide' });
  const baseline = join(BASELINES, `${name}.png`);
  const changed = changedPath(baseline);
  if (process.env.UPDATE_GOLDEN === 'screenshots') {
    mkdirSync(BASELINES, { recursive: true });
    writeFileSync(baseline, actual);
  }
  expect(existsSync(baseline), `${baseline} is missing: run UPDATE_GOLDEN=screenshots and look at it`).toBe(true);
  const comparison = await compareImages(browser, readFileSync(baseline), actual);
  const problem = mismatch(comparison);
  if (problem === undefined) {
    rmSync(changed, { force: true });
    return;
  }
  writeFileSync(changed, actual);
  if (comparison.sameSize) {
    mkdirSync(DIFFS, { recursive: true });
    writeFileSync(join(DIFFS, `${name}-diff.png`), comparison.diffPng);
  }
  expect.fail(`${name}: ${problem}; the screenshot is in ${changed}`);
}
