// What a reader's browser fetches for one built page before any interaction: the HTML, the
// stylesheets it links, and the scripts it loads eagerly. Reads our own build output only.

export type PageAssets = { stylesheets: string[]; scripts: string[] };

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** Stylesheets and eagerly loaded scripts (classic, module and modulepreload) a page references. */
export function pageAssets(html: string): PageAssets {
  const stylesheets = new Set<string>();
  const scripts = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel');
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'stylesheet') stylesheets.add(href);
    if (rel === 'modulepreload') scripts.add(href);
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attribute(tag, 'src');
    if (src) scripts.add(src);
  }
  return { stylesheets: [...stylesheets].sort(), scripts: [...scripts].sort() };
}

/** Bytes of inline `<script>` bodies: JavaScript the page runs without a request. */
export function inlineScriptBytes(html: string): number {
  let bytes = 0;
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g))
    if (body) bytes += new TextEncoder().encode(body).length;
  return bytes;
}

/** Modules a JavaScript module imports statically (fetched before it runs); dynamic `import()` is not. */
export function staticImports(js: string): string[] {
  const found = new Set<string>();
  for (const [, spec] of js.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+)["']/g))
    if (spec) found.add(spec);
  return [...found].sort();
}
