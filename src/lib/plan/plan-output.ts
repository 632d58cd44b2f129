// What `npm run plan` prints: a listing an engineer reads, grouped by server, or JSON with one entry
// per measurement for a scheduler (a Kubernetes Job, a Slurm array) to run on many machines.
import type { YamlPath } from '../yaml-path.ts';
import { serverGroups, useText, type GuidePlan, type Measurement, type PlanProblem } from './plan.ts';

export type Locate = (path: YamlPath) => { line: number; column: number };

/** Whether a measurement's raw result and record are already in data/raw. */
export type StateOf = { rawPath: string; exists: boolean; recorded: boolean };

type Context = { plan: GuidePlan; states: readonly StateOf[]; file: string; locate: Locate };

/** The command that records one measurement, as the scheduler or the engineer runs it. */
export function recordCommand(guide: string, measurement: Pick<Measurement, 'id'>): string[] {
  return ['npm', 'run', 'record', '--', guide, measurement.id];
}

const where = (ctx: Context, problem: PlanProblem) => {
  const at = ctx.locate(problem.path);
  return { file: ctx.file, line: at.line, column: at.column };
};

const mark = (state: StateOf | undefined, m: Measurement) =>
  m.problems.length > 0 ? '[!]' : state?.recorded ? '[x]' : state?.exists ? '[~]' : '[ ]';

/** Counts of what is recorded, present without a record, to run, and cannot run. */
export function planCounts(plan: GuidePlan, states: readonly StateOf[]) {
  let recorded = 0;
  let unrecorded = 0;
  let toRun = 0;
  let blocked = 0;
  plan.measurements.forEach((m, i) => {
    const state = states[i];
    if (state?.exists && state.recorded) recorded++;
    else if (state?.exists) unrecorded++;
    else if (m.problems.length > 0) blocked++;
    else toRun++;
  });
  return { recorded, unrecorded, toRun, blocked };
}

export function planText(ctx: Context): string {
  const { plan, states } = ctx;
  const counts = planCounts(plan, states);
  const groups = serverGroups(plan);
  const out: string[] = [
    `plan: ${plan.guide}: ${plan.measurements.length} measurement(s) on ${groups.length} server(s): ${counts.recorded} recorded, ${counts.unrecorded} present without a record, ${counts.toRun} to run, ${counts.blocked} that cannot run as planned`,
    '  [x] recorded   [~] raw result present, no record   [ ] to run   [!] cannot run: see its problem',
  ];
  const index = new Map(plan.measurements.map((m, i) => [m, i]));
  const item = (m: Measurement) => {
    const i = index.get(m) ?? 0;
    const state = states[i];
    out.push(`  ${mark(state, m)} ${m.id}   (${m.uses.map(useText).join('; ')})`);
    if (m.benchmark)
      out.push(
        `      ${m.benchmark.text}${m.benchmark.output.kind === 'file' ? `   (record adds ${m.benchmark.output.flag} <file>)` : ''}`,
      );
    if (state) out.push(`      → ${state.rawPath}`);
    for (const problem of m.problems) {
      const at = where(ctx, problem);
      out.push(`      ${at.file}:${at.line}:${at.column}: ${problem.message}`);
    }
  };
  groups.forEach((group, g) => {
    out.push(
      '',
      `server ${g + 1} of ${groups.length}: ${group.server.engine} on ${group.server.host}:${group.server.port}`,
    );
    out.push(`  ${group.server.text}`);
    for (const m of group.measurements) item(m);
  });
  const serverless = plan.measurements.filter((m) => m.server === undefined);
  if (serverless.length > 0) {
    out.push('', 'no server (see each problem):');
    for (const m of serverless) item(m);
  }
  for (const problem of plan.problems) {
    const at = where(ctx, problem);
    out.push('', `${at.file}:${at.line}:${at.column}: ${problem.message}`);
  }
  out.push(
    '',
    `record one: npm run record -- ${plan.guide} <measurement>; all, unattended and resumable: npm run run-plan -- ${plan.guide}`,
  );
  return `${out.join('\n')}\n`;
}

/** One entry per measurement, everything a machine needs to run it, in plan order. */
export function planJson(ctx: Context): string {
  const { plan, states } = ctx;
  const entries = plan.measurements.map((m, i) => {
    const state = states[i];
    return {
      id: m.id,
      file: m.file,
      block: m.block,
      rawPath: state?.rawPath,
      exists: state?.exists ?? false,
      recorded: state?.recorded ?? false,
      uses: m.uses,
      server: m.server
        ? {
            engine: m.server.engine,
            command: m.server.text,
            words: m.server.words,
            environment: m.server.environment,
            host: m.server.host,
            port: m.server.port,
            health: `http://${m.server.host}:${m.server.port}/health`,
          }
        : null,
      benchmark: m.benchmark
        ? {
            tool: m.benchmark.tool,
            command: m.benchmark.text,
            words: m.benchmark.words,
            environment: m.benchmark.environment,
            output: m.benchmark.output,
          }
        : null,
      record: recordCommand(plan.guide, m),
      problems: m.problems.map((p) => ({ message: p.message, ...where(ctx, p) })),
    };
  });
  return `${JSON.stringify(
    {
      guide: plan.guide,
      measurements: entries,
      problems: plan.problems.map((p) => ({ message: p.message, ...where(ctx, p) })),
    },
    null,
    2,
  )}\n`;
}
