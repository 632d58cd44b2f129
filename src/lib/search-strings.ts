/**
 * Pagefind UI's `translations` from a language's UI strings: the search label as its placeholder,
 * and every `pagefind.<key>` string under its key.
 */
export function pagefindStrings(label: string, all: Readonly<Record<string, string>>): Record<string, string> {
  return {
    placeholder: label,
    ...Object.fromEntries(
      Object.entries(all)
        .filter(([key]) => key.startsWith('pagefind.'))
        .map(([key, value]) => [key.slice('pagefind.'.length), value]),
    ),
  };
}
