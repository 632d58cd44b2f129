// How a number a page prints stands against the value perflab computes from the page's blocks,
// and the one sentence shape every finding uses: `printed X, computed Y (why)`.

export type AuditFinding = { line: number; message: string };

export const decimalsOf = (printed: string) => printed.split('.')[1]?.length ?? 0;
export const fixed = (n: number, decimals = 2) => n.toFixed(decimals);
/** `+4.6` / `-2.62`: how pages print a change. */
export const signed = (n: number, decimals: number) => `${n >= 0 ? '+' : ''}${fixed(n, decimals)}`;
export const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * `same` at the printed precision; `rounding` one unit off in the last printed place (the generator
 * computes from unrounded values, perflab from the printed ones); `coarser` the same number with
 * fewer decimals than the guide shows (`shownDecimals`); `differs` otherwise.
 */
export type Agreement = { kind: 'same' | 'rounding' | 'coarser' | 'differs'; computed: string };

export function agreement(printed: string, computed: number, shownDecimals?: number): Agreement {
  const decimals = decimalsOf(printed);
  const atPrinted = fixed(computed, decimals);
  const value = Number(printed);
  if (Number(atPrinted) === value) {
    const shown = shownDecimals !== undefined && shownDecimals > decimals ? fixed(computed, shownDecimals) : atPrinted;
    return { kind: Number(shown) === value ? 'same' : 'coarser', computed: shown };
  }
  // A small epsilon: 0.1 − 0.0 is not exactly one tenth in binary.
  const oneUnit = Math.abs(Number(atPrinted) - value) <= 10 ** -decimals * 1.001;
  return { kind: oneUnit ? 'rounding' : 'differs', computed: atPrinted };
}

const NOTES: Record<Agreement['kind'], string> = {
  same: '',
  rounding: '; within one unit of the last printed place: the page rounds from unrounded values',
  coarser: '; the page prints fewer decimals',
  differs: '',
};

export type Claim = {
  line: number;
  /** what the number is, e.g. `ShareGPT baseline Total TPS` */
  what: string;
  printed: string;
  computed: number;
  unit?: string;
  why: string;
  /** decimals the guide shows the computed value with, when more than the page printed */
  shownDecimals?: number;
  /** print the computed value with its sign, as pages print changes */
  withSign?: boolean;
};

/** Adds a finding when `printed` is not the computed value; returns whether it agreed. */
export function checkClaim(findings: AuditFinding[], claim: Claim): boolean {
  const result = agreement(claim.printed, claim.computed, claim.shownDecimals);
  if (result.kind === 'same') return true;
  const unit = claim.unit ?? '';
  const computed = claim.withSign && !result.computed.startsWith('-') ? `+${result.computed}` : result.computed;
  findings.push({
    line: claim.line,
    message: `printed ${claim.what} ${claim.printed}${unit}, computed ${computed}${unit} (${claim.why}${NOTES[result.kind]})`,
  });
  return false;
}

/** A printed number that no block of the page backs. */
export function unbacked(findings: AuditFinding[], line: number, what: string, printed: string, why: string): void {
  findings.push({ line, message: `printed ${what} ${printed}, computed nothing (${why})` });
}
