import { createHash } from 'node:crypto';
import type { WarningCode } from '../diagnostics/codes.ts';
import { warningAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { ComputedStep, ComputedVariant } from '../schema/computed.ts';
import { commandModel, configFlags } from '../serving/flags.ts';
import type { ComputeContext } from './context.ts';
import { rawPathOf } from './references.ts';

/**
 * Does the guide tell one story? The recommended command carries the last adopted winner's
 * flags; each step starts from the configuration the previous steps adopted; no tuning variant is
 * the baseline again; every command serves the guide's model; no raw block is another guide's.
 * Each finding is a warning at its guide.yaml path, to be acknowledged with a reason.
 */
export type StoryFinding = Diagnostic & { path: YamlPath; step?: string; runFile?: string };

/** Flags of `from` that `to` drops or sets differently. */
function differences(from: ReadonlyMap<string, string>, to: ReadonlyMap<string, string>): string[] {
  return [...from].flatMap(([name, value]) => {
    const other = to.get(name);
    if (other === undefined) return [`${value === '' ? name : `${name}=${value}`} is missing`];
    return other === value ? [] : [`${name} is ${other === '' ? 'set without a value' : `"${other}"`}, not "${value}"`];
  });
}

/** A raw block's identity for "copied from another guide": its text with whitespace runs collapsed. */
export function blockDigest(raw: string): string {
  return createHash('sha256').update(raw.replace(/\s+/g, ' ').trim()).digest('hex');
}

/** Which guides hold each raw block: built once for all guides, so finding copies stays linear. */
export type BlockIndex = ReadonlyMap<string, readonly { guide: string; file: string }[]>;

export function blockIndex(
  guides: Iterable<{ id: string; runs: readonly { raw: string; source: { file: string } }[] }>,
): BlockIndex {
  const index = new Map<string, { guide: string; file: string }[]>();
  for (const { id, runs } of guides)
    for (const run of runs) {
      const digest = blockDigest(run.raw);
      index.set(digest, [...(index.get(digest) ?? []), { guide: id, file: run.source.file }]);
    }
  return index;
}

export function storyFindings(ctx: ComputeContext, steps: readonly ComputedStep[], blocks: BlockIndex): StoryFinding[] {
  const findings: StoryFinding[] = [];
  const warn = (code: WarningCode, path: YamlPath, message: string, about: { step?: string; runFile?: string } = {}) =>
    findings.push({ ...warningAt(code, ctx.file, message, ctx.locate(path)), path, ...about });
  const stepIndex = (id: string) => ctx.guide.steps.findIndex((s) => s.id === id);
  const variantPath = (step: ComputedStep, variant: ComputedVariant) => [
    'steps',
    stepIndex(step.id),
    'variants',
    step.variants.indexOf(variant),
  ];

  const baselineStep = steps.find((s) => s.id === ctx.guide.baseline.step);
  const baseline = baselineStep?.variants.find((v) => v.id === ctx.guide.baseline.variant);
  let current = baseline ? { step: baselineStep?.id ?? '', variant: baseline } : undefined;

  for (const step of steps) {
    for (const variant of step.variants) {
      if (!current || step.id === ctx.guide.baseline.step || variant.status !== 'ok') continue;
      const start = configFlags(current.variant);
      const flags = configFlags(variant);
      const path = variantPath(step, variant);
      const label = variant.label?.en ?? step.title.en;
      if (variant.engine.id !== current.variant.engine.id)
        warn(
          'W_STORY_START',
          path,
          `"${label}" runs on ${variant.engine.name}; the configuration this step starts from runs on ${current.variant.engine.name}`,
          { step: step.id },
        );
      else {
        const dropped = [...start.keys()].filter((name) => !flags.has(name));
        if (dropped.length > 0)
          warn(
            'W_STORY_START',
            path,
            `"${label}" drops ${dropped.join(', ')} of the configuration this step starts from (${current.variant.label?.en ?? current.step})`,
            { step: step.id },
          );
      }
      if (
        baseline &&
        variant.engine.id === baseline.engine.id &&
        differences(configFlags(baseline), flags).length === 0 &&
        differences(flags, configFlags(baseline)).length === 0
      )
        warn('W_STORY_BASELINE', path, `"${label}" is configured exactly as the baseline`, { step: step.id });
    }
    const winner = step.variants.find((v) => v.id === step.winner);
    if (step.adopted && winner) current = { step: step.id, variant: winner };
  }

  if (current) {
    const missing = differences(configFlags(current.variant), configFlags({ command: ctx.guide.recommended.command }));
    if (missing.length > 0)
      warn(
        'W_STORY_RECOMMENDED',
        ['recommended', 'command'],
        `the recommended command differs from the last adopted configuration (${current.variant.label?.en ?? current.step}): ${missing.join('; ')}`,
      );
  }

  // Every command serves the guide's model (a quantized build of it counts: "GLM-4.6-FP8").
  const modelName = (ctx.guide.model.name.split('/').at(-1) ?? '').toLowerCase();
  const commands: [string, YamlPath][] = [[ctx.guide.recommended.command, ['recommended', 'command']]];
  for (const step of steps)
    for (const variant of step.variants)
      if (variant.command) commands.push([variant.command, variantPath(step, variant)]);
  for (const [command, path] of commands) {
    const served = commandModel(command);
    if (served && !served.toLowerCase().includes(modelName))
      warn('W_STORY_MODEL', path, `the command serves "${served}", not the guide's model ${ctx.guide.model.name}`);
  }

  for (const run of ctx.usedRuns.values()) {
    // Serving results only: a one-line accuracy output ("Accuracy: 0.975") repeats by chance.
    if (run.metrics.total_token_throughput === undefined && run.metrics.request_throughput === undefined) continue;
    const other = blocks.get(blockDigest(run.raw))?.find((owner) => owner.guide !== ctx.id);
    if (other)
      warn(
        'W_STORY_COPIED',
        ctx.usedAt.get(run.id) ?? [],
        `${run.source.file} holds the same block as ${other.file}: a result copied from another guide?`,
        {
          runFile: rawPathOf(run, ctx.id),
        },
      );
  }
  return findings;
}
