import type { Accuracy } from '../schema/computed.ts';
import { gsm8kVerdict } from './accuracy.ts';
import type { ComputeContext } from './context.ts';
import { cellOf } from './measure-run.ts';
import { lookup, resolveResult } from './references.ts';

/** Each accuracy check's scores, sample counts and whether their difference is within noise. */
export function computeAccuracy(ctx: ComputeContext): Accuracy[] {
  const checks: Accuracy[] = [];
  ctx.guide.accuracy.forEach((check, checkIndex) => {
    const path = ['accuracy', checkIndex];
    lookup(ctx, ctx.guide.steps, 'step', check.after, [...path, 'after']);
    const results = check.results.map((result, resultIndex) => {
      const resultPath = [...path, 'results', resultIndex, 'result'];
      const run = resolveResult(ctx, result.result, resultPath);
      if (!run) return undefined;
      const score = cellOf(ctx, run, 'gsm8k_accuracy', resultPath);
      const printed = run.metrics.gsm8k_n;
      if (printed !== undefined && check.samples !== undefined && printed.value !== check.samples) {
        ctx.error(
          [...path, 'samples'],
          'E_INCONSISTENT',
          `samples: ${check.samples} contradicts ${run.source.file}:${printed.line}, which printed ${printed.value}`,
          { expected: String(printed.value), found: String(check.samples) },
        );
      }
      const samples = printed?.value ?? check.samples;
      if (samples === undefined) {
        ctx.error(
          [...path, 'samples'],
          'E_MISSING_REQUIRED',
          `${run.source.file} does not print its sample count; the noise verdict needs it`,
          { expected: 'samples: <number of questions>', found: 'nothing' },
        );
        return undefined;
      }
      return score ? { label: result.label, score, samples } : undefined;
    });
    const complete = results.filter((r) => r !== undefined);
    const [first, second] = complete;
    if (complete.length !== results.length || !first || !second) return;
    checks.push({
      id: check.id,
      after: check.after,
      title: check.title,
      column: check.column,
      results: complete,
      verdict: gsm8kVerdict(first, second),
    });
  });
  return checks;
}
