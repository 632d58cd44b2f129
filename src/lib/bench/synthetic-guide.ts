// Synthetic guides for `npm run bench:site` (the site-build benchmark): copies of a seed guide whose raw results differ per copy
// but stay self-consistent (every time and throughput scaled together, so the plausibility checks
// and the winners hold), with titles and model names that tell the copies apart.

/** A line of a printed result block: `Label (unit):   123.45`. */
const RESULT_LINE = /^([^:]*:[ \t]+)(\d+(?:\.\d+)?)[ \t]*$/;

// What a block measured in time: its duration and its latencies (TTFT, TPOT, ITL, end-to-end).
const TIME = /duration|latency|ttft|tpot|itl|e2el/;

/**
 * Scales a printed block by `factor`: its duration and latencies × factor, throughputs ÷ factor
 * (the token and request counts stay), each number printed with the decimals it had. A copy so
 * made shares no measured number with its seed, as a block measured again would not: the story
 * check finds a block that keeps all but one or two of another guide's numbers.
 */
export function perturbResultText(text: string, factor: number): string {
  const lines = text.split('\n').map((line) => {
    const match = RESULT_LINE.exec(line);
    if (!match?.[1] || !match[2]) return line;
    const label = match[1].toLowerCase();
    const scale = label.includes('throughput') ? 1 / factor : TIME.test(label) ? factor : undefined;
    if (scale === undefined) return line;
    const decimals = match[2].split('.')[1]?.length ?? 0;
    return `${match[1]}${(Number(match[2]) * scale).toFixed(decimals)}`;
  });
  return (GPUSTACK_LATENCY.test(text) ? withTotalFromOutput(lines) : lines).join('\n');
}

// GPUStack's block (its Latency(s) section): its rates are guidellm's means, Total TPS the Output
// TPS × (input + output) / output tokens (plausibility-totals.ts): a Total TPS scaled and rounded
// on its own would no longer be, so it is the scaled Output TPS's.
const GPUSTACK_LATENCY = /Latency\(s\):/;
const value = (lines: readonly string[], label: RegExp) => {
  const line = lines.find((l) => label.test(l));
  return line === undefined ? undefined : Number(RESULT_LINE.exec(line)?.[2]);
};
function withTotalFromOutput(lines: string[]): string[] {
  const output = value(lines, /^Output token throughput/);
  const input = value(lines, /^Total input tokens/);
  const generated = value(lines, /^Total generated tokens/);
  if (output === undefined || input === undefined || !generated) return lines;
  return lines.map((line) => {
    const match = /^Total Token throughput/i.test(line) ? RESULT_LINE.exec(line) : null;
    if (!match?.[1] || !match[2]) return line;
    const decimals = match[2].split('.')[1]?.length ?? 0;
    return `${match[1]}${((output * (input + generated)) / generated).toFixed(decimals)}`;
  });
}

/** Copies a band of factors holds: 37 n mod 1601 takes every value of 0…1600 once in 1,601 copies. */
const BAND = 1601;
/** Each band's factors are the last one's × this: band b spans [0.92, 1.08] × 0.84^b, so no two bands overlap (1.08 × 0.84 < 0.92). */
const BAND_SCALE = 0.84;

/**
 * The n-th copy's factor: the same for the same n, and different for every n, so no two copies
 * hold the same block: the story checks refuse a result copied between guides. The first 1,601
 * copies spread over ±8 % (37 n mod 1601 never repeats, and neighbours stand apart), each next
 * 1,601 the same spread × 0.84 below the last: times shorter, throughputs higher, every relation
 * between them kept. Neighbouring factors differ by a ten-thousandth of their value, which still
 * changes at least 7 of a seed block's measured numbers as printed (a near copy keeps all but two).
 */
export function copyFactor(index: number): number {
  const band = Math.floor(index / BAND);
  return (1 + (((index * 37) % BAND) - 800) / 10000) * BAND_SCALE ** band;
}

/** Machines each synthetic model is measured on, as a team's guides are: models × machines. */
export const BENCH_MACHINES = [
  { slug: 'h200', name: 'NVIDIA H200' },
  { slug: 'h100', name: 'NVIDIA H100' },
  { slug: 'a100', name: 'NVIDIA A100' },
  { slug: 'l40s', name: 'NVIDIA L40S' },
] as const;

/**
 * The n-th copy's model id segment and display name (`bench-001` / `Bench-001`) and its machine:
 * copies 0–3 are one model on four machines, 4–7 the next model, and so on.
 */
export function copyName(index: number): { slug: string; name: string; machine: (typeof BENCH_MACHINES)[number] } {
  const digits = String(Math.floor(index / BENCH_MACHINES.length)).padStart(3, '0');
  const machine = BENCH_MACHINES[index % BENCH_MACHINES.length] ?? BENCH_MACHINES[0];
  return { slug: `bench-${digits}`, name: `Bench-${digits}`, machine };
}

/** guide.yaml of a copy: the same experiment, its own title and model family. */
export function copyGuideYaml(yaml: string, family: string, index: number): string {
  const { name, machine } = copyName(index);
  return yaml
    .replaceAll(`family: ${family}`, `family: ${family} ${name}`)
    .replace(/^( {2}name: )NVIDIA H200$/m, `$1${machine.name}`)
    .replace(
      /^title:\n {2}en: (.*)\n {2}zh: (.*)$/m,
      (_, en: string, zh: string) => `title:\n  en: ${en} (${name})\n  zh: ${zh}（${name}）`,
    );
}
