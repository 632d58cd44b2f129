import { utcTime } from '../dates.ts';
import type { ComputedGuide, Environments, RunEnvironment } from '../schema/computed.ts';

type Environment = Environments['rows'][number];
import { markdownText } from './markdown.ts';

/**
 * What the review report says of records (npm run record): for each raw result replaced or added
 * that has one, what it ran on and when, beside what the result it replaced ran on when that
 * differs; and a mix of engine versions or drivers the change brings (W_RECORDED_MIXED). Every
 * string of a record came from the pull request and goes in through markdownText.
 */

/** What a result ran on, without when: "2 × NVIDIA H100 80GB HBM3, driver 570.124.06, vLLM 0.12.0". */
function settingText(env: Pick<RunEnvironment, 'machine'> & { engine?: Environment['engine'] }): string {
  const { machine, engine } = env;
  return [
    machine ? `${machine.count} × ${markdownText(machine.name)}` : 'accelerators not known',
    ...(machine?.driver ? [`driver ${markdownText(machine.driver)}`] : []),
    ...(engine
      ? [
          `${markdownText(engine.name ?? engine.id ?? 'engine')} ${markdownText(engine.version ?? '(version not known)')}`,
        ]
      : []),
  ].join(', ');
}

/** What a result ran on and when it started: "…, vLLM 0.12.0, 2026-12-04 23:45:32 UTC". */
export const environmentText = (env: RunEnvironment) =>
  `${settingText(env)}, ${markdownText(utcTime(env.started))} UTC`;

const mixText = (guide: ComputedGuide) => {
  const mixed = guide.environments?.mixed;
  if (!mixed) return '';
  return [
    ...mixed.engines.map((e) => `${markdownText(e.name)} at ${e.versions.map(markdownText).join(', ')}`),
    ...(mixed.drivers.length > 1 ? [`drivers ${mixed.drivers.map(markdownText).join(', ')}`] : []),
  ].join('; ');
};

export function recordedLines(
  before: ComputedGuide | undefined,
  after: ComputedGuide,
  runIds: readonly string[],
): string[] {
  const lines: string[] = [];
  for (const id of runIds) {
    const run = after.runs[id];
    if (!run?.recorded) continue;
    const name = `${markdownText(run.file)}${run.blockLabel ? ` (${markdownText(run.blockLabel)})` : ''}`;
    const was = before?.runs[id];
    const changed =
      was !== undefined && (was.recorded ? settingText(was.recorded) : 'no record') !== settingText(run.recorded);
    // Only a verified signature makes it "recorded"; otherwise it is the author's word.
    const said =
      run.recorded.signedBy === undefined
        ? `stated by the author, unsigned: ran on ${environmentText(run.recorded)}`
        : `recorded on ${environmentText(run.recorded)}, signed by ${markdownText(run.recorded.signedBy)}`;
    lines.push(
      `- ${name} ${said}${changed ? ` (the result it replaces: ${was.recorded ? environmentText(was.recorded) : 'no record'})` : ''}.`,
    );
  }
  const mix = mixText(after);
  if (mix !== '' && (before === undefined || mixText(before) !== mix))
    lines.push(
      `- **Mixed environments (W_RECORDED_MIXED):** the results ran on ${mix}; the page warns readers that their numbers are compared as if they had not.`,
    );
  return lines;
}

/**
 * For a guide a pull request adds: the environments its results were recorded on, each with how
 * many results, how many have no record, and the mix of engine versions or drivers if any.
 */
export function newGuideRecordedLines(guide: ComputedGuide): string[] {
  if (!guide.environments) return [];
  const rows = guide.environments.rows.map((row) => {
    const n = row.results.length;
    return `${settingText(row)} (${n} result${n === 1 ? '' : 's'})`;
  });
  const runs = Object.values(guide.runs);
  const without = runs.filter((run) => !run.recorded).length;
  const unsigned = runs.filter((run) => run.recorded && run.recorded.signedBy === undefined).length;
  const signers = [...new Set(runs.flatMap((run) => (run.recorded?.signedBy ? [run.recorded.signedBy] : [])))].sort();
  const signedBy = signers.length > 0 ? `signed by ${signers.map(markdownText).join(', ')}` : '';
  const stated = unsigned > 0 ? `${unsigned} stated by the author, unsigned` : '';
  return [
    `- Records (${[signedBy, stated].filter((part) => part !== '').join('; ')}) say the results ran on: ${rows.join('; ')}${without > 0 ? `; ${without} result${without === 1 ? '' : 's'} without a record` : ''}.`,
    ...recordedLines(undefined, guide, []),
  ];
}
