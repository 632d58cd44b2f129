// A Performance Lab page's bytes as text. Editors save markdown as UTF-8 with or without a
// byte-order mark, and on Windows sometimes as UTF-16; each is read as the text it holds. Bytes
// that are none of these are a problem at their line, never a page read as garbage.

export type DecodedPage =
  | { ok: true; text: string; encoding: 'utf-8' | 'utf-8 with BOM' | 'utf-16le' | 'utf-16be' }
  | { ok: false; line: number; message: string };

const startsWith = (bytes: Uint8Array, ...prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);

/** 'utf-16le' or 'utf-16be' when NUL bytes sit on one side of most pairs, as UTF-16 ASCII text does. */
function utf16Without(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~1);
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) even++;
    if (sample[i + 1] === 0) odd++;
  }
  const pairs = sample.length / 2;
  if (pairs === 0) return undefined;
  if (odd > pairs / 4 && even === 0) return 'utf-16le';
  if (even > pairs / 4 && odd === 0) return 'utf-16be';
  return undefined;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

export function decodePage(bytes: Uint8Array): DecodedPage {
  if (startsWith(bytes, 0xef, 0xbb, 0xbf)) return utf8(bytes.subarray(3), 'utf-8 with BOM');
  if (startsWith(bytes, 0xff, 0xfe)) return utf16(bytes.subarray(2), 'utf-16le');
  if (startsWith(bytes, 0xfe, 0xff)) return utf16(bytes.subarray(2), 'utf-16be');
  const guessed = utf16Without(bytes);
  return guessed ? utf16(bytes, guessed) : utf8(bytes, 'utf-8');
}

function utf8(bytes: Uint8Array, encoding: 'utf-8' | 'utf-8 with BOM'): DecodedPage {
  try {
    return binary(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), encoding);
  } catch {
    const text = new TextDecoder('utf-8').decode(bytes);
    return {
      ok: false,
      line: lineOf(text, text.indexOf('\ufffd')),
      message:
        'not UTF-8 text: this line holds bytes of another encoding (GBK, Latin-1?); convert the page, e.g. `iconv -f GBK -t UTF-8 page.md > page-utf8.md`',
    };
  }
}

function utf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): DecodedPage {
  if (bytes.length % 2 === 1)
    return { ok: false, line: 1, message: `${encoding.toUpperCase()} text must have an even number of bytes` };
  return binary(new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes), encoding);
}

/** Text with a NUL character is a binary file, not markdown. */
function binary(text: string, encoding: Extract<DecodedPage, { ok: true }>['encoding']): DecodedPage {
  const nul = text.indexOf('\u0000');
  if (nul !== -1)
    return { ok: false, line: lineOf(text, nul), message: 'a NUL byte: a binary file, not a markdown page' };
  return { ok: true, text, encoding };
}
