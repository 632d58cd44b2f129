import type { Accuracy } from '../schema/computed.ts';
import { gsm8kVerdict } from './accuracy.ts';
import type { ComputeContext } from './context.ts';
import { cellOf } from './measure-run.ts';
import { lookup, resolveResult } from './references.ts';

/** What two accuracy results must share to be compared: the task, the scoring, the sample count. */
type Aspect = NonNullable<Accuracy['incomparable']>[number];

/**
 * The aspects in which a result differs from the first: a GSM8K score of SGLang (last integer,
 * 1319 questions) and one of lm-eval's gsm8k_platinum_cot (strict-match, 1209 questions) measure
 * different things, and a z-test between them would report a change that is not there.
 */
function differences(first: Result, other: Result): Aspect[] {
  const out: Aspect[] = [];
  if (first.evaluation?.task !== other.evaluation?.task) out.push('task');
  if (first.evaluation?.scoring !== other.evaluation?.scoring) out.push('scoring');
  if (first.samples !== other.samples) out.push('samples');
  return out;
}

type Result = Accuracy['results'][number];

/**
 * Each accuracy check's scores and sample counts, and whether the first two differ within noise.
 * A check with one result (a single GSM8K run) is shown as it is, without a verdict; so is a check
 * whose results differ in task, scoring or sample count (`incomparable` says in which).
 */
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
          `${run.source.file} does not print its sample count; ${check.results.length > 1 ? 'the noise verdict needs it' : 'the page shows how many questions the score is out of'}`,
          { expected: 'samples: <number of questions>', found: 'nothing' },
        );
        return undefined;
      }
      return score
        ? { label: result.label, score, samples, ...(run.evaluation && { evaluation: run.evaluation }) }
        : undefined;
    });
    const complete = results.filter((r) => r !== undefined);
    const [first, second] = complete;
    if (complete.length !== results.length || !first) return;
    const incomparable = [...new Set(complete.slice(1).flatMap((r) => differences(first, r)))];
    checks.push({
      id: check.id,
      after: check.after,
      title: check.title,
      column: check.column,
      results: complete,
      ...(incomparable.length > 0 ? { incomparable } : second ? { verdict: gsm8kVerdict(first, second) } : {}),
    });
  });
  return checks;
}
