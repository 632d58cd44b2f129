// Checks on text a pull request brings (guide.yaml, prose) before anything renders it: characters
// that make code read differently than it runs (Trojan Source). Link targets: schema/safe-url.ts.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';

// Bidirectional embeddings, overrides and isolates: U+202A–U+202E, U+2066–U+2069.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/g;

export function bidiControls(text: string, file: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const [index, line] of text.split('\n').entries())
    for (const match of line.matchAll(BIDI_CONTROL))
      found.push(
        errorAt(
          'E_BIDI_CONTROL',
          file,
          `a bidirectional control character (U+${(match[0].codePointAt(0) ?? 0).toString(16).toUpperCase()}) can make text read differently than it is stored`,
          { line: index + 1, column: match.index + 1 },
        ),
      );
  return found;
}
