// record: runs one benchmark command, streams what it prints to the terminal and to a log in
// data/.record-logs, and only when it succeeded and printed (or wrote) a result perflab reads,
// installs the result in data/raw/<guide>/ with its record beside it (<file>.record.json: the
// accelerators, the engine and its version, the serving and benchmark commands, start and end).
// A failed or interrupted run, or a disk that fills, writes nothing into data/raw.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseRawFile } from '../lib/parse/index.ts';
import { commandRefusals, refusalText } from '../lib/plan/allow-list.ts';
import { commandText } from '../lib/plan/command-words.ts';
import { shownCommand } from '../lib/plan/shown-command.ts';
import { runnable, type Measurement } from '../lib/plan/plan.ts';
import type { PlannedServer } from '../lib/plan/serving.ts';
import { recordFileOf, withBlock } from '../lib/record/record-files.ts';
import { withRecordedResult } from '../lib/record/record-entry.ts';
import type { RecordedResult } from '../lib/schema/record.ts';
import {
  folder,
  linkOnTheWay,
  openOwnedLog,
  RAW_FILE_LIMIT,
  readText,
  removeOwned,
  replaceOwned,
  repoPath,
  writeOwned,
} from './fs-policy.ts';
import { engineVersion, readAccelerators } from './machine.ts';
import { programEnvironment, repositoryRoots, resolveProgram, workingFolder } from './programs.ts';
import { measurementState, planWithState } from './plan.ts';
import { readRecordFile } from './record-file.ts';
import { signingKey, signManifest } from './record-signatures.ts';
import { manifestText, sha256, signedSpan } from '../lib/record/record-manifest.ts';

export type RecordRequest = {
  guide: string;
  /** a measurement of the plan (`<file>` or `<file>#<label>`), or any raw file when `benchmark` is given */
  measurement: string;
  force?: boolean;
  port?: number | undefined;
  /** the benchmark command's words, instead of the plan's */
  benchmark?: readonly string[] | undefined;
  /** the serving command, and who started the server */
  serving?: { command: string; startedBy: 'run-plan' | 'author' } | undefined;
  /** ends the run as interrupted (run-plan's own signal handling) */
  abort?: AbortSignal | undefined;
  /** the key to sign the record with (record-signatures.ts signingKey: else PERFLAB_SIGNING_KEY, else git's user.signingkey) */
  signingKey?: string | undefined;
};

export type RecordOutcome = {
  status: 'recorded' | 'exists' | 'failed' | 'interrupted' | 'refused';
  message: string;
  /** the log of this run, from the repository root */
  log?: string;
};

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The measurement `id` names: the plan's, or a raw file (and block) of the guide when a command is given. */
function target(measurements: readonly Measurement[], id: string, given: boolean): Measurement | string {
  const found = measurements.find((m) => m.id === id);
  if (found) return found;
  if (!given)
    return `${id} is not a measurement of the plan; one of: ${measurements.map((m) => m.id).join(', ')} (or give the benchmark command after --)`;
  const hash = id.indexOf('#');
  const file = hash === -1 ? id : id.slice(0, hash);
  const block = hash === -1 ? null : id.slice(hash + 1).trim();
  if (!file.split('/').every((part) => SEGMENT.test(part)) || block === '')
    return `${id} is not a raw file of the guide: a path below its raw folder (letters, digits, ".", "_", "-"), optionally #<block label>`;
  return { id, file, block, uses: [], paths: [], problems: [] };
}

/**
 * The entry with the sha256 of its result's text and its manifest's signature
 * (record-manifest.ts), and what record says of it: signed, or why unsigned. A run is never lost
 * for want of a signature: the record is then the author's statement, shown as unsigned.
 */
function signedEntry(
  entry: RecordedResult,
  file: string,
  rawText: string,
  key: string | undefined,
): { entry: RecordedResult; note: string } {
  if (key === undefined)
    return {
      entry,
      note: 'unsigned (no signing key: --signing-key, PERFLAB_SIGNING_KEY or git config user.signingkey)',
    };
  const span = signedSpan(rawText, entry.block);
  if (span === undefined) return { entry, note: 'unsigned (its block is not in the file)' };
  const withDigest = { ...entry, sha256: sha256(span.text) };
  const made = signManifest(manifestText(file, withDigest), key);
  if ('problem' in made) return { entry, note: `unsigned (ssh-keygen could not sign: ${made.problem})` };
  return { entry: { ...withDigest, signature: made.signature }, note: `signed with ${key}` };
}

