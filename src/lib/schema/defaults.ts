import { z } from 'zod';
import { DateSchema, LocalizedSchema } from './guide-yaml-step.ts';

/**
 * content/defaults.yaml: the stated defaults a guide's decision figures use (README "Stated
 * defaults"). Nothing in it is measured; every value carries its basis in both languages, shown
 * beside it on the page.
 */

/** What one accelerator costs for one hour, for the hardware a guide.yaml names (`hardware.name`). */
export const PriceSchema = z.strictObject({
  hardware: z.string().min(1),
  usdPerGpuHour: z.number().positive().max(10_000),
  /** when the price was stated */
  date: DateSchema,
  /** where the figure comes from: a source a reader can check, or that it is a stated default */
  basis: LocalizedSchema,
});
export type Price = z.infer<typeof PriceSchema>;

/** The run-to-run spread a one-run change is held against when a guide measured none. */
export const NoiseDefaultSchema = z.strictObject({
  percent: z.number().positive().max(100),
  basis: LocalizedSchema,
});
export type NoiseDefault = z.infer<typeof NoiseDefaultSchema>;

export const DefaultsSchema = z.strictObject({
  prices: z.array(PriceSchema).default([]),
  noise: NoiseDefaultSchema,
});
export type Defaults = z.infer<typeof DefaultsSchema>;
