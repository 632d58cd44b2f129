import type { z } from 'zod';

/**
 * A schema problem said in the terms of the file's author, not zod's ("Too small: expected array
 * to have >=2 items"): what is wrong with the value, and what the key takes instead. validate.ts
 * turns each zod issue into a diagnostic with these words.
 */

export type Wording = { message: string; expected: string; found?: string };

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;
const characters = (n: number) => `${n} character${n === 1 ? '' : 's'}`;

/**
 * A size or range issue (too small, too big), or undefined for another issue. `integer` says the
 * key takes a whole number, so "greater than 0" reads "at least 1".
 */
export function boundWording(issue: z.core.$ZodIssue, found: unknown, integer: boolean): Wording | undefined {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return undefined;
  const low = issue.code === 'too_small';
  const limit = Number(low ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  const exact = issue.exact === true;
  switch (issue.origin) {
    case 'number':
    case 'int': {
      const kind = integer ? 'a whole number' : 'a number';
      // A whole number above 0 is one of at least 1.
      const bound = inclusive || !integer || !Number.isInteger(limit) ? limit : low ? limit + 1 : limit - 1;
      const strict = !inclusive && bound === limit;
      const range = low
        ? strict
          ? `above ${bound}`
          : `of at least ${bound}`
        : strict
          ? `below ${bound}`
          : `of at most ${bound}`;
      return { message: `${String(found)} is too ${low ? 'small' : 'large'}`, expected: `${kind} ${range}` };
    }
    case 'string': {
      const length = typeof found === 'string' ? found.length : 0;
      if (low && limit === 1 && length === 0) return { message: 'empty', expected: 'some text (it may not be empty)' };
      const size = exact ? `exactly ${characters(limit)}` : `${low ? 'at least' : 'at most'} ${characters(limit)}`;
      return {
        message: `too ${low ? 'short' : 'long'} (${characters(length)})`,
        expected: `a text of ${size}`,
      };
    }
    case 'array':
    case 'set': {
      const count = Array.isArray(found) ? found.length : 0;
      const size = exact ? `exactly ${entries(limit)}` : `${low ? 'at least' : 'at most'} ${entries(limit)}`;
      return {
        message: `too ${low ? 'few' : 'many'} entries`,
        expected: `a list of ${size}`,
        found: count === 0 ? 'an empty list' : `a list of ${entries(count)}`,
      };
    }
    default:
      return undefined;
  }
}

/**
 * `title: { en: Tiny guide, faster, zh: … }`: in a `{ … }` mapping a comma ends an unquoted
 * value, so "faster" becomes a key without a value. Said as such, with the value quoted, instead
 * of "unknown key". `mapping` holds the keys in the order written, a bare key's value null.
 */
export function unquotedCommaWording(
  key: string,
  mapping: Readonly<Record<string, unknown>>,
): Wording & { hint: string } {
  const keys = Object.keys(mapping);
  const at = keys.indexOf(key);
  // The value the commas cut: the nearest key before this one that has a value, and every bare key after it.
  let owner = at - 1;
  while (owner >= 0 && mapping[keys[owner] ?? ''] === null) owner--;
  const ownerKey = keys[owner];
  const ownerValue = ownerKey === undefined ? undefined : mapping[ownerKey];
  let end = at + 1;
  while (end < keys.length && mapping[keys[end] ?? ''] === null) end++;
  const pieces = keys.slice(owner + 1, end);
  const quoted =
    ownerKey !== undefined && (typeof ownerValue === 'string' || typeof ownerValue === 'number')
      ? `${ownerKey}: ${JSON.stringify([String(ownerValue), ...pieces].join(', '))}`
      : undefined;
  return {
    message: `"${key}" is read as a key: a comma inside { … } ends an unquoted value`,
    expected: quoted ? `the value quoted, ${quoted}` : 'the value quoted',
    found: `${JSON.stringify(key)}, a key without a value`,
    hint: 'quote the value: in a { … } mapping, a value that holds a comma is written in quotes',
  };
}
