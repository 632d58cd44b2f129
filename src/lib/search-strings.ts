/**
 * Pagefind UI's `translations` from a language's UI strings: the search label as its placeholder,
 * and every `pagefind.<key>` string under its key.
 */
export function pagefindStrings(label: string, all: Readonly<Record<string, unknown>>): Record<string, string> {
  return {
    placeholder: label,
    ...Object.fromEntries(
      Object.entries(all)
        .filter((entry): entry is [string, string] => entry[0].startsWith('pagefind.') && typeof entry[1] === 'string')
        .map(([key, value]) => [key.slice('pagefind.'.length), value]),
    ),
  };
}
