// Which process a pid names, as Linux tells it (proc(5)): a pid alone is reused once its process
// is gone, so run-plan keeps, for a server it started, what no other process shares: the boot
// (/proc/sys/kernel/random/boot_id, new at every boot), the start time (field 22 of
// /proc/<pid>/stat, in clock ticks since boot, fixed for the process's life) and the program it
// runs (/proc/<pid>/exe). A process is the one run-plan started only when all three are the same.
import { z } from 'zod';

/** What run-plan keeps of a server it started, read from /proc right after the start. */
export const ProcessIdentitySchema = z.strictObject({
  /** never 0 or 1 (0 signals the caller's group, 1 is init; -1 would signal every process) */
  pid: z.number().int().min(2),
  /** /proc/<pid>/stat field 22 */
  startTime: z.string().regex(/^\d+$/),
  /** /proc/sys/kernel/random/boot_id when it started */
  bootId: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
  /** /proc/<pid>/exe: the file the process runs (a script's interpreter for a script) */
  executable: z.string().min(1),
});
export type ProcessIdentity = z.infer<typeof ProcessIdentitySchema>;

/** The fields of /proc/<pid>/stat that say which process it is and which group it leads. */
export type ProcStat = { pid: number; state: string; ppid: number; pgrp: number; startTime: string };

/**
 * /proc/<pid>/stat: `pid (comm) state ppid pgrp session … starttime …`. The program's name (comm)
 * may hold spaces and parentheses, so the fields are read after its last `)`; starttime is field 22.
 */
export function readProcStat(text: string): ProcStat | undefined {
  const open = text.indexOf(' (');
  const close = text.lastIndexOf(')');
  if (open === -1 || close < open) return undefined;
  const pid = Number(text.slice(0, open));
  // Fields 3 onwards: state is field 3, so field n is at index n - 3.
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const [state, ppid, pgrp] = fields;
  const startTime = fields[22 - 3];
  if (!Number.isInteger(pid) || state === undefined || startTime === undefined || !/^\d+$/.test(startTime))
    return undefined;
  return { pid, state, ppid: Number(ppid), pgrp: Number(pgrp), startTime };
}

/** Whether a pid may be signalled at all: 0 and negative pids name groups or every process, 1 is init. */
export const signallablePid = (pid: number) => Number.isInteger(pid) && pid > 1;

/**
 * Whether what /proc says now is the process `saved` names: same boot, pid, start time and program,
 * and still alive (a zombie has exited: its pid is about to be free). Anything unknown is "no".
 */
export function sameProcess(
  saved: ProcessIdentity,
  now: { bootId?: string | undefined; stat?: ProcStat | undefined; executable?: string | undefined },
): boolean {
  return (
    signallablePid(saved.pid) &&
    now.bootId === saved.bootId &&
    now.stat !== undefined &&
    now.stat.pid === saved.pid &&
    now.stat.startTime === saved.startTime &&
    now.stat.state !== 'Z' &&
    now.stat.state !== 'X' &&
    now.executable === saved.executable
  );
}
