import { storySentence } from '../format/story-finding.ts';
import { otherLocale } from '../i18n.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { findingStep } from '../schema/story.ts';
import type { ViewContext } from './view-context.ts';

/**
 * What the story checks found and the guide's authors acknowledged, for reviewers rather than
 * readers: one collapsed section at the end of the page, in the page's language. The findings are
 * grouped by the reason they were accepted for, each reason said once (one acknowledgement in
 * guide.yaml often covers many findings: ten of deepseek-v3.2's thirteen share one), and each
 * finding names what it concerns (the whole guide, or its step), in that order. The review report
 * lists them too.
 */
export type ReviewNotesView = {
  /** the collapsed section's summary line, with the number of notes */
  summary: string;
  intro: string;
  /** "Accepted because …:" and the findings accepted for it ("2. Parallelism: …") */
  groups: { heading: string; notes: string[] }[];
};

/** Every acknowledged finding of the guide, grouped by its reason; undefined when there is none. */
export function reviewNotesView(ctx: ViewContext): ReviewNotesView | undefined {
  const { guide, lang, tr } = ctx;
  if (guide.story.length === 0) return undefined;
  const concerns = [
    { step: undefined, heading: tr('reviewNotes.guide') },
    ...guide.steps.map((step) => ({
      step: step.id,
      heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
    })),
  ];
  const groups = new Map<string, string[]>();
  for (const { step, heading } of concerns)
    for (const note of guide.story.filter((n) => findingStep(n) === step)) {
      const reason = acceptedBecause(ctx, note);
      const finding = tr('reviewNotes.finding', { concern: heading, message: storySentence(note, guide.steps, lang) });
      groups.set(reason, [...(groups.get(reason) ?? []), finding]);
    }
  return {
    summary: tr('reviewNotes.summary', { count: guide.story.length }),
    intro: tr('reviewNotes.intro'),
    groups: [...groups].map(([heading, notes]) => ({ heading, notes })),
  };
}

/**
 * "Accepted because …:", in the page's language; a reason given only in the other language is
 * shown as written, and said so.
 */
function acceptedBecause(ctx: ViewContext, note: ComputedGuide['story'][number]): string {
  const { lang, tr } = ctx;
  const reason = note.reason[lang];
  if (reason !== undefined) return tr('reviewNotes.reason', { reason });
  return tr('reviewNotes.reasonUntranslated', { reason: note.reason[otherLocale(lang)] ?? '' });
}
