import { z } from 'zod';

/**
 * data/prose/<guide>.json: a guide's prose as compute parsed it from content/guides/<guide>/{en,zh}.md,
 * each slot's markdown with its `{{placeholders}}` filled from the computed guide. The page renders
 * it to HTML and parses nothing; a reviewer sees a prose change in `npm run diff`.
 */
export const ProsePageSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** slot name → markdown, placeholders filled */
  slots: z.record(z.string(), z.string()),
  /** the zh page of a guide with no zh.md yet: the English prose, under a "not translated yet" notice */
  untranslated: z.literal(true).optional(),
});
export type ProsePage = z.infer<typeof ProsePageSchema>;

export const ComputedProseSchema = z.object({ en: ProsePageSchema, zh: ProsePageSchema });
export type ComputedProse = z.infer<typeof ComputedProseSchema>;
