// The recommended command against the last adopted winner: every flag that winner ran with (a
// block labelled `# --flag value` ran with that value), none it ran without, and the same model.
// Spellings of one setting (`-tp 4`, `--tp-size=4`) and where the server listens do not count.
import { canonicalFlag, commandFlags, commandModel } from '../../serving/flags.ts';
import type { PerformanceLabPage } from '../page-model.ts';
import type { Measured } from './measure.ts';
import type { AuditFinding } from './numbers.ts';

/** Not tuning: how the server starts, where it listens, what it calls the model (the model is compared apart). */
const NEUTRAL = new Set(['-m', '--host', '--port', '--model', '--served-model-name']);

/** The command's flags under one name each, with the spelling the page used for messages. */
function spelledFlags(command: string): Map<string, { spelled: string; value: string }> {
  const flags = new Map<string, { spelled: string; value: string }>();
  for (const [name, value] of commandFlags(command))
    if (!NEUTRAL.has(canonicalFlag(name))) flags.set(canonicalFlag(name), { spelled: name, value });
  return flags;
}

const shown = (flag: string, value: string) => (value ? `${flag}=${value}` : flag);

export function auditRecommended(page: PerformanceLabPage, winner: Measured, findings: AuditFinding[]): void {
  const recommended = page.recommended;
  if (!recommended) return;
  const line = recommended.firstLine;
  const have = spelledFlags(recommended.text);
  const who = `the last adopted winner, ${winner.label}`;
  // The winner's flags as the page spelled them; a block label's flags replace the serving script's.
  const spelling = new Map(
    [...spelledFlags(winner.variant.command?.value ?? winner.variant.args?.value.join(' ') ?? '')].map(([k, v]) => [
      k,
      v.spelled,
    ]),
  );
  for (const [flag, value] of winner.flags) {
    if (NEUTRAL.has(flag)) continue;
    const mine = have.get(flag);
    const spelled = spelling.get(flag) ?? flag;
    if (mine?.value === value) continue;
    findings.push({
      line,
      message: mine
        ? `printed recommended command with ${shown(mine.spelled, mine.value)}, computed ${shown(spelled, value)} (${who}, ran with it)`
        : `printed recommended command without ${spelled}, computed ${shown(spelled, value)} (${who}, ran with it)`,
    });
  }
  for (const [flag, { spelled, value }] of have)
    if (!winner.flags.has(flag))
      findings.push({
        line,
        message: `printed recommended command with ${shown(spelled, value)}, computed nothing (${who}, ran without it)`,
      });
  const served = commandModel(recommended.text);
  const ran = winner.flags.get('--model');
  if (served && ran && served.toLowerCase() !== ran.toLowerCase())
    findings.push({
      line,
      message: `printed recommended command serving ${served}, computed ${ran} (${who}, served it)`,
    });
}
