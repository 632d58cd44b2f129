import { computeFromGuideYaml } from './computed-guide.ts';
import { errorAt, hasErrors, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { filledProse, proseCatalogue, requiredSlots } from '../guide-source/guide-prose.ts';
import { compareSlots, parseProse, type Prose } from '../guide-source/prose.ts';
import type { ComputedGuide } from '../schema/computed.ts';
import type { ComputedProse } from '../schema/computed-prose.ts';
import { GuideSchema } from '../schema/guide-yaml.ts';
import type { Run } from '../schema/run.ts';
import type { BlockIndex } from './block-index.ts';
import type { Acknowledged } from './acknowledgements.ts';
import { parseYamlSource, type YamlSource } from '../guide-source/yaml-source.ts';
import { scaffoldLeftovers } from '../guide-source/scaffold.ts';
import { bidiControls, confusableNames, labelClaims } from '../guide-source/untrusted-text.ts';
import { isFuture } from '../dates.ts';
import { validate } from '../diagnostics/validate.ts';
import { locales, type Locale } from '../i18n.ts';
import { appendAll } from '../append-all.ts';
import { timed } from '../phase-times.ts';
import { DefaultsSchema, type Defaults } from '../schema/defaults.ts';

export type TextFile = { file: string; text: string };

export type GuideSources = {
  id: string;
  /** undefined when the guide's folder has no guide.yaml */
  yaml: TextFile | undefined;
  runs: readonly Run[];
  prose: { en?: TextFile | undefined; zh?: TextFile | undefined };
  /** every guide's raw blocks, to find results copied between guides */
  blocks?: BlockIndex;
  /** the build's date (YYYY-MM-DD, src/pipeline/clock.ts): `measuredOn` may not be later */
  today?: string;
  /** content/defaults.yaml (prices, the noise default); without it a guide has no cost and no noise default */
  defaults?: TextFile | undefined;
  /** `yaml` as parseYamlSource read it, when the caller parsed it already (compute, for its copy settlement) */
  parsedYaml?: YamlSource;
};

/** content/defaults.yaml parsed and validated, or its problems (reported at that file). */
export function parseDefaults(source: TextFile): { defaults?: Defaults; diagnostics: Diagnostic[] } {
  const yaml = parseYamlSource(source.text, source.file);
  if (yaml.diagnostics.length > 0) return { diagnostics: yaml.diagnostics };
  const parsed = validate(DefaultsSchema, yaml.data, { file: source.file, locate: yaml.locate, bareKey: yaml.bareKey });
  return parsed.ok ? { defaults: parsed.data, diagnostics: [] } : { diagnostics: parsed.diagnostics };
}

/**
 * A guide's sources (guide.yaml and prose as text, its runs) → the computed guide and its prose, or
 * every problem found on the way: the one entry the compute, check and diff commands use. It parses
 * and validates the texts; the numbers come from computeFromGuideYaml (computed-guide.ts).
 */
export function buildGuide(sources: GuideSources): {
  guide?: ComputedGuide;
  /** each slot's placeholders filled (data/prose); zh is the English prose, marked untranslated, when the guide has no zh.md yet */
  prose?: ComputedProse;
  diagnostics: Diagnostic[];
  /** warnings guide.yaml acknowledges, with their reasons */
  acknowledged?: Acknowledged[];
} {
  // Values `npm run new` left for the author and bidi controls are errors wherever they stand, whatever else fails.
  const diagnostics: Diagnostic[] = [sources.yaml, sources.prose.en, sources.prose.zh].flatMap((source) =>
    source ? [...scaffoldLeftovers(source.text, source.file), ...bidiControls(source.text, source.file)] : [],
  );
  const guideFile = `content/guides/${sources.id}/guide.yaml`;
  if (!sources.yaml) {
    diagnostics.push(
      errorAt('E_GUIDE_MISSING', guideFile, `the guide folder content/guides/${sources.id} has no guide.yaml`, {
        expected: `${guideFile}: the structure of the experiment (model, hardware, steps, results)`,
        found: 'no such file',
      }),
    );
    return { diagnostics };
  }
  const yamlText = sources.yaml;
  const yaml =
    sources.parsedYaml ?? timed('compute.guide/build/yaml', () => parseYamlSource(yamlText.text, yamlText.file));
  appendAll(diagnostics, yaml.diagnostics);
  if (yaml.diagnostics.length > 0) return { diagnostics };
  appendAll(diagnostics, confusableNames(yaml.data, sources.yaml.file, yaml.locateIn));
  appendAll(diagnostics, labelClaims(yaml.data, sources.yaml.file, yaml.locateIn));

  const parsed = timed('compute.guide/build/schema', () =>
    validate(GuideSchema, yaml.data, { file: yamlText.file, locate: yaml.locate, bareKey: yaml.bareKey }),
  );
  if (!parsed.ok) {
    appendAll(diagnostics, parsed.diagnostics);
    return { diagnostics };
  }
  const { measuredOn } = parsed.data;
  if (measuredOn !== undefined && sources.today !== undefined && isFuture(measuredOn, sources.today))
    diagnostics.push(
      errorAt('E_FUTURE_DATE', sources.yaml.file, `measuredOn ${measuredOn} is after today (${sources.today})`, {
        ...yaml.locate(['measuredOn']),
        expected: `the date of the last benchmark run, at the latest ${sources.today}`,
        found: measuredOn,
      }),
    );
  const defaults = sources.defaults ? parseDefaults(sources.defaults) : undefined;
  if (defaults) appendAll(diagnostics, defaults.diagnostics);
  const computed = timed('compute.guide/build/numbers', () =>
    computeFromGuideYaml({
      id: sources.id,
      guide: parsed.data,
      runs: sources.runs,
      file: yamlText.file,
      locate: yaml.locate,
      locateIn: yaml.locateIn,
      ...(sources.blocks ? { blocks: sources.blocks } : {}),
      ...(defaults?.defaults ? { defaults: defaults.defaults } : {}),
    }),
  );
  appendAll(diagnostics, computed.diagnostics);

  const catalogue = proseCatalogue(parsed.data);
  const prose: Partial<Record<Locale, { file: string; prose: Prose }>> = {};
  for (const lang of locales) {
    const source = sources.prose[lang];
    const expectedFile = sources.yaml.file.replace(/guide\.yaml$/, `${lang}.md`);
    if (!source && lang === 'zh' && sources.prose.en) {
      // A guide not yet translated still builds in zh: computed text in Chinese, the prose in English.
      diagnostics.push({
        severity: 'warning',
        code: 'W_PROSE_UNTRANSLATED',
        file: expectedFile,
        message:
          'there is no Chinese prose yet: the zh page shows the English prose under a "not translated yet" notice',
        expected: `${expectedFile} with the same slots as en.md`,
      });
      continue;
    }
    if (!source) {
      diagnostics.push(
        errorAt('E_PROSE_MISSING', expectedFile, `the ${lang === 'en' ? 'English' : 'Chinese'} prose file is missing`, {
          expected: `${expectedFile} with title, description and the prose slots`,
        }),
      );
      continue;
    }
    const result = timed('compute.guide/build/prose', () => parseProse(source.text, source.file, catalogue));
    appendAll(diagnostics, result.diagnostics);
    if (result.prose) prose[lang] = { file: source.file, prose: result.prose };
  }
  const required = requiredSlots(parsed.data);
  if (prose.en && prose.zh) appendAll(diagnostics, compareSlots(prose.en, prose.zh, required));
  else if (prose.en) appendAll(diagnostics, compareSlots(prose.en, prose.en, required));

  const { acknowledged } = computed;
  if (hasErrors(diagnostics) || !computed.guide || !prose.en) return { diagnostics, acknowledged };
  const zh = prose.zh ? prose.zh.prose : { ...prose.en.prose, untranslated: true as const };
  return {
    guide: computed.guide,
    prose: filledProse(computed.guide, { en: prose.en.prose, zh }),
    diagnostics,
    acknowledged,
  };
}
