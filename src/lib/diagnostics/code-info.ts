// What the two catalogues (codes-raw-input.ts, codes-guide.ts) share; codes.ts joins them.

/** A code's entry in the catalogue. */
export type CodeInfo = { severity: 'error' | 'warning'; meaning: string; hint: string };

/** The hint of every warning a guide acknowledges (guide.yaml `acknowledge:`). */
export const ACKNOWLEDGE =
  'if the run is right, acknowledge it in guide.yaml under acknowledge: { file, code, metric, reason: { en, zh } } with a reason a reviewer can judge; otherwise rerun the benchmark';
