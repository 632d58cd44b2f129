import type { ComputedGuide } from '../schema/computed.ts';
import type { ComputedProse, ProsePage } from '../schema/computed-prose.ts';
import { fillPlaceholders, type Prose, type SlotCatalogue } from './prose.ts';

/** Slots a guide's prose must fill: the notes, and every section guide.yaml declares. */
export function requiredSlots(guide: { sections: readonly { id: string }[] }): string[] {
  return ['notes', ...guide.sections.map((section) => `section:${section.id}`)];
}

/** The prose slots a guide offers, with the `{{placeholders}}` each may use. */
export function proseCatalogue(guide: {
  steps: readonly { id: string }[];
  accuracy: readonly { id: string }[];
  sections: readonly { id: string }[];
}): SlotCatalogue {
  const catalogue = new Map<string, readonly string[]>([
    ['notes', []],
    ['conclusion', []],
    ['objective', []],
    ['benchmark-method', []],
    ['benchmark-commands', []],
    ['other-cases', []],
  ]);
  for (const step of guide.steps) catalogue.set(`step:${step.id}`, []);
  for (const section of guide.sections) catalogue.set(`section:${section.id}`, []);
  for (const check of guide.accuracy) {
    catalogue.set(`accuracy:${check.id}`, ['samples']);
    catalogue.set(`accuracy:${check.id}:after`, ['samples']);
  }
  return catalogue;
}

/** Values for the placeholders, from computed data (never typed into prose). */
export function proseValues(guide: ComputedGuide): Record<string, Record<string, string>> {
  const values: Record<string, Record<string, string>> = {};
  for (const check of guide.accuracy) {
    const samples = String(Math.min(...check.results.map((r) => r.samples)));
    values[`accuracy:${check.id}`] = { samples };
    values[`accuracy:${check.id}:after`] = { samples };
  }
  return values;
}

/** A guide's parsed prose as data/prose holds it: every slot's placeholders filled from the computed guide. */
export function filledProse(
  guide: ComputedGuide,
  prose: { en: Prose; zh: Prose & { untranslated?: true } },
): ComputedProse {
  const values = proseValues(guide);
  const filled = (page: Prose & { untranslated?: true }): ProsePage => ({
    title: page.title,
    description: page.description,
    slots: Object.fromEntries(
      Object.entries(page.slots).map(([name, markdown]) => [name, fillPlaceholders(markdown, values[name])]),
    ),
    ...(page.untranslated ? { untranslated: true as const } : {}),
  });
  return { en: filled(prose.en), zh: filled(prose.zh) };
}
