// Which process a pid names (src/lib/record/process-identity.ts) and what stopServer signals: every
// kill goes through a stub that records it, and passes on only to the test's own child.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readProcStat, sameProcess, type ProcessIdentity } from '../../../src/lib/record/process-identity.ts';
import { identityOf, stopServer, type Kill } from '../../../src/pipeline/server-process.ts';

const BOOT = '5c308b0d-c42f-480a-bb27-caf052c20b3a';
// proc(5)'s layout, with a program name that holds spaces and parentheses
const STAT = '4242 (vllm) (serve x) S 4200 4242 4200 0 -1 4194304 101 0 0 0 0 0 0 0 20 0 1 0 146222 3133440 390';

describe('/proc/<pid>/stat', () => {
  it('reads the fields after the last ")", start time as field 22', () => {
    expect(readProcStat(STAT)).toEqual({ pid: 4242, state: 'S', ppid: 4200, pgrp: 4242, startTime: '146222' });
    expect(readProcStat('4242 vllm S 1')).toBeUndefined();
    expect(readProcStat('4242 (vllm) S 1 2 3')).toBeUndefined();
  });

  it('a process is the one saved only with the same boot, pid, start time and program, alive', () => {
    const stat = readProcStat(STAT);
    const saved: ProcessIdentity = { pid: 4242, startTime: '146222', bootId: BOOT, executable: '/usr/bin/python3.12' };
    const now = { bootId: BOOT, stat, executable: '/usr/bin/python3.12' };
    expect(sameProcess(saved, now)).toBe(true);
    expect(sameProcess({ ...saved, startTime: '146223' }, now)).toBe(false);
    expect(sameProcess({ ...saved, bootId: BOOT.replace('5', '6') }, now)).toBe(false);
    expect(sameProcess({ ...saved, executable: '/usr/bin/sleep' }, now)).toBe(false);
    expect(sameProcess(saved, { ...now, stat: stat && { ...stat, state: 'Z' } })).toBe(false);
    expect(sameProcess(saved, { ...now, stat: undefined })).toBe(false);
    expect(sameProcess({ ...saved, pid: 1 }, { ...now, stat: stat && { ...stat, pid: 1 } })).toBe(false);
  });
});

describe('stopServer', () => {
  const recorder = (passTo: readonly number[] = []) => {
    const calls: [number, NodeJS.Signals | 0 | undefined][] = [];
    const kill: Kill = (pid, signal) => {
      calls.push([pid, signal]);
      if (!passTo.includes(Math.abs(pid))) throw Object.assign(new Error('ESRCH'), { code: 'ESRCH' });
      return process.kill(pid, signal);
    };
    return { calls, kill };
  };

  it('signals nothing for pid 1, 0 or -1, whatever it is given', async () => {
    const { calls, kill } = recorder();
    for (const pid of [1, 0, -1]) {
      const identity = { pid, startTime: '1', bootId: BOOT, executable: '/sbin/init' };
      expect(await stopServer({ pid, identity }, { kill })).toMatch(/is not a process perflab started/);
    }
    expect(calls).toEqual([]);
  });

  it('signals nothing for a process whose start time is not the one saved', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    try {
      const pid = child.pid ?? 0;
      const identity = identityOf(pid);
      if (!identity) throw new Error('no /proc');
      const { calls, kill } = recorder([pid]);
      const forged = { ...identity, startTime: String(Number(identity.startTime) - 1) };
      expect(await stopServer({ pid, identity: forged }, { kill })).toMatch(/is not the server the last run started/);
      expect(calls).toEqual([]);
      // the same process, as saved: its group is stopped
      expect(await stopServer({ pid, identity }, { kill, graceMs: 5000 })).toBeUndefined();
      expect(calls[0]).toEqual([-pid, 'SIGTERM']);
      expect(calls.every(([target]) => target === -pid)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
