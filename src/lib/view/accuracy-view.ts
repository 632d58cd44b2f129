import { shown } from '../format/measurement-text.ts';
import { formatFixed } from '../format/number.ts';
import type { Accuracy } from '../schema/computed.ts';
import { BoundedMemo } from '../bounded-memo.ts';
import { localeLanguages, type Locale } from '../i18n.ts';
import type { ViewContext } from './view-context.ts';

export type AccuracyView = {
  id: string;
  heading: string;
  introHtml?: string;
  column: string;
  scoreColumn: string;
  rows: { label: string; score: string }[];
  /** whether the difference is within noise, or for a lone result that there is none to judge */
  verdict: string;
  /** how the verdict was reached; absent for a lone result */
  method?: string;
  afterHtml?: string;
};

/** An accuracy check's table and its noise verdict (or, for a lone result, that there is none), in words. */
// Making a PluralRules is costly next to using one (it was a tenth of a guide page's view).
const pluralRulesByLang = new BoundedMemo<Intl.PluralRules>(8);
const pluralRules = (lang: Locale) =>
  pluralRulesByLang.get(lang, () => new Intl.PluralRules(localeLanguages[lang].lang));

export function accuracyView(ctx: ViewContext, check: Accuracy): AccuracyView {
  const { lang, tr } = ctx;
  const samples = Math.min(...check.results.map((r) => r.samples));
  const intro = ctx.slot(`accuracy:${check.id}`);
  const after = ctx.slot(`accuracy:${check.id}:after`);
  return {
    id: check.id,
    heading: check.title[lang],
    ...(intro ? { introHtml: intro } : {}),
    column: check.column[lang],
    scoreColumn: tr('accuracy.score'),
    rows: check.results.map((r) => ({ label: r.label, score: shown(r.score) })),
    ...(check.incomparable ? { verdict: incomparableText(ctx, check) } : verdictText(ctx, check.verdict, samples)),
    ...(after ? { afterHtml: after } : {}),
  };
}

/** Why results that differ in task, scoring or questions get no verdict, and what each one is. */
function incomparableText({ lang, tr }: ViewContext, check: Accuracy): string {
  const aspects = (check.incomparable ?? [])
    .map((a) => tr(`accuracy.aspect.${a}`))
    .join(tr('accuracy.aspectSeparator'));
  const details = check.results
    .map((r) => {
      const params = {
        label: r.label,
        samples: r.samples,
        questionWord: tr(`accuracy.question.${pluralRules(lang).select(r.samples) === 'one' ? 'one' : 'other'}`),
      };
      return r.evaluation
        ? tr('accuracy.result', { ...params, task: r.evaluation.task, scoring: r.evaluation.scoring })
        : tr('accuracy.resultSamples', params);
    })
    .join(tr('accuracy.resultSeparator'));
  return tr('accuracy.incomparable', { aspects, details });
}

function verdictText(
  { lang, tr }: ViewContext,
  verdict: Accuracy['verdict'],
  samples: number,
): Pick<AccuracyView, 'verdict' | 'method'> {
  if (!verdict) return { verdict: tr('accuracy.single', { samples }) };
  const { questions } = verdict;
  const plural = pluralRules(lang).select(questions) === 'one' ? 'one' : 'other';
  const params = {
    questions: formatFixed(questions, Number.isInteger(questions) ? 0 : 1),
    questionWord: tr(`accuracy.question.${plural}`),
    samples,
  };
  return {
    verdict: tr(verdict.withinNoise ? 'accuracy.withinNoise' : 'accuracy.beyondNoise', params),
    method: tr('accuracy.method', { z: formatFixed(verdict.z, 2) }),
  };
}
