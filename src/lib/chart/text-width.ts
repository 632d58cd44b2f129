/**
 * Text widths for charts laid out at build time, where no canvas measures text. Vega's own
 * estimate (0.8 em a character) is too wide for digits and too narrow for Chinese, whose
 * characters are a full em: legends ran into the next swatch. These widths follow DejaVu Sans
 * (what `system-ui` is on Debian) and Noto Sans CJK, rounded up so a label never overlaps.
 */

const FULL_WIDTH =
  /[\u1100-\u115f\u2e80-\u303e\u3040-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function charEm(char: string): number {
  if (FULL_WIDTH.test(char)) return 1;
  if (char === ' ') return 0.32;
  if (/[0-9]/.test(char)) return 0.64;
  if (/[A-Z]/.test(char)) return 0.72;
  if (/[a-z]/.test(char)) return 0.6;
  if (/[-.,:;'!|()[\]/]/.test(char)) return 0.4;
  // A change beside a bar: "(+219.70%)"
  if (char === '%') return 0.96;
  if (char === '+') return 0.84;
  return 0.65;
}

/** Width in px of `text` set at `fontSize` px. */
export function textWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += charEm(char);
  return Math.ceil(em * fontSize);
}

/**
 * `text` broken into lines no wider than `maxWidth`: between words, and between any two Chinese
 * characters (which need no space); a word longer than a line is broken where it must be.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number): string[] {
  // Break opportunities: after a space, and before or after a full-width character; never before
  // closing punctuation nor after an opening bracket ("(优化目标)" keeps its brackets).
  const raw = text.match(/[^\s\u2e80-\u9fff\uff00-\uffef]+\s*|[\u2e80-\u9fff\uff00-\uffef]\s*|\s+/gu) ?? [text];
  const pieces: string[] = [];
  for (const piece of raw) {
    const previous = pieces.at(-1);
    if (
      previous !== undefined &&
      (/^[)\]}）】」』，。、：；！？,.:;!?]/u.test(piece) || /[([{（【「『]$/u.test(previous))
    )
      pieces[pieces.length - 1] = previous + piece;
    else pieces.push(piece);
  }
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line !== '' && textWidth((line + piece).trimEnd(), fontSize) > maxWidth) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += line === '' ? piece.trimStart() : piece;
    while (textWidth(line.trimEnd(), fontSize) > maxWidth && [...line].length > 1) {
      const chars = [...line];
      let cut = chars.length - 1;
      while (cut > 1 && textWidth(chars.slice(0, cut).join(''), fontSize) > maxWidth) cut--;
      lines.push(chars.slice(0, cut).join(''));
      line = chars.slice(cut).join('');
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
