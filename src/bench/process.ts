// Runs a command and measures it as a reader of /proc would: wall time, the peak resident memory of
// the whole process tree (node, astro's workers, pagefind) and its CPU time, sampled every 50 ms.
// CPU time is what a loaded machine does not inflate: each process's user + system time as last
// sampled (a process's last 50 ms before it exits can be missed).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const PAGE_BYTES = 4096;
/** Linux's clock ticks a second, in which /proc/<pid>/stat counts CPU time (USER_HZ; 100 on every kernel Node runs on). */
const TICKS = 100;

/** The tree's resident memory now; `cpuTicks` gets each of its processes' CPU time so far. */
function treeRssBytes(root: number, cpuTicks: Map<number, number>): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name may hold spaces and parentheses: fields start after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(name), Number(fields[1]));
      // utime and stime: fields 14 and 15 of stat, 12 and 13 after the command name.
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended between readdir and read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parent.keys()) {
    if (!inTree(pid)) continue;
    cpuTicks.set(pid, ticks.get(pid) ?? 0);
    try {
      total += Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE_BYTES;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

export type Measured = { seconds: number; cpuSeconds: number; peakRssBytes: number; stdout: string; stderr: string };

export async function measure(command: string, args: readonly string[], env: NodeJS.ProcessEnv, cwd: string) {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  let peak = 0;
  const cpuTicks = new Map<number, number>();
  const timer = setInterval(() => {
    if (child.pid !== undefined) peak = Math.max(peak, treeRssBytes(child.pid, cpuTicks));
  }, 50);
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(timer);
  const seconds = (performance.now() - started) / 1000;
  if (status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited ${status}\n${stdout.slice(-2000)}\n${stderr.slice(-4000)}`);
  const cpuSeconds = [...cpuTicks.values()].reduce((sum, ticks) => sum + ticks, 0) / TICKS;
  return { seconds, cpuSeconds, peakRssBytes: peak, stdout, stderr } satisfies Measured;
}
