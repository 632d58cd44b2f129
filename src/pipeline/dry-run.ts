// run-plan --dry-run: the rehearsal of a plan (src/lib/plan/rehearsal.ts says it). It runs none of
// the plan's commands, so nothing a pull request wrote runs: each program is only looked up on the
// author's PATH (programs.ts); the probes are perflab's own, with its environment and in no folder
// of the repository: nvidia-smi / npu-smi (what a record would list), the Python a `python3 -m`
// command names asked whether the module's package is installed (importing nothing), the key's
// public half held to data/allowed-signers. It writes nothing: no raw file, record, log or run state.
import { runnable, type GuidePlan } from '../lib/plan/plan.ts';
import type { RunGroup } from '../lib/plan/run-review.ts';
import { rehearsalText, type Found, type Rehearsal } from '../lib/plan/rehearsal.ts';
import type { RecordedAccelerators } from '../lib/schema/record.ts';
import { pythonModuleProblem, readAccelerators } from './machine.ts';
import { measurementState } from './plan.ts';
import { resolveProgram, workingFolder } from './programs.ts';
import { signingStatus } from './record-signatures.ts';
import { listening } from './server-process.ts';

const PYTHON = /^python(\d+(\.\d+)*)?$/;

/** Where a command's program is, and for `python3 -m <module>` whether the module is installed there. */
function found(words: readonly string[]): Found {
  const program = resolveProgram(words[0] ?? '');
  if ('problem' in program) return program;
  if (PYTHON.test(words[0] ?? '') && words[1] === '-m' && words[2] !== undefined) {
    const missing = pythonModuleProblem(program.path, words[2]);
    if (missing !== undefined) return { problem: missing };
    return { path: `${program.path} -m ${words[2]}` };
  }
  return program;
}

function acceleratorsText(a: RecordedAccelerators): string {
  const names = [...new Set(a.devices.map((d) => d.name))].join(', ');
  return `${a.devices.length} × ${names} (${a.tool}${a.driver === undefined ? '' : `, driver ${a.driver}`}${a.visible === undefined ? '' : `, visible ${a.visible}`})`;
}

/** The rehearsal of the measurements run-plan would run (`groups`), as lines, and whether a real run would hit a problem. */
export async function rehearse(
  guide: string,
  plan: GuidePlan,
  groups: readonly RunGroup[],
): Promise<{ lines: string[]; problems: string[] }> {
  const states = plan.measurements.map((m) => ({ m, state: measurementState(guide, m) }));
  const work = workingFolder();
  if ('path' in work) work.remove();
  // With nothing to measure there is no record to say anything of: nothing probed.
  const measuring = groups.some((g) => g.measurements.length > 0);
  const machine = measuring ? readAccelerators({}) : { unknown: 'nothing would be measured' };
  const rehearsal: Rehearsal = {
    guide,
    total: plan.measurements.length,
    present: states.filter((s) => s.state.exists).map((s) => s.m.id),
    blocked: states
      .filter((s) => !s.state.exists && !runnable(s.m))
      .map((s) => ({ id: s.m.id, reason: s.m.problems[0]?.message ?? 'no server' })),
    groups: await Promise.all(
      groups.map(async (g) => ({
        where: `${g.server.engine} on ${g.server.host}:${g.server.port}`,
        program: found(g.server.words),
        portInUse: await listening(g.server.host, g.server.port),
        measurements: g.measurements.map((m) => ({
          id: m.id,
          benchmark: m.benchmark ? found(m.benchmark.words) : { problem: 'no benchmark command' },
          rawPath: measurementState(guide, m).rawPath,
        })),
      })),
    ),
    accelerators:
      'accelerators' in machine ? { listed: acceleratorsText(machine.accelerators) } : { problem: machine.unknown },
    signing: measuring ? signingStatus() : { unsigned: 'nothing would be signed' },
    workFolder: 'problem' in work ? work.problem : undefined,
  };
  return rehearsalText(rehearsal);
}
