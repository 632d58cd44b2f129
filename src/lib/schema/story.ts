import { z } from 'zod';
import { STORY_CODES } from '../diagnostics/codes.ts';
import { VariantRefSchema } from './computed-step.ts';

/**
 * What a story check found (src/lib/compute/story.ts), as its code and that code's arguments:
 * step and variant ids, flags, engine and model names, raw file names. No sentence is stored: each
 * page, `npm run check` and the review report write it in their language from the catalogue
 * (src/i18n, `story.*`), through src/lib/format/story-finding.ts.
 */

export const StoryCode = z.enum(STORY_CODES);
export type StoryCode = z.infer<typeof StoryCode>;

/** A flag of the configuration a command should carry, and what the command does with it. */
export const FlagDifferenceSchema = z.object({
  flag: z.string(),
  /** its value in that configuration; '' for a flag without a value */
  value: z.string(),
  /** what the command sets instead: absent when it lacks the flag, '' when it gives it no value */
  found: z.string().optional(),
});
export type FlagDifference = z.infer<typeof FlagDifferenceSchema>;

export const StoryFindingSchema = z.discriminatedUnion('code', [
  /** a variant does not start from the configuration the earlier steps adopted (`from`) */
  z.object({
    code: z.literal(StoryCode.enum.W_STORY_START),
    step: z.string(),
    variant: z.string(),
    from: VariantRefSchema,
    change: z.discriminatedUnion('kind', [
      /** it runs on another engine than `from` */
      z.object({ kind: z.literal('engine'), engine: z.string(), fromEngine: z.string() }),
      /** it leaves out these flags of `from` */
      z.object({ kind: z.literal('dropped'), flags: z.array(z.string()).min(1) }),
    ]),
  }),
  /** a tuning variant is configured exactly as the baseline */
  z.object({ code: z.literal(StoryCode.enum.W_STORY_BASELINE), step: z.string(), variant: z.string() }),
  /** the recommended command lacks or changes flags of the last adopted configuration (`from`) */
  z.object({
    code: z.literal(StoryCode.enum.W_STORY_RECOMMENDED),
    from: VariantRefSchema,
    differences: z.array(FlagDifferenceSchema).min(1),
  }),
  /** the recommended command sets flags the last adopted configuration (`from`) does not */
  z.object({
    code: z.literal(StoryCode.enum.W_STORY_ADDED),
    from: VariantRefSchema,
    /** each flag with its value in the recommended command ('' for a switch) */
    flags: z.array(z.object({ flag: z.string(), value: z.string() })).min(1),
  }),
  /**
   * a raw file holds a block that a file of another guide holds too: the same text, or (`changed`)
   * the same measured numbers but these metrics' (at most two; none when only the text differs)
   */
  z.object({
    code: z.literal(StoryCode.enum.W_STORY_COPIED),
    file: z.string(),
    other: z.string(),
    changed: z.array(z.string()).max(2).optional(),
  }),
  /** a step's winner was adopted on a one-run change (percent) within the noise band (percent) */
  z.object({
    code: z.literal(StoryCode.enum.W_STORY_NOISE),
    step: z.string(),
    variant: z.string(),
    percent: z.number(),
    band: z.number(),
    source: z.enum(['repeats', 'default']),
  }),
]);
export type StoryFinding = z.infer<typeof StoryFindingSchema>;

/** The step a finding is about, for the codes that concern one; the others concern the whole guide. */
export function findingStep(finding: StoryFinding): string | undefined {
  return 'step' in finding ? finding.step : undefined;
}
