import { translator, type Locale } from '../i18n.ts';
import type { Localized } from '../schema/guide-yaml.ts';
import type { VariantRef } from '../schema/computed.ts';
import type { FlagDifference, StoryFinding } from '../schema/story.ts';
import { nameOf } from './variant-name.ts';
import { formatPercent, formatSignedPercent } from './number.ts';

/** The steps a finding's ids point into: the computed guide's, or compute's while it checks them. */
export type StorySteps = readonly {
  id: string;
  title: Localized;
  variants: readonly { id: string; label?: Localized | undefined }[];
}[];

/**
 * A story finding as one sentence in `lang`, from its code and arguments and the catalogue's
 * templates (src/i18n, `story.*`): the zh and en pages, `npm run check` and the review report
 * (both English) all say it this way. Variants are named as the page names them.
 */
export function storySentence(finding: StoryFinding, steps: StorySteps, lang: Locale): string {
  const tr = translator(lang);
  const name = (ref: VariantRef) => {
    const step = steps.find((s) => s.id === ref.step);
    const variant = step?.variants.find((v) => v.id === ref.variant);
    if (!step || !variant) throw new Error(`story: no variant "${ref.step}/${ref.variant}" in this guide`);
    return nameOf(variant, step, lang);
  };
  const difference = ({ flag, value, found }: FlagDifference) => {
    if (found === undefined)
      return value === '' ? tr('story.flag.missing', { flag }) : tr('story.flag.missingValue', { flag, value });
    return found === '' ? tr('story.flag.noValue', { flag, value }) : tr('story.flag.changed', { flag, value, found });
  };
  switch (finding.code) {
    case 'W_STORY_START': {
      const variant = name({ step: finding.step, variant: finding.variant });
      const { change } = finding;
      return change.kind === 'engine'
        ? tr('story.start.engine', { variant, engine: change.engine, fromEngine: change.fromEngine })
        : tr('story.start.dropped', {
            variant,
            flags: change.flags.join(tr('story.listSeparator')),
            from: name(finding.from),
          });
    }
    case 'W_STORY_BASELINE':
      return tr('story.baseline', { variant: name({ step: finding.step, variant: finding.variant }) });
    case 'W_STORY_RECOMMENDED':
      return tr('story.recommended', {
        from: name(finding.from),
        differences: finding.differences.map(difference).join(tr('story.differenceSeparator')),
      });
    case 'W_STORY_ADDED':
      return tr('story.added', {
        from: name(finding.from),
        flags: finding.flags
          .map(({ flag, value }) => (value === '' ? flag : `${flag}=${value}`))
          .join(tr('story.listSeparator')),
      });
    case 'W_STORY_NOISE':
      return tr('story.noise', {
        variant: name({ step: finding.step, variant: finding.variant }),
        percent: formatSignedPercent(finding.percent, 2),
        band: formatPercent(finding.band, 2),
        source: tr(finding.source === 'repeats' ? 'story.noise.repeats' : 'story.noise.default'),
      });
    case 'W_STORY_COPIED':
      if (finding.changed === undefined) return tr('story.copied', { file: finding.file, other: finding.other });
      if (finding.changed.length === 0) return tr('story.copiedNumbers', { file: finding.file, other: finding.other });
      return tr('story.copiedExcept', {
        file: finding.file,
        other: finding.other,
        metrics: finding.changed.join(tr('story.listSeparator')),
      });
  }
}
