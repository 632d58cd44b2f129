import { z } from 'zod';
import { LocalizedSchema } from '../schema/guide-yaml.ts';
import { Accelerator, Objective } from '../schema/vocabulary.ts';
import { DirectionSchema, UnitSchema } from '../schema/metric.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import { API_VERSION } from './version.ts';
import {
  CaseNoiseApiSchema,
  EngineSchema,
  FreshnessApiSchema,
  PriceApiSchema,
  UrlsSchema,
  YieldApiSchema,
  guideApi,
  type ApiLinks,
} from './guide-api.ts';

/**
 * api/v1/index.json: every guide in one list, for a tool that picks a guide (model, machine,
 * objective) and then reads its JSON. Each entry is the guide's own JSON, cut to what a choice
 * needs, so the two never disagree.
 */
export const IndexEntrySchema = z.object({
  id: z.string(),
  title: LocalizedSchema,
  model: z.string(),
  family: z.string(),
  hardware: z.object({ name: z.string(), gpus: z.number().int(), accelerator: Accelerator }),
  objective: Objective,
  /** the recommended configuration's engine, with its version when the guide names one */
  engine: EngineSchema,
  engines: z.array(EngineSchema),
  recommendation: z.object({ command: z.string(), argv: z.array(z.string()), env: z.array(z.string()) }),
  /** the recommended configuration's objective figure where the headline gain was measured */
  headline: z.object({
    metric: z.string(),
    value: z.number(),
    unit: UnitSchema,
    better: DirectionSchema,
    /** the gain over the baseline, percent */
    percent: z.number(),
    ratio: z.number(),
    case: LocalizedSchema.optional(),
    /** throughput per accelerator it ran on; absent for a latency */
    perGpu: z.object({ value: z.number(), unit: UnitSchema }).optional(),
    gpus: z.number().int().positive(),
    /** the raw file and line of `value` */
    source: z.object({ file: z.string(), line: z.number().int().positive() }),
    /** per accelerator (total and output), per user and the cost at `price` (1.1.0) */
    yield: YieldApiSchema.optional(),
    /** the gain held against the guide's noise band, when the headline is a case (1.1.0) */
    noise: CaseNoiseApiSchema.optional(),
  }),
  measuredOn: z.string().optional(),
  /** when and with which engine versions it was measured (1.1.0) */
  freshness: FreshnessApiSchema,
  /** the price `headline.yield.cost` is at (1.1.0) */
  price: PriceApiSchema.optional(),
  urls: UrlsSchema,
});

export const GuideIndexSchema = z.object({
  $schema: z.string(),
  schemaVersion: z.string(),
  /** the JSON Schema every guide's JSON names in its `$schema` */
  guideSchema: z.string(),
  guides: z.array(IndexEntrySchema),
});
export type GuideIndex = z.infer<typeof GuideIndexSchema>;

export function guideIndex(
  guides: readonly { guide: ComputedGuide; links: ApiLinks }[],
  links: { schema: string; guideSchema: string },
): GuideIndex {
  return {
    $schema: links.schema,
    schemaVersion: API_VERSION,
    guideSchema: links.guideSchema,
    guides: [...guides]
      .sort((a, b) => (a.guide.id < b.guide.id ? -1 : a.guide.id > b.guide.id ? 1 : 0))
      .map(({ guide, links: guideLinks }) => {
        const api = guideApi(guide, guideLinks);
        const figure = api.headline.recommended;
        const headlineYield = api.runs[figure.primary.source.run]?.yield;
        return {
          id: api.id,
          title: api.title,
          model: api.model.name,
          family: api.model.family,
          hardware: api.hardware,
          objective: api.objective,
          engine: api.recommendation.engine,
          engines: api.engines,
          recommendation: {
            command: api.recommendation.command,
            argv: api.recommendation.argv,
            env: api.recommendation.env,
          },
          headline: {
            metric: figure.primary.metric,
            value: figure.primary.value,
            unit: figure.primary.unit,
            better: figure.primary.better,
            percent: api.headline.percent,
            ratio: api.headline.ratio,
            ...(api.headline.case ? { case: api.headline.case } : {}),
            ...(figure.perGpu ? { perGpu: figure.perGpu } : {}),
            gpus: figure.gpus,
            source: { file: figure.primary.source.file, line: figure.primary.source.line },
            ...(headlineYield ? { yield: headlineYield } : {}),
            ...(api.headline.noise ? { noise: api.headline.noise } : {}),
          },
          ...(api.measuredOn ? { measuredOn: api.measuredOn } : {}),
          freshness: api.freshness,
          ...(api.price ? { price: api.price } : {}),
          urls: api.urls,
        };
      }),
  };
}
