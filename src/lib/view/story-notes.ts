import { storySentence } from '../format/story-finding.ts';
import { otherLocale } from '../i18n.ts';
import { findingStep } from '../schema/story.ts';
import type { ViewContext } from './view-context.ts';

/**
 * What the story checks found and the guide's authors acknowledged, for reviewers rather than
 * readers: one collapsed section at the end of the page, in the page's language, grouped by what
 * each note concerns (the whole guide, then each step in order). The review report lists them too.
 */
export type ReviewNotesView = {
  /** the collapsed section's summary line, with the number of notes */
  summary: string;
  intro: string;
  groups: { id: string; heading: string; notes: string[] }[];
};

/** Every acknowledged finding of the guide, grouped; undefined when there is none. */
export function reviewNotesView(ctx: ViewContext): ReviewNotesView | undefined {
  const { guide, lang, tr } = ctx;
  if (guide.story.length === 0) return undefined;
  const groups = [
    { id: 'guide', heading: tr('reviewNotes.guide'), notes: storyNotes(ctx, undefined) },
    ...guide.steps.map((step) => ({
      id: `step-${step.id}`,
      heading: guide.numberedSteps ? `${step.number}. ${step.title[lang]}` : step.title[lang],
      notes: storyNotes(ctx, step.id),
    })),
  ].filter((group) => group.notes.length > 0);
  return {
    summary: tr('reviewNotes.summary', { count: guide.story.length }),
    intro: tr('reviewNotes.intro'),
    groups,
  };
}

/**
 * What the story checks found about one step (or, `undefined`, about the whole guide: the
 * recommendation, the models served, copied results), each with the author's reason, in the page's
 * language; a reason given only in the other language is shown as written, marked as such.
 */
export function storyNotes(ctx: ViewContext, step: string | undefined): string[] {
  const { guide, lang, tr } = ctx;
  return guide.story
    .filter((note) => findingStep(note) === step)
    .map((note) => {
      const message = storySentence(note, guide.steps, lang);
      const reason = note.reason[lang];
      if (reason !== undefined) return tr('story.note', { message, reason });
      // The author gave the reason in the other language only: shown as written, and said so.
      return tr('story.noteUntranslated', { message, reason: note.reason[otherLocale(lang)] ?? '' });
    });
}
