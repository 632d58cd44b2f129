import { utcTime } from '../dates.ts';
import type { Translate } from '../i18n.ts';
import type { Environments, Machine, RunEnvironment } from '../schema/computed.ts';

/**
 * What a recorded result ran on, as a page shows it beside the raw result, and the setup section's
 * environments: the computed guide's records in the page's language. Nothing here is measured or
 * compared; compute found the rows and the mix.
 */

/** One line of what a result ran on; a command is shown as code. */
export type EnvironmentLine = { name: string; value: string; code?: boolean };
export type RawEnvironment = { heading: string; lines: EnvironmentLine[] };

export type EnvironmentsView = {
  heading: string;
  intro: string;
  columns: { machine: string; driver: string; engine: string; results: string };
  rows: { machine: string; driver: string; engine: string; results: string[] }[];
  /** which of the records are signed: said under the intro, each unsigned result marked in the table too */
  signed: string;
  /** one engine at several versions, several drivers: said above the table */
  warnings: string[];
};

/** The start and end, the end's date left out when it is the start's. */
function whenText(env: RunEnvironment, tr: Translate): string {
  const start = utcTime(env.started);
  const end = utcTime(env.ended);
  const sameDay = start.slice(0, 10) === end.slice(0, 10);
  return tr('environment.whenValue', { start, end: sameDay ? end.slice(11) : end });
}

const machineText = (machine: Machine, tr: Translate) => {
  const counted = tr('environment.machine', { count: machine.count, name: machine.name });
  return machine.memoryMiB === undefined
    ? counted
    : tr('environment.memory', { machine: counted, memory: machine.memoryMiB });
};

const engineText = (engine: { name?: string | undefined; id?: string | undefined; version?: string | undefined }) =>
  [engine.name ?? engine.id ?? '', engine.version ?? ''].join(' ').trim();

export function rawEnvironment(env: RunEnvironment, tr: Translate, label: string | null = null): RawEnvironment {
  // Signed or not comes first: an unsigned record is what its author states, not what was recorded.
  const lines: EnvironmentLine[] = [
    {
      name: tr('environment.record'),
      value:
        env.signedBy === undefined ? tr('environment.unsigned') : tr('environment.signedBy', { signer: env.signedBy }),
    },
  ];
  const { machine, engine } = env;
  if (machine) {
    lines.push({ name: tr('environment.accelerators'), value: machineText(machine, tr) });
    if (machine.driver)
      lines.push({
        name: tr('environment.driver'),
        value: tr('environment.driverValue', { driver: machine.driver, tool: machine.tool }),
      });
  } else if (env.machineUnknown)
    lines.push({
      name: tr('environment.accelerators'),
      value: tr('environment.unknown', { reason: env.machineUnknown }),
    });
  if (engine)
    lines.push({
      name: tr('environment.engine'),
      value:
        engine.version === undefined
          ? tr('environment.engineUnknownVersion', { name: engine.name ?? engine.id ?? '', source: engine.source })
          : engineText(engine),
    });
  lines.push({ name: tr('environment.when'), value: whenText(env, tr) });
  if (env.serving)
    lines.push({ name: tr(`environment.serving.${env.serving.startedBy}`), value: env.serving.command, code: true });
  lines.push({ name: tr('environment.benchmark'), value: env.benchmark, code: true });
  const signed = env.signedBy !== undefined;
  return {
    heading:
      label === null
        ? tr(signed ? 'environment.heading' : 'environment.headingUnsigned')
        : tr(signed ? 'environment.headingBlock' : 'environment.headingBlockUnsigned', { label }),
    lines,
  };
}

/** Which of the guide's records are signed, and by whom. */
function signedText(environments: Environments, tr: Translate, list: (items: readonly string[]) => string): string {
  const results = environments.rows.flatMap((row) => row.results);
  const signers = [...new Set(results.flatMap((r) => (r.signedBy === undefined ? [] : [r.signedBy])))].sort();
  const signed = results.filter((r) => r.signedBy !== undefined).length;
  if (signed === 0) return tr('setup.environment.noneSigned');
  const values = { total: results.length, signed, signers: list(signers) };
  return tr(signed === results.length ? 'setup.environment.allSigned' : 'setup.environment.someSigned', values);
}

export function environmentsView(environments: Environments, tr: Translate): EnvironmentsView {
  // Chinese lists take 、 where English takes a comma.
  const list = (items: readonly string[]) => items.join(tr('story.listSeparator'));
  return {
    heading: tr('setup.environments'),
    intro: tr('setup.environmentsIntro'),
    columns: {
      machine: tr('setup.environment.machine'),
      driver: tr('setup.environment.driver'),
      engine: tr('setup.environment.engine'),
      results: tr('setup.environment.results'),
    },
    rows: environments.rows.map((row) => ({
      machine: row.machine ? machineText(row.machine, tr) : '',
      driver: row.machine?.driver ?? '',
      engine: row.engine ? engineText(row.engine) : '',
      results: row.results.map((r) => {
        const result = r.block === null ? r.file : `${r.file} # ${r.block}`;
        return r.signedBy === undefined ? tr('setup.environment.unsignedResult', { result }) : result;
      }),
    })),
    signed: signedText(environments, tr, list),
    warnings: [
      ...environments.mixed.engines.map((e) =>
        tr('setup.environment.mixedEngine', { engine: e.name, count: e.versions.length, versions: list(e.versions) }),
      ),
      ...(environments.mixed.drivers.length > 1
        ? [
            tr('setup.environment.mixedDriver', {
              count: environments.mixed.drivers.length,
              drivers: list(environments.mixed.drivers),
            }),
          ]
        : []),
    ],
  };
}