const stamp = (date: Date) => date.toISOString().replace(/[:.]/g, '-');

export async function recordMeasurement(request: RecordRequest): Promise<RecordOutcome> {
  const planned = planWithState(request.guide, { port: request.port });
  if ('diagnostics' in planned)
    return {
      status: 'refused',
      message: planned.diagnostics.map((d) => `${d.file}:${d.line ?? 1}: ${d.message}`).join('\n'),
    };
  const { plan, loaded } = planned.stated;
  const found = target(plan.measurements, request.measurement, request.benchmark !== undefined);
  if (typeof found === 'string') return { status: 'refused', message: found };
  const measurement = found;
  if (request.benchmark === undefined && !runnable(measurement))
    return {
      status: 'refused',
      message: [
        `${measurement.id} cannot run as planned:`,
        ...measurement.problems.map((p) => `  ${loaded.file}:${loaded.locate(p.path).line}: ${p.message}`),
      ].join('\n'),
    };
  const rawDir = join(folder('raw'), request.guide);
  const rawFile = join(rawDir, measurement.file);
  const linked = linkOnTheWay(dirname(rawFile)) ?? linkOnTheWay(join(folder('recordLogs'), request.guide));
  if (linked) return { status: 'refused', message: `${repoPath(linked.path)} ${linked.reason}: nothing run` };
  const state = measurementState(request.guide, measurement);
  if (state.exists && !request.force)
    return {
      status: 'exists',
      message: `${state.rawPath}${measurement.block === null ? '' : ` (block ${measurement.block})`} is already there: not measured again (--force measures it again and replaces it)`,
    };

  const words = request.benchmark ? [...request.benchmark] : (measurement.benchmark?.words ?? []);
  const environment = request.benchmark ? [] : (measurement.benchmark?.environment ?? []);
  const output = request.benchmark
    ? { kind: 'stdout' as const }
    : (measurement.benchmark?.output ?? { kind: 'stdout' });
  const [program, ...args] = words;
  if (program === undefined) return { status: 'refused', message: 'no benchmark command' };
  // The author's own command is held to the same allow-list as guide.yaml's (the plan's already was).
  if (request.benchmark) {
    const refused = commandRefusals({ words, environment }, 'benchmark', { repoRoots: repositoryRoots() });
    if (refused.length > 0)
      return {
        status: 'refused',
        message: [`${measurement.id}: nothing run:`, ...refused.map((r) => `  ${refusalText('benchmark', r)}`)].join(
          '\n',
        ),
      };
  }
  const located = resolveProgram(program);
  if ('problem' in located) return { status: 'failed', message: `${measurement.id}: ${located.problem}; nothing run` };
  const work = workingFolder();
  if ('problem' in work) return { status: 'refused', message: `${work.problem}: nothing run` };

  const server: PlannedServer | undefined = measurement.server;
  // The probes run with perflab's own environment; the server's is read only for the devices it was given.
  const serverEnv = Object.fromEntries((server?.environment ?? []).map((e) => [e.name, e.value]));
  const machine = readAccelerators(serverEnv);
  const engine = await engineVersion(server);

  const started = new Date();
  const logsOwner = folder('recordLogs');
  const base = join(
    logsOwner,
    request.guide,
    `${measurement.file}${measurement.block === null ? '' : `#${measurement.block.replace(/[^A-Za-z0-9._-]+/g, '-')}`}.${stamp(started)}`,
  );
  const logPath = `${base}.log`;
  const log = repoPath(logPath);
  const outputPath = `${base}.output.json`;
  const finalArgs = output.kind === 'file' ? [...args, output.flag, outputPath] : args;
  const benchmarkText = commandText([program, ...finalArgs], environment);

  let logFile: ReturnType<typeof openOwnedLog> | undefined;
  let logProblem: string | undefined;
  try {
    logFile = openOwnedLog(logPath, logsOwner);
    logFile.write(`# ${benchmarkText}\n`);
  } catch (error) {
    logProblem = (error as NodeJS.ErrnoException).code ?? String(error);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (chunk: Buffer, terminal: NodeJS.WriteStream) => {
    terminal.write(chunk);
    size += chunk.length;
    if (size <= RAW_FILE_LIMIT) chunks.push(chunk);
    if (!logFile || logProblem) return;
    try {
      logFile.write(chunk);
    } catch (error) {
      logProblem = (error as NodeJS.ErrnoException).code ?? String(error);
      process.stderr.write(`record: the log ${log} cannot be written (${logProblem}); the run goes on\n`);
    }
  };

  process.stderr.write(`record: ${measurement.id}: ${shownCommand([program, ...finalArgs], environment)}\n`);
  const child = spawn(located.path, finalArgs, {
    env: programEnvironment(environment),
    cwd: work.path,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => take(chunk, process.stdout));
  child.stderr.on('data', (chunk: Buffer) => take(chunk, process.stderr));
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    child.kill('SIGINT');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  };
  request.abort?.addEventListener('abort', interrupt, { once: true });
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: Error }>((done) => {
    child.once('error', (error) => done({ code: null, signal: null, error }));
    child.once('close', (code, signal) => done({ code, signal }));
  });
  request.abort?.removeEventListener('abort', interrupt);
  work.remove();
  const ended = new Date();
  logFile?.close();
  const kept = logProblem === undefined ? ` (its output: ${log})` : '';
  const fail = (status: 'failed' | 'interrupted', why: string): RecordOutcome => {
    if (existsSync(outputPath)) removeOwned(outputPath, logsOwner);
    return {
      status,
      message: `${measurement.id}: ${why}; nothing written to data/raw${kept}`,
      ...(logProblem ? {} : { log }),
    };
  };
  if (exit.error)
    return fail(
      'failed',
      `${program} could not start: ${(exit.error as NodeJS.ErrnoException).code ?? exit.error.message}`,
    );
  if (interrupted || request.abort?.aborted) return fail('interrupted', 'interrupted');
  if (exit.code !== 0) return fail('failed', exit.signal ? `killed by ${exit.signal}` : `exited with ${exit.code}`);
  if (size > RAW_FILE_LIMIT) return fail('failed', `printed more than ${RAW_FILE_LIMIT / 2 ** 20} MiB`);

  let result: string;
  if (output.kind === 'file') {
    if (!existsSync(outputPath)) return fail('failed', `wrote no ${basename(outputPath)} (${output.flag})`);
    result = readText(outputPath);
  } else result = Buffer.concat(chunks).toString('utf8');
  const parsed = parseRawFile(result, { file: state.rawPath });
  if (parsed.runs.length === 0)
    return fail(
      'failed',
      `its output holds no result perflab reads (${parsed.diagnostics[0]?.message ?? 'no result block'})`,
    );

  const recordPath = recordFileOf(rawFile);
  const entry: RecordedResult = {
    block: measurement.block,
    started: started.toISOString(),
    ended: ended.toISOString(),
    accelerators: 'accelerators' in machine ? machine.accelerators : null,
    ...('unknown' in machine ? { acceleratorsUnknown: machine.unknown } : {}),
    engine,
    serving: request.serving ? request.serving : server ? { command: server.text, startedBy: 'planned' } : null,
    benchmark: { command: benchmarkText },
  };
  const rawText =
    measurement.block === null
      ? result
      : withBlock(existsSync(rawFile) ? readText(rawFile) : undefined, measurement.block, result);
  const signed = signedEntry(entry, repoPath(rawFile), rawText, signingKey(request.signingKey));
  // Both files are written beside the log first, then renamed into place: a disk that fills leaves data/raw as it was.
  const rawTemp = `${base}.raw`;
  const recordTemp = `${base}.record.json`;
  try {
    writeOwned(rawTemp, logsOwner, rawText);
    writeOwned(recordTemp, logsOwner, withRecordedResult(readRecordFile(recordPath), signed.entry));
  } catch (error) {
    for (const temp of [rawTemp, recordTemp]) if (existsSync(temp)) removeOwned(temp, logsOwner);
    return fail(
      'failed',
      `could not be saved: ${(error as NodeJS.ErrnoException).code ?? String(error)} (is the disk full?)`,
    );
  }
  replaceOwned(recordTemp, logsOwner, recordPath, folder('raw'));
  replaceOwned(rawTemp, logsOwner, rawFile, folder('raw'));
  if (existsSync(outputPath)) removeOwned(outputPath, logsOwner);
  return {
    status: 'recorded',
    message: `${measurement.id}: recorded ${repoPath(rawFile)} and ${repoPath(recordPath)}, ${signed.note} (${((ended.getTime() - started.getTime()) / 1000).toFixed(1)} s)`,
    ...(logProblem ? {} : { log }),
  };
}
