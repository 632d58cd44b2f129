import { z } from 'zod';

/**
 * A link a guide may publish: `https:` with a host, or a relative link (`/en/…`, `../x`, `#part`).
 * The check runs on the raw string: browsers drop tabs and newlines inside a scheme (`java\tscript:`),
 * so any control character or space refuses the URL outright.
 */
export function isSafeUrl(url: string): boolean {
  // Control characters (C0, DEL, C1) and any whitespace.
  if (url === '' || /[\p{Cc}\s]/u.test(url) || url.startsWith('//')) return false;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url)?.[1];
  if (scheme === undefined) return !url.includes('\\');
  // `https:evil` parses too (as https://evil/); a link we publish spells its host out.
  if (scheme.toLowerCase() !== 'https' || !/^https:\/\/[^/?#]/i.test(url)) return false;
  try {
    return new URL(url).protocol === 'https:' && new URL(url).hostname !== '';
  } catch {
    return false;
  }
}

/** A link a guide publishes: https: or relative, checked on the raw string. */
export const SafeUrlSchema = z.string().refine(isSafeUrl, { message: 'expected an https: or relative URL' });
