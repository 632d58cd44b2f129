/**
 * A PostCSS plugin (astro.config.mjs) that leaves out of the site's stylesheet what Starlight
 * writes for markup perflab never has, since every page loads that stylesheet whole:
 * - `:not(:where(.not-content *))`, on about fifty of Starlight's content rules: it exempts
 *   `.not-content` blocks, and no perflab page has one (tests/build/reader-pages.test.ts);
 *   it adds no specificity, so the rules cascade as before;
 * - rules for right-to-left pages (`[dir='rtl']`): both of perflab's languages run left to right;
 * - the "Built with Starlight" credit (`.kudos`), which perflab does not show;
 * - asides of the kinds perflab does not write (Aside.astro: note and caution only), and the
 *   title, icon and content wrappers of Starlight's aside, which Aside.astro does not write;
 * - Starlight's components no perflab page can hold (prose is Markdown, which imports none):
 *   expressive code frames (perflab's code is plain-code), badges, link buttons, steps, tabs and
 *   file trees; their print rules were 0.9 KB of every guide page's weight.
 */
type Rule = { selectors: string[]; remove(): void };

const EXEMPTION = /:not\(\s*:where\(\s*\.not-content\s+\*\s*\)\s*\)/g;
const NEVER_MATCHES =
  /\[dir=['"]?rtl['"]?\]|\.kudos\b|\.starlight-aside--(?:tip|danger)\b|\.starlight-aside__|\.expressive-code\b|\.sl-badge\b|\.sl-link-button\b|\.sl-steps\b|starlight-tabs\b|starlight-file-tree\b/;

/** The selectors of a rule that can match a perflab page, without the `.not-content` exemption. */
export function trimmedSelectors(selectors: readonly string[]): string[] {
  return selectors.filter((s) => !NEVER_MATCHES.test(s)).map((s) => s.replace(EXEMPTION, ''));
}

export const cssTrim = {
  postcssPlugin: 'perflab-css-trim',
  Rule(rule: Rule) {
    const kept = trimmedSelectors(rule.selectors);
    if (kept.length === 0) rule.remove();
    else if (kept.join() !== rule.selectors.join()) rule.selectors = kept;
  },
};
