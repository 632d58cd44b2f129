import { warningAt } from '../diagnostics/diagnostics.ts';
import { acceleratorSummary } from '../record/accelerators.ts';
import type { Environments, Machine, RunEnvironment } from '../schema/computed.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import type { RecordedAccelerators } from '../schema/record.ts';
import type { Run } from '../schema/run.ts';
import { byCodeUnit } from '../code-unit-order.ts';
import type { ComputeContext } from './context.ts';

/**
 * What each recorded result ran on, as its page shows it beside the raw result, and the
 * environments the guide's results ran on, for the setup section: one row per distinct machine,
 * driver and engine version. One engine at several versions, or several drivers, is a warning
 * (W_RECORDED_MIXED) at the guide.yaml line that names them. Results without a record have none.
 */

function machineOf(accelerators: RecordedAccelerators): Machine {
  const s = acceleratorSummary(accelerators);
  return {
    kind: accelerators.kind,
    tool: accelerators.tool,
    name: s.name,
    count: s.count,
    ...(s.memoryMiB === undefined ? {} : { memoryMiB: s.memoryMiB }),
    ...(s.driver === undefined ? {} : { driver: s.driver }),
  };
}

/** A run's record as the page shows it; undefined for a run without one. */
export function runEnvironment(run: Run, engines: Guide['engines']): RunEnvironment | undefined {
  const recorded = run.recorded;
  if (!recorded) return undefined;
  const engine = recorded.engine;
  const name = engines.find((e) => e.id === engine?.id)?.name ?? engine?.id;
  return {
    started: recorded.started,
    ended: recorded.ended,
    ...(recorded.accelerators ? { machine: machineOf(recorded.accelerators) } : {}),
    ...(recorded.acceleratorsUnknown ? { machineUnknown: recorded.acceleratorsUnknown } : {}),
    ...(engine
      ? {
          engine: {
            ...(engine.id === undefined ? {} : { id: engine.id }),
            ...(name === undefined ? {} : { name }),
            ...(engine.version === undefined ? {} : { version: engine.version }),
            source: engine.source,
          },
        }
      : {}),
    ...(recorded.serving ? { serving: recorded.serving } : {}),
    benchmark: recorded.benchmark.command,
    ...(recorded.signedBy === undefined ? {} : { signedBy: recorded.signedBy }),
  };
}

/** The environments of the results the page shows; undefined when none has a record. Warns on a mix. */
export function computeEnvironments(ctx: ComputeContext): Environments | undefined {
  const recorded = [...ctx.usedRuns.values()]
    .filter((run) => run.recorded !== undefined)
    .sort((a, b) => byCodeUnit(a.id, b.id));
  if (recorded.length === 0) return undefined;
  const prefix = `data/raw/${ctx.id}/`;
  const rows = new Map<string, Environments['rows'][number]>();
  for (const run of recorded) {
    const environment = runEnvironment(run, ctx.guide.engines);
    const machine = environment?.machine;
    const engine = environment?.engine;
    const shownEngine = engine && {
      ...(engine.id === undefined ? {} : { id: engine.id }),
      ...(engine.name === undefined ? {} : { name: engine.name }),
      ...(engine.version === undefined ? {} : { version: engine.version }),
    };
    const key = JSON.stringify([machine ?? null, shownEngine ?? null]);
    const row = rows.get(key) ?? {
      ...(machine ? { machine } : {}),
      ...(shownEngine ? { engine: shownEngine } : {}),
      results: [],
    };
    row.results.push({
      runId: run.id,
      file: run.source.file.replace(prefix, ''),
      block: run.source.blockLabel,
      ...(environment?.signedBy === undefined ? {} : { signedBy: environment.signedBy }),
    });
    rows.set(key, row);
  }

  // One engine at several versions; several drivers.
  const engines = ctx.guide.engines.flatMap((engine, e) => {
    const versions = [
      ...new Set(recorded.flatMap((r) => (r.recorded?.engine?.id === engine.id ? [r.recorded.engine.version] : []))),
    ]
      .filter((v): v is string => v !== undefined)
      .sort(byCodeUnit);
    if (versions.length < 2) return [];
    const which = versions.map((version) => {
      const files = recorded.filter(
        (r) => r.recorded?.engine?.id === engine.id && r.recorded.engine.version === version,
      );
      return `${version} (${resultsText(files, prefix)})`;
    });
    ctx.diagnostics.push(
      warningAt(
        'W_RECORDED_MIXED',
        ctx.file,
        `the results of ${engine.name} ran on ${versions.length} versions of it: ${which.join(', ')}`,
        {
          ...ctx.locate(engine.version === undefined ? ['engines', e] : ['engines', e, 'version']),
          expected: `one version of ${engine.name}`,
          found: versions.join(', '),
        },
      ),
    );
    return [{ name: engine.name, versions }];
  });
  const drivers = [
    ...new Set(recorded.flatMap((r) => (r.recorded?.accelerators?.driver ? [r.recorded.accelerators.driver] : []))),
  ].sort(byCodeUnit);
  if (drivers.length > 1) {
    const which = drivers.map((driver) => {
      const files = recorded.filter((r) => r.recorded?.accelerators?.driver === driver);
      return `${driver} (${resultsText(files, prefix)})`;
    });
    ctx.diagnostics.push(
      warningAt(
        'W_RECORDED_MIXED',
        ctx.file,
        `the results ran on ${drivers.length} accelerator drivers: ${which.join(', ')}`,
        { ...ctx.locate(['hardware']), expected: 'one driver', found: drivers.join(', ') },
      ),
    );
  }
  return { rows: [...rows.values()], mixed: { engines, drivers: drivers.length > 1 ? drivers : [] } };
}

/** "engine/vllm.txt", "engine/vllm.txt and 2 other results" */
function resultsText(runs: readonly Run[], prefix: string): string {
  const files = [
    ...new Set(
      runs.map((r) => r.source.file.replace(prefix, '') + (r.source.blockLabel ? ` # ${r.source.blockLabel}` : '')),
    ),
  ];
  const rest = files.length - 1;
  return rest === 0 ? (files[0] ?? '') : `${files[0] ?? ''} and ${rest} other result${rest === 1 ? '' : 's'}`;
}
