// A serving engine run-plan starts: its own process group (engines start worker processes), its
// output in a log, healthy when GET /health answers 200, stopped with its whole group. Only a
// process run-plan started is ever signalled: the child it holds, or the one a run state names
// when /proc says it is that same process (src/lib/record/process-identity.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import { connect } from 'node:net';
import type { PlannedServer } from '../lib/plan/serving.ts';
import {
  readProcStat,
  sameProcess,
  signallablePid,
  type ProcessIdentity,
  type ProcStat,
} from '../lib/record/process-identity.ts';
import { openOwnedLog } from './fs-policy.ts';
import { programEnvironment, resolveProgram } from './programs.ts';

/** What sends a signal: process.kill, which tests stub so that no signal is ever sent for real. */
export type Kill = (pid: number, signal?: NodeJS.Signals | 0) => boolean;

export type StartedServer = {
  child: ChildProcess;
  pid: number;
  /** what /proc said of it right after it started (undefined where there is no /proc) */
  identity: ProcessIdentity | undefined;
  /** set when the process has exited: its code or signal */
  exited: () => string | undefined;
};

/** Whether something accepts connections on host:port now. */
export function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

const readOr = <T>(read: () => T): T | undefined => {
  try {
    return read();
  } catch {
    return undefined;
  }
};

