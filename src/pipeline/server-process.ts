// A serving engine run-plan starts: its own process group (engines start worker processes), its
// output in a log, healthy when GET /health answers 200, stopped with its whole group.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import type { PlannedServer } from '../lib/plan/serving.ts';
import { openOwnedLog } from './fs-policy.ts';

export type StartedServer = {
  child: ChildProcess;
  pid: number;
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

/** Starts the server in a process group of its own, its output appended to `logPath` (inside `logOwner`). */
export function startServer(server: PlannedServer, logPath: string, logOwner: string): StartedServer | string {
  const [program, ...args] = server.words;
  if (program === undefined) return 'the serving command is empty';
  const log = openOwnedLog(logPath, logOwner);
  log.write(`# ${server.text}\n`);
  const env = { ...process.env, ...Object.fromEntries(server.environment.map((e) => [e.name, e.value])) };
  const child = spawn(program, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
  child.once('error', (error) => {
    exit = `could not start: ${(error as NodeJS.ErrnoException).code ?? error.message}`;
  });
  child.once('exit', (code, signal) => {
    exit ??= signal ? `was killed by ${signal}` : `exited with ${code ?? 'nothing'}`;
  });
  child.once('close', () => log.close());
  return { child, pid: child.pid ?? -1, exited: () => exit };
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

/** Stops the server's whole process group: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopServer(started: { pid: number }, graceMs = 30_000): Promise<void> {
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-started.pid, signal);
    } catch {
      // already gone
    }
  };
  signalGroup('SIGTERM');
  const until = Date.now() + graceMs;
  while (Date.now() < until && groupAlive(started.pid)) await sleep(100);
  if (groupAlive(started.pid)) signalGroup('SIGKILL');
  while (groupAlive(started.pid)) await sleep(50);
}

/** Whether any process of the group is still there. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` is still the server a run left: alive, and running that program (not a reused pid). */
export function sameServer(pid: number, program: string): boolean {
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return groupAlive(pid);
  try {
    return readFileSync(cmdline, 'utf8')
      .split('\0')
      .some((word) => word.endsWith(program));
  } catch {
    return false;
  }
}
