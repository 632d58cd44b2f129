/**
 * A prose slot's headings get ids (`prefix-1`, `-2`, …) and link to themselves like the page's own
 * headings, so a note has a permalink and search files its text under its own heading. A heading
 * that holds a link keeps it and gets only the id (links do not nest).
 */
export function anchorHeadings(html: string, prefix: string): string {
  let count = 0;
  return html.replace(/<h([1-6])>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
    const id = `${prefix}-${++count}`;
    const text = inner.includes('<a ') ? inner : `<a href="#${id}">${inner}</a>`;
    return `<h${level} id="${id}">${text}</h${level}>`;
  });
}
