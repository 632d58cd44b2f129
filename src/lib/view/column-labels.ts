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
 * The one explanation every derived value of a table shares ("computed from its lines as …"), when
 * two or more cells would each carry it in a title: the table names it once (--pl-derived) and the
 * cells show it on hover with their source (perflab.css). Undefined when the cells' explanations differ.
 */
export function sharedDerived(explanations: readonly (string | undefined)[]): string | undefined {
  const given = explanations.filter((e): e is string => e !== undefined);
  const [first] = given;
  return given.length >= 2 && given.every((e) => e === first) ? first : undefined;
}
