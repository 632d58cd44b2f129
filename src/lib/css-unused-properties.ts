import postcss, { type Root } from 'postcss';

/**
 * The site's stylesheets without the custom properties nothing reads. Starlight declares a palette
 * and a type scale for every page (`--sl-color-purple-high`, `--sl-text-6xl`, the Pagefind UI's
 * colours …), and every page loads them, read or not. A custom property does nothing until a
 * `var()` reads it, so one that no stylesheet, page or script of the site reads can go; one read
 * only by another that goes, goes with it. Rules left empty go too. Each stylesheet is named by its
 * path; `readers` are the site's other texts (pages, scripts, stylesheets that stay as they are).
 */
export function withoutUnreadProperties(
  stylesheets: Map<string, string>,
  readers: readonly string[],
): Map<string, string> {
  const roots = new Map<string, Root>([...stylesheets].map(([path, css]) => [path, postcss.parse(css)]));
  const readOutside = new Set(readers.flatMap(readNames));
  for (;;) {
    const read = new Set(readOutside);
    for (const root of roots.values()) root.walkDecls((decl) => readNames(decl.value).forEach((n) => read.add(n)));
    let removed = 0;
    for (const root of roots.values())
      root.walkDecls((decl) => {
        if (decl.prop.startsWith('--') && !read.has(decl.prop)) {
          decl.remove();
          removed++;
        }
      });
    if (removed === 0) break;
  }
  for (const root of roots.values()) root.walkRules((rule) => void (rule.nodes.length === 0 && rule.remove()));
  return new Map([...roots].map(([path, root]) => [path, root.toString()]));
}

/** The custom properties a text reads: every `var(--name`. */
function readNames(text: string): string[] {
  return [...text.matchAll(/var\(\s*(--[\w-]+)/g)].flatMap((m) => (m[1] ? [m[1]] : []));
}