/** What /proc says of `pid` now: the boot, its stat line and the file it runs; each undefined when unreadable. */
export function procNow(pid: number): { bootId?: string; stat?: ProcStat; executable?: string } {
  if (!signallablePid(pid)) return {};
  const bootId = readOr(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
  const stat = readOr(() => readProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')));
  const executable = readOr(() => readlinkSync(`/proc/${pid}/exe`));
  return {
    ...(bootId ? { bootId } : {}),
    ...(stat ? { stat } : {}),
    ...(executable ? { executable } : {}),
  };
}

/** The identity of a process perflab just started, or undefined where /proc cannot tell it. */
export function identityOf(pid: number): ProcessIdentity | undefined {
  const now = procNow(pid);
  if (!now.bootId || !now.stat || !now.executable || now.stat.pid !== pid) return undefined;
  return { pid, startTime: now.stat.startTime, bootId: now.bootId, executable: now.executable };
}

/** Whether `saved` names a process alive now: the same boot, pid, start time and program. */
export function isSameProcess(saved: ProcessIdentity): boolean {
  return sameProcess(saved, procNow(saved.pid));
}

/**
 * Starts the server in a process group of its own, its output appended to `logPath` (inside
 * `logOwner`), in the working folder `cwd` (outside the repository), its program found on the
 * author's PATH (src/pipeline/programs.ts). Resolves once the program runs, or with why it could
 * not start (not installed, not executable): then there is no process, and nothing to stop.
 */
export async function startServer(
  server: PlannedServer,
  logPath: string,
  logOwner: string,
  cwd: string,
): Promise<StartedServer | string> {
  const [program, ...args] = server.words;
  if (program === undefined) return 'the serving command is empty';
  const opened = openOwnedLog(logPath, logOwner);
  let open = true;
  const log = {
    write: (chunk: string | Uint8Array) => {
      if (open) opened.write(chunk);
    },
    // once: when the program could not start, Node may still say 'close' after 'error'
    close: () => {
      if (open) opened.close();
      open = false;
    },
  };
  log.write(`# ${server.text}\n`);
  const found = resolveProgram(program);
  if ('problem' in found) {
    log.write(`# could not start: ${found.problem}\n`);
    log.close();
    return `could not start: ${found.problem}`;
  }
  const child = spawn(found.path, args, {
    env: programEnvironment(server.environment),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    cwd,
  });
  let exit: string | undefined;
  const write = (chunk: Buffer) => {
    try {
      log.write(chunk);
    } catch {
      // a full disk: the server runs on; its log is what is lost
    }
  };
  child.stdout?.on('data', write);
  child.stderr?.on('data', write);
  child.once('exit', (code, signal) => {
    exit ??= signal ? `was killed by ${signal}` : `exited with ${code ?? 'nothing'}`;
  });
  child.once('close', () => log.close());
  // Node says 'spawn' once the program runs, 'error' when it could not be started at all.
  const startedOrNot = await new Promise<Error | undefined>((done) => {
    child.once('spawn', () => done(undefined));
    child.once('error', (error) => done(error));
  });
  const pid = child.pid;
  if (startedOrNot || pid === undefined || !signallablePid(pid)) {
    const code = (startedOrNot as NodeJS.ErrnoException | undefined)?.code;
    const why =
      code === 'ENOENT'
        ? `${program} is not installed (not found on PATH)`
        : code === 'EACCES'
          ? `${program} is not executable`
          : (code ?? startedOrNot?.message ?? 'no process');
    log.write(`# could not start: ${why}\n`);
    log.close();
    return `could not start: ${why}`;
  }
  child.on('error', () => {
    // after the start: a failed kill of an exited child; nothing to do
  });
  return { child, pid, identity: identityOf(pid), exited: () => exit };
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Waits until GET /health answers 200: `healthy`, or why not (it exited, or the time ran out, or the run was stopped). */
export async function waitHealthy(
  server: PlannedServer,
  started: StartedServer,
  timeoutSeconds: number,
  abort: AbortSignal,
): Promise<'healthy' | string> {
  const url = `http://${server.host}:${server.port}/health`;
  const until = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < until) {
    if (abort.aborted) return 'interrupted';
    const exited = started.exited();
    if (exited !== undefined) return `the server ${exited} before it was healthy`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (response.ok) return 'healthy';
    } catch {
      // not listening yet
    }
    await sleep(Math.min(1000, Math.max(100, until - Date.now())));
  }
  return `the server was not healthy after ${timeoutSeconds} s (GET ${url})`;
}

/**
 * What run-plan may stop: a child it started and holds (its group is its pid: detached), or a
 * process a run state names whose identity /proc confirms. Nothing else reaches a signal.
 */
export type OwnServer = { pid: number; child: ChildProcess } | { pid: number; identity: ProcessIdentity };

/** Why `target` may not be signalled, or undefined when it is a process perflab started and it is still that process. */
export function refusal(target: OwnServer): string | undefined {
  if (!signallablePid(target.pid)) return `pid ${target.pid} is not a process perflab started`;
  if ('child' in target) {
    // The pid Node gave for the child it spawned; it stays ours until Node has reaped it.
    if (target.child.pid !== target.pid) return `pid ${target.pid} is not the process perflab started`;
    return undefined;
  }
  if (target.identity.pid !== target.pid) return `pid ${target.pid} is not the process the run state names`;
  return isSameProcess(target.identity)
    ? undefined
    : `pid ${target.pid} is not the server the last run started (another start time, boot or program, or gone)`;
}

/**
 * Stops a server perflab started, with its whole process group: SIGTERM, then SIGKILL after
 * `graceMs`. The target is confirmed first (refusal); once it is, its group id cannot name another
 * group while any process of it lives (Linux frees a pid only when no process uses it as a group
 * id), so the group is signalled until it is gone. Returns why it was not stopped, if it was not.
 */
export async function stopServer(
  target: OwnServer,
  options: { graceMs?: number; kill?: Kill | undefined } = {},
): Promise<string | undefined> {
  const refused = refusal(target);
  if (refused !== undefined) return refused;
  const kill = options.kill ?? process.kill.bind(process);
  const group = -target.pid;
  const alive = () => {
    try {
      kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      kill(group, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  const until = Date.now() + (options.graceMs ?? 30_000);
  while (Date.now() < until && alive()) await sleep(100);
  if (!alive()) return undefined;
  signal('SIGKILL');
  // A process in the kernel (a GPU driver call) dies when it returns from it: wait, but not forever.
  const killedBy = Date.now() + 60_000;
  while (Date.now() < killedBy && alive()) await sleep(50);
  return alive() ? `process group ${target.pid} is still there 60 s after SIGKILL` : undefined;
}
