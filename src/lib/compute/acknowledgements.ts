import { warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { codeInfo } from '../diagnostics/codes.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import { plausibilityWarnings } from '../ingest/plausibility.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import type { ComputedGuide, ComputedReason } from '../schema/computed.ts';
import type { ComputeContext } from './context.ts';
import { reasonByLanguage } from './localized.ts';
import { rawPathOf } from './references.ts';
import { findingStep, type StoryFinding } from '../schema/story.ts';
import type { StoryCheck } from './story.ts';

type Entry = Guide['acknowledge'][number];

/** A warning guide.yaml acknowledges, with the reason its entry gives (the review report lists them). */
export type Acknowledged = { warning: Diagnostic; reason: ComputedReason };

/** A warning and what an acknowledgement must name to cover it. */
type Acknowledgeable = {
  warning: Diagnostic;
  /** where an unacknowledged warning is reported in guide.yaml */
  path: YamlPath;
  file?: string | undefined;
  block?: string | null | undefined;
  step?: string | undefined;
  /** for a plausibility warning: the metric it is about, which its acknowledgement names */
  metric?: MetricKey | undefined;
  /** for a story check: what it found, shown on the page with the reason */
  finding?: StoryFinding;
};

const covers = (entry: Entry, item: Acknowledgeable) =>
  entry.code === item.warning.code &&
  (entry.file === undefined || entry.file === item.file) &&
  (entry.block === undefined || entry.block === item.block) &&
  (entry.step === undefined || entry.step === item.step) &&
  entry.metric === item.metric;

function expectedEntry(item: Acknowledgeable): string {
  const keys = [
    item.file ? `file: ${item.file}` : undefined,
    item.block ? `block: ${item.block}` : undefined,
    item.step ? `step: ${item.step}` : undefined,
    `code: ${item.warning.code}`,
    item.metric ? `metric: ${item.metric}` : undefined,
    'reason: { en: …, zh: … }',
  ].filter(Boolean);
  return `an entry in acknowledge: { ${keys.join(', ')} }`;
}

/**
 * Every plausibility warning on a run the page shows, and every finding of the story checks,
 * needs an acknowledgement in guide.yaml with a reason; every acknowledgement a warning that still
 * occurs. An entry without `file` (or `step`) covers the code everywhere (a known artifact of a
 * tool). Returns the warnings acknowledged, and the story findings with their reasons for the page.
 */
export function checkAcknowledgements(
  ctx: ComputeContext,
  story: readonly StoryCheck[],
): { acknowledged: Acknowledged[]; storyNotes: ComputedGuide['story'] } {
  const items: Acknowledgeable[] = [];
  for (const run of ctx.usedRuns.values())
    for (const { warning, metric } of plausibilityWarnings(run))
      items.push({
        warning,
        path: ctx.usedAt.get(run.id) ?? [],
        file: rawPathOf(run, ctx.id),
        block: run.source.blockLabel,
        metric,
      });
  // A block read without its header line (ingest's W_MISSING_HEADER, at the same line): the guide
  // says why it shows a block that lost a line, as it does for unusual numbers.
  for (const run of ctx.usedRuns.values())
    if (run.source.headerless)
      items.push({
        warning: warningAt(
          'W_MISSING_HEADER',
          run.source.file,
          `result block #${run.source.blockIndex + 1}${run.source.blockLabel ? ` ("# ${run.source.blockLabel}")` : ''} has no header line; it is read from its result lines and its closing rule`,
          { line: run.source.startLine },
        ),
        path: ctx.usedAt.get(run.id) ?? [],
        file: rawPathOf(run, ctx.id),
        block: run.source.blockLabel,
      });
  for (const check of story)
    items.push({
      warning: check.warning,
      path: check.path,
      file: check.runFile,
      step: findingStep(check.finding),
      finding: check.finding,
    });

  const acknowledge = ctx.guide.acknowledge;
  const used = new Set<number>();
  const acknowledged: Acknowledged[] = [];
  const storyNotes: ComputedGuide['story'] = [];
  for (const item of items) {
    const index = acknowledge.findIndex((entry) => covers(entry, item));
    const entry = acknowledge[index];
    if (entry) {
      used.add(index);
      acknowledged.push({ warning: item.warning, reason: reasonByLanguage(entry.reason) });
      if (item.finding) storyNotes.push({ ...item.finding, reason: reasonByLanguage(entry.reason) });
      continue;
    }
    const where = item.warning.file === ctx.file ? '' : `${item.warning.file}:${item.warning.line}: `;
    ctx.error(item.path, 'E_UNACKNOWLEDGED', `${where}${item.warning.message}`, {
      expected: expectedEntry(item),
      found: item.warning.found ?? 'no acknowledgement',
      // A story finding is most often guide.yaml to correct (a flag dropped from the recommended
      // command): its own hint says how, before acknowledging; a run's warning keeps the generic one.
      ...(item.finding ? { hint: item.warning.hint ?? codeInfo(item.warning.code).hint } : {}),
    });
  }
  acknowledge.forEach((entry, index) => {
    const reason = reasonByLanguage(entry.reason);
    if (reason.en === undefined || reason.zh === undefined)
      ctx.diagnostics.push(
        warningAt(
          'W_REASON_UNTRANSLATED',
          ctx.file,
          `the reason for ${entry.code} is in ${reason.en === undefined ? 'Chinese' : 'English'} only: the ${reason.en === undefined ? 'English' : 'Chinese'} page shows it as written`,
          {
            ...ctx.locate(['acknowledge', index, 'reason']),
            expected: 'reason: { en: …, zh: … }',
            found: typeof entry.reason === 'string' ? 'one string' : `only ${reason.en === undefined ? 'zh' : 'en'}`,
          },
        ),
      );
    if (used.has(index)) return;
    const scope = entry.file ?? (entry.step ? `step "${entry.step}"` : 'every run');
    const metric = entry.metric ? ` for ${entry.metric}` : '';
    ctx.error(
      ['acknowledge', index],
      'E_STALE_ACKNOWLEDGEMENT',
      `acknowledges ${entry.code}${metric} on ${scope}${entry.block ? ` (block "${entry.block}")` : ''}, which this guide no longer raises`,
      { expected: 'a warning that occurs', found: 'none' },
    );
  });
  return { acknowledged, storyNotes };
}
