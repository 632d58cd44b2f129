// run-plan: a guide's whole plan, unattended. For each server the plan needs: start it, wait until
// it is healthy, record each of its measurements still missing (src/pipeline/record.ts), stop it.
// A result already in data/raw is not measured again, so a run killed at any point goes on where it
// stopped; a server it left running is stopped first. A server that does not start, or never
// becomes healthy, fails its measurements with the reason, and the sweep goes on.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { reportDiagnostics } from './report.ts';
import { validateJson } from '../lib/diagnostics/validate.ts';
import { runnable, serverGroups, useText, variantPath, type Measurement } from '../lib/plan/plan.ts';
import { elapsedText, RunStateSchema, summaryText, type RunState, type RunTally } from '../lib/record/run-state.ts';
import { folder, linkOnTheWay, readText, replaceOwned, repoPath, writeOwned } from './fs-policy.ts';
import { measurementState, planWithState } from './plan.ts';
import { workingFolder } from './programs.ts';
import { rehearse } from './dry-run.ts';
import { recordMeasurement } from './record.ts';
import { identityOf, listening, refusal, startServer, type Kill, stopServer, waitHealthy } from './server-process.ts';
import { trackedBelow } from './tracked-files.ts';
import { trustedCommands } from './trusted-commands.ts';
import { reviewRun, reviewText, type RunGroup } from '../lib/plan/run-review.ts';
import { escapeHidden } from '../lib/plan/shown-command.ts';

export type RunPlanOptions = {
  guide: string;
  port?: number | undefined;
  /** how long a server may take to become healthy, in seconds */
  healthTimeout: number;
  abort: AbortSignal;
  /** what sends signals (process.kill; tests give a stub) */
  kill?: Kill | undefined;
  /** the ref whose plan's commands run without asking (default: the branch's upstream) */
  trustedRef?: string | undefined;
  /** run the commands not at the trusted ref without asking */
  yes?: boolean | undefined;
  /** rehearse the plan (src/pipeline/dry-run.ts): say what would run and what this machine lacks; start nothing, write nothing */
  dryRun?: boolean | undefined;
  /** asks the author a yes/no question at a terminal; undefined without one */
  confirm?: ((question: string) => Promise<boolean>) | undefined;
};

// Nothing run-plan prints passes a control character to the terminal (a command's, a log name's).
const say = (line: string) => process.stderr.write(`run-plan: ${escapeHidden(line)}\n`);
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

