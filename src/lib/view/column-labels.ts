/**
 * On a phone a table's row is a card and each cell shows its column's name above its value
 * (perflab.css). The names are given once per table, as custom properties on the table
 * (`--pl-c2` for the second column, the first that holds values), instead of a data-label on
 * every cell: a step's table named each of its columns again in every row.
 */

/** `text` as a CSS string in single quotes (an attribute's double quotes need no escape): quotes and backslashes escaped, and what would end a style attribute or element. */
export function cssString(text: string): string {
  return `'${text.replace(/[\\']/g, '\\$&').replace(/[<>\n]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}'`;
}

/** The table's style: each column's name after the first (its row headers), by its position. */
export function columnLabels(headers: readonly (string | undefined)[]): string {
  return headers
    .map((header, i) => (i > 0 && header !== undefined ? `--pl-c${i + 1}:${cssString(header)}` : ''))
    .filter(Boolean)
    .join(';');
}

/**
 * A step's results table in the order its columns are drawn (StepResults.astro): the variant, the
 * objective, its change against where the step started, then each secondary metric.
 */
export function stepColumns(headers: readonly string[]): (string | undefined)[] {
  const [label, primary, ...rest] = headers;
  return [label, primary, rest.at(-1), ...rest.slice(0, -1)];
}

/**
 * The column names most of a page's step tables share (as columnLabels gives them), when two or
 * more share them: the page names them once for every step table (GuideArticle.astro), and only a
 * table whose columns differ names its own. Deepseek-v3.2's eight step tables named the same three
 * columns eight times.
 */
export function sharedLabels(labels: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const l of labels) counts.set(l, (counts.get(l) ?? 0) + 1);
  const [best] = [...counts].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 2 ? best[0] : undefined;
}

/**
 * The one explanation every derived value of a table shares ("computed from its lines as …"), when
 * two or more cells would each carry it in a title: the table names it once (--pl-derived) and the
 * cells show it on hover with their source (perflab.css). Undefined when the cells' explanations differ.
 */
export function sharedDerived(explanations: readonly (string | undefined)[]): string | undefined {
  const given = explanations.filter((e): e is string => e !== undefined);
  const [first] = given;
  return given.length >= 2 && given.every((e) => e === first) ? first : undefined;
}
