// What an unattended run (npm run run-plan) keeps between its starts, in
// data/.record-logs/<guide>/run-state.json: the server it left running (so a run after a crash
// stops it first), and each measurement that failed, with why. What was recorded needs no state:
// its raw file is in data/raw.
import { z } from 'zod';
import { ProcessIdentitySchema } from './process-identity.ts';

export const RunStateSchema = z.strictObject({
  guide: z.string(),
  /** when this sweep began (the first start; a resumed run keeps it) */
  began: z.iso.datetime({ offset: true }),
  /**
   * The server the run had started when it last wrote this file: who it is as /proc told it at its
   * start (a run after a crash stops it only when /proc still says the same), and its command.
   */
  server: z.strictObject({ identity: ProcessIdentitySchema, command: z.string() }).nullable(),
  failed: z.record(
    z.string(),
    z.strictObject({ reason: z.string(), at: z.iso.datetime({ offset: true }), log: z.string().optional() }),
  ),
});
export type RunState = z.infer<typeof RunStateSchema>;

/** "1:02:03" or "2:03": hours only when there are some. */
export function elapsedText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

export type RunTally = {
  recorded: string[];
  present: string[];
  failed: { id: string; reason: string; where?: string }[];
  blocked: { id: string; reason: string }[];
};

/** The sweep's last lines: what was recorded, already there, failed (each with why), and could not run. */
export function summaryText(guide: string, total: number, elapsedMs: number, tally: RunTally): string {
  const lines = [
    `run-plan: ${guide}: ${total} measurement(s) in ${elapsedText(elapsedMs)}: ${tally.recorded.length} recorded, ${tally.present.length} already there, ${tally.failed.length} failed, ${tally.blocked.length} that cannot run as planned`,
  ];
  for (const id of tally.recorded) lines.push(`  recorded  ${id}`);
  for (const { id, reason, where } of tally.failed) {
    lines.push(`  failed    ${id}: ${reason}`);
    if (where)
      lines.push(
        `            to show it on the page as it is (as the seeds show an unsupported variant): status: failed and its reason in ${where}`,
      );
  }
  for (const { id, reason } of tally.blocked) lines.push(`  not run   ${id}: ${reason}`);
  return `${lines.join('\n')}\n`;
}