export async function runPlan(options: RunPlanOptions): Promise<number> {
  const planned = planWithState(options.guide, { port: options.port });
  if ('diagnostics' in planned) {
    reportDiagnostics(planned.diagnostics);
    return 2;
  }
  const { plan, loaded } = planned.stated;
  const owner = folder('recordLogs');
  const dir = join(owner, options.guide);
  const linked = linkOnTheWay(dir) ?? linkOnTheWay(join(folder('raw'), options.guide));
  if (linked) {
    say(`${repoPath(linked.path)} ${linked.reason}: nothing run`);
    return 2;
  }
  // What run-plan keeps between runs is this machine's, never a pull request's: a committed file
  // there could name any process for it to stop.
  const tracked = trackedBelow(owner);
  if (tracked.length > 0) {
    say(
      `${tracked[0] ?? ''}${tracked.length > 1 ? ` and ${tracked.length - 1} other file(s)` : ''} in ${repoPath(owner)} are tracked by git: run state is never read from a committed file; nothing run (git rm -r --cached ${repoPath(owner)})`,
    );
    return 2;
  }

  // The author sees every command before anything runs, and those a pull request brought run only
  // when the author says so (src/lib/plan/run-review.ts).
  const toRun: RunGroup[] = serverGroups(plan)
    .map((g) => ({
      server: g.server,
      measurements: g.measurements.filter((m) => runnable(m) && !measurementState(options.guide, m).exists),
    }))
    .filter((g) => g.measurements.length > 0);
  const trusted = trustedCommands(options.guide, options.trustedRef, { port: options.port });
  const review = reviewRun(toRun, trusted);
  if (review.total > 0) process.stderr.write(`run-plan: ${reviewText(review, trusted)}`);
  if (options.dryRun) {
    const rehearsal = await rehearse(options.guide, plan, toRun);
    for (const line of rehearsal.lines) say(line);
    return rehearsal.problems.length > 0 ? 1 : 0;
  }
  if (review.untrusted > 0) {
    const against =
      'ref' in trusted ? `in the plan at ${trusted.ref}` : `compared with a trusted ref (${trusted.problem})`;
    const what = `${review.untrusted} of the ${review.total} command(s) (NEW above) are not ${against}`;
    if (options.yes) say(`${what}: run as --yes says`);
    else if (options.confirm) {
      if (!(await options.confirm(`run-plan: ${what}. Run them? [y/N] `))) {
        say('nothing run');
        return 2;
      }
    } else {
      say(
        `${what}: nothing run. Without a terminal to ask, run-plan runs them only with --yes, once you have read them`,
      );
      return 2;
    }
  }

  const statePath = join(dir, 'run-state.json');
  const read = existsSync(statePath)
    ? validateJson(RunStateSchema, readText(statePath), repoPath(statePath))
    : undefined;
  if (read && !read.ok)
    say(`${repoPath(statePath)} is not a run state this perflab writes: not read, and no process is stopped`);
  const state: RunState = read?.ok
    ? read.data
    : { guide: options.guide, began: new Date().toISOString(), server: null, failed: {} };
  const save = () => {
    const temp = `${statePath}.${process.pid}.tmp`;
    writeOwned(temp, owner, `${JSON.stringify(state, null, 2)}\n`);
    replaceOwned(temp, owner, statePath, owner);
  };
  if (state.server) {
    const { identity, command } = state.server;
    const left = { pid: identity.pid, identity };
    const refused = refusal(left);
    if (refused === undefined) {
      say(`stopping the server the last run left running (pid ${identity.pid}): ${command}`);
      const notStopped = await stopServer(left, { kill: options.kill });
      if (notStopped !== undefined) say(`the server the last run left running was not stopped: ${notStopped}`);
    } else say(`the server the last run started is not running (${refused}): nothing stopped`);
  }
  state.server = null;
  save();

  const began = Date.now();
  const tally: RunTally = { recorded: [], present: [], failed: [], blocked: [] };
  const groups = serverGroups(plan);
  const total = plan.measurements.length;
  let n = 0;
  const progress = (m: Measurement, what: string) =>
    say(`[${++n}/${total}] ${elapsedText(Date.now() - began)} ${m.id}: ${what}`);
  const fail = (m: Measurement, reason: string, log?: string) => {
    const use = m.uses.find((u) => variantPath(loaded.guide, u) !== undefined);
    const path = use ? variantPath(loaded.guide, use) : undefined;
    tally.failed.push({
      id: m.id,
      reason: log ? `${reason} (log: ${log})` : reason,
      ...(path ? { where: `${loaded.file}:${loaded.locate(path).line} (${use ? useText(use) : ''})` } : {}),
    });
    state.failed[m.id] = { reason, at: new Date().toISOString(), ...(log ? { log } : {}) };
    save();
  };
  for (const m of plan.measurements.filter((x) => x.server === undefined)) {
    progress(m, `cannot run as planned: ${m.problems[0]?.message ?? 'no server'}`);
    tally.blocked.push({ id: m.id, reason: m.problems[0]?.message ?? 'no server' });
  }

  // The servers run in a folder outside the repository (src/pipeline/programs.ts).
  const work = workingFolder();
  if ('problem' in work) {
    say(`${work.problem}: nothing run`);
    return 2;
  }
  let interrupted = false;
  for (const [g, group] of groups.entries()) {
    if (interrupted) break;
    const todo: Measurement[] = [];
    for (const m of group.measurements) {
      if (measurementState(options.guide, m).exists) {
        progress(m, 'already there');
        tally.present.push(m.id);
      } else if (!runnable(m)) {
        progress(m, `cannot run as planned: ${m.problems[0]?.message ?? ''}`);
        tally.blocked.push({ id: m.id, reason: m.problems[0]?.message ?? '' });
      } else todo.push(m);
    }
    if (todo.length === 0) continue;
    const { server } = group;
    const where = `server ${g + 1} of ${groups.length}`;
    if (await listening(server.host, server.port)) {
      for (const m of todo) {
        progress(m, `failed: port ${server.port} is in use`);
        fail(m, `port ${server.port} on ${server.host} is in use by another process: stop it, or give run-plan --port`);
      }
      continue;
    }
    const logPath = join(dir, 'servers', `${stamp()}-${server.engine}.log`);
    say(`${where}: starting ${server.text} (log: ${repoPath(logPath)})`);
    const started = await startServer(server, logPath, owner, work.path);
    if (typeof started === 'string') {
      // No process: nothing to wait for and nothing to stop.
      say(`${where}: ${started}`);
      for (const m of todo) {
        progress(m, `failed: the server ${started}`);
        fail(m, `the server ${started}`, repoPath(logPath));
      }
      continue;
    }
    // Where /proc cannot say who it is, a run after a crash cannot tell it from another process: not kept.
    state.server = started.identity ? { identity: started.identity, command: server.text } : null;
    save();
    const health = await waitHealthy(server, started, options.healthTimeout, options.abort);
    if (health === 'healthy') {
      say(`${where}: healthy after ${elapsedText(Date.now() - began)} of the run`);
      // A launcher that execs the engine (a shell or conda shim) runs another program by now: the
      // same process (pid, start time), whose program is the engine's. Kept as it is now.
      const now = identityOf(started.pid);
      if (now && started.identity && now.startTime === started.identity.startTime && refusal(started) === undefined) {
        started.identity = now;
        state.server = { identity: now, command: server.text };
        save();
      }
    }
    for (const m of todo) {
      if (health !== 'healthy' || options.abort.aborted) {
        if (health === 'interrupted' || options.abort.aborted) interrupted = true;
        else {
          progress(m, `failed: ${health}`);
          fail(m, health, repoPath(logPath));
        }
        continue;
      }
      const exited = started.exited();
      if (exited !== undefined) {
        progress(m, `failed: the server ${exited}`);
        fail(m, `the server ${exited} during the run`, repoPath(logPath));
        continue;
      }
      progress(m, `recording (${where})`);
      const outcome = await recordMeasurement({
        guide: options.guide,
        measurement: m.id,
        port: options.port,
        serving: { command: server.text, startedBy: 'run-plan' },
        abort: options.abort,
      });
      say(outcome.message);
      if (outcome.status === 'recorded') {
        tally.recorded.push(m.id);
        state.failed = Object.fromEntries(Object.entries(state.failed).filter(([id]) => id !== m.id));
        save();
      } else if (outcome.status === 'exists') tally.present.push(m.id);
      else if (outcome.status === 'interrupted') interrupted = true;
      else fail(m, outcome.message, outcome.log);
    }
    say(`${where}: stopping`);
    const notStopped = await stopServer(started, { kill: options.kill });
    if (notStopped !== undefined) say(`${where}: not stopped: ${notStopped}`);
    state.server = null;
    save();
  }
  work.remove();
  process.stderr.write(
    summaryText(options.guide, total, Date.now() - began, tally)
      .split('\n')
      .map(escapeHidden)
      .join('\n'),
  );
  if (interrupted) {
    say('interrupted: run it again to go on where it stopped');
    return 130;
  }
  return tally.failed.length > 0 ? 1 : 0;
}
