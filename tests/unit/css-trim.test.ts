// Starlight's rules for markup perflab never writes are left out of the site's stylesheet.
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { cssTrim, trimmedSelectors } from '../../src/lib/css-trim.ts';

describe('css trim', () => {
  it('drops the .not-content exemption and the selectors that cannot match', () => {
    expect(trimmedSelectors(['.sl-markdown-content p:not(:where(.not-content *))', "[dir='rtl'] .caret"])).toEqual([
      '.sl-markdown-content p',
    ]);
    expect(
      trimmedSelectors([
        '.starlight-aside--tip',
        '.starlight-aside--caution',
        '.kudos svg',
        '.starlight-aside__title + .starlight-aside__content',
      ]),
    ).toEqual(['.starlight-aside--caution']);
    expect(
      trimmedSelectors([
        '.expressive-code .copy',
        '.sl-badge',
        '.sl-link-button.primary',
        '.sl-steps>li:after',
        'starlight-tabs',
        'starlight-file-tree .highlight',
        '.sl-markdown-content figure',
      ]),
    ).toEqual(['.sl-markdown-content figure']);
  });

  it('keeps a rule that still has a selector, removes one that has none, leaves the rest as written', async () => {
    const css = [
      '.a:not(:where(.not-content *)), [dir=rtl] .b { color: red }',
      '[dir="rtl"] .c { color: blue }',
      '@media (min-width: 50em) { .kudos { display: none } .d { margin: 0 } }',
      '.e:not(:where(.other *)) { color: green }',
    ].join('\n');
    const out = (await postcss([cssTrim]).process(css, { from: undefined })).css;
    expect(out).toBe(
      [
        '.a { color: red }',
        '@media (min-width: 50em) { .d { margin: 0 } }',
        '.e:not(:where(.other *)) { color: green }',
      ].join('\n'),
    );
  });
});
