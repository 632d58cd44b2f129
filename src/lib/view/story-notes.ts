import { storySentence } from '../format/story-finding.ts';
import { findingStep } from '../schema/story.ts';
import type { ViewContext } from './view-context.ts';

/**
 * What the story checks found about one step (or, `undefined`, about the whole guide: the
 * recommendation, the models served, copied results), each with the author's reason, in the page's language.
 */
export function storyNotes(ctx: ViewContext, step: string | undefined): string[] {
  const { guide, lang, tr } = ctx;
  return guide.story
    .filter((note) => findingStep(note) === step)
    .map((note) => tr('story.note', { message: storySentence(note, guide.steps, lang), reason: note.reason }));
}
