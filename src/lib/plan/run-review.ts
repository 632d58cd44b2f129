// What run-plan shows the author before it runs anything: every command it will start, grouped by
// server, written exactly as it will run (./shown-command.ts), each marked when it is not one of
// the commands the guide's plan had at a trusted ref (a branch the author has reviewed, such as the
// upstream). A pull request's commands are new there; run-plan asks before running them.
import type { Measurement } from './measurement.ts';
import type { PlannedServer } from './serving.ts';
import { commandKey, shownCommand } from './shown-command.ts';

/** The measurements run-plan will record, by the server each needs. */
export type RunGroup = { server: PlannedServer; measurements: readonly Measurement[] };

/** The commands of the guide's plan at the trusted ref, or why there are none to compare with. */
export type Trusted = { ref: string; keys: ReadonlySet<string>; note?: string } | { problem: string };

export type ReviewedCommand = { text: string; trusted: boolean };

export type RunReview = {
  /** one entry per server: its command and the benchmark commands run against it */
  servers: { server: ReviewedCommand; benchmarks: { id: string; command: ReviewedCommand; adds?: string }[] }[];
  /** how many commands are not at the trusted ref */
  untrusted: number;
  total: number;
};

/** Every command of the groups, each held to the trusted ref's commands. */
export function reviewRun(groups: readonly RunGroup[], trusted: Trusted): RunReview {
  const keys = 'keys' in trusted ? trusted.keys : new Set<string>();
  let untrusted = 0;
  let total = 0;
  const review = (command: Pick<PlannedServer, 'words' | 'environment'>): ReviewedCommand => {
    const known = keys.has(commandKey(command));
    total++;
    if (!known) untrusted++;
    return { text: shownCommand(command.words, command.environment), trusted: known };
  };
  const servers = groups.map((group) => ({
    server: review(group.server),
    benchmarks: group.measurements.flatMap((m) =>
      m.benchmark
        ? [
            {
              id: m.id,
              command: review(m.benchmark),
              ...(m.benchmark.output.kind === 'file' ? { adds: `${m.benchmark.output.flag} <file>` } : {}),
            },
          ]
        : [],
    ),
  }));
  return { servers, untrusted, total };
}

const NEW = 'NEW ';
const SAME = '    ';

/** The review as run-plan prints it: a line per command, NEW before each not at the trusted ref. */
export function reviewText(review: RunReview, trusted: Trusted): string {
  const against = 'ref' in trusted ? trusted.ref : undefined;
  const out = [
    `the commands it will run, exactly as they will run (a character a terminal would act on or hide is written escaped, as $'\\x1b'); NEW: ${
      against === undefined
        ? `not compared with a trusted ref (${'problem' in trusted ? trusted.problem : ''})`
        : `not in the plan at ${against}${'note' in trusted && trusted.note ? ` (${trusted.note})` : ''}`
    }`,
  ];
  review.servers.forEach((entry, s) => {
    out.push(`${entry.server.trusted ? SAME : NEW}server ${s + 1} of ${review.servers.length}: ${entry.server.text}`);
    for (const b of entry.benchmarks)
      out.push(
        `${b.command.trusted ? SAME : NEW}  ${b.id}: ${b.command.text}${b.adds === undefined ? '' : `   (record adds ${b.adds})`}`,
      );
  });
  return `${out.join('\n')}\n`;
}

/** The commands a guide's plan holds, as trusted keys: its servers' and benchmarks'. */
export function planCommandKeys(measurements: readonly Measurement[]): Set<string> {
  const keys = new Set<string>();
  for (const m of measurements) {
    if (m.server) keys.add(commandKey(m.server));
    if (m.benchmark) keys.add(commandKey(m.benchmark));
  }
  return keys;
}
