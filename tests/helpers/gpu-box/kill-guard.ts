// Loaded before a CLI under test (node --import): process.kill, Node's, is replaced by a guard that
// logs every call to KILL_GUARD_LOG (one JSON line each) and sends the signal only to a process
// this one started (a descendant of it, by /proc's parent pids; a group by its leader). Any other
// target, pid 1 and -1 among them, gets no signal: the call fails as for a process that is not there.
// So a test of what run-plan would signal never signals anything the test did not start.
import { appendFileSync, readFileSync } from 'node:fs';

const log = process.env.KILL_GUARD_LOG;
const real = process.kill.bind(process);

function parentOf(pid: number): number | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function isDescendant(pid: number): boolean {
  let at: number | undefined = pid;
  for (let depth = 0; at !== undefined && at > 1 && depth < 64; depth++) {
    at = parentOf(at);
    if (at === process.pid) return true;
  }
  return false;
}

process.kill = ((pid: number, signal?: string | number) => {
  const target = Math.abs(pid);
  const allowed = pid !== 0 && target > 1 && target !== process.pid && isDescendant(target);
  if (log) appendFileSync(log, `${JSON.stringify({ pid, signal: signal ?? 'SIGTERM', sent: allowed })}\n`);
  if (!allowed)
    throw Object.assign(new Error('kill ESRCH (kill-guard: not a process this one started)'), { code: 'ESRCH' });
  return real(pid, signal);
}) as typeof process.kill;
