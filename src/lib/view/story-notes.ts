import { storySentence } from '../format/story-finding.ts';
import { otherLocale } from '../i18n.ts';
import { findingStep } from '../schema/story.ts';
import type { ViewContext } from './view-context.ts';

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
