import { stringify } from 'yaml';
import type { ViewContext } from './view-context.ts';
import { environmentsView, type EnvironmentsView } from './environment-view.ts';

export type SetupView = {
  heading: string;
  modelHeading: string;
  model: string;
  hardwareHeading: string;
  hardware: string;
  enginesHeading: string;
  engines: string[];
  /** "Measured on 2025-10-12" */
  measuredOn?: string;
  method?: { heading: string; html: string };
  profilesHeading: string;
  profiles: { id: string; label: string; yaml: string }[];
  datasets?: { heading: string; items: { label: string; variants: string[] }[] };
  commands?: { heading: string; introHtml?: string; script: string };
  /** what the recorded results ran on, when any result has a record */
  environments?: EnvironmentsView;
};

/** The experimental setup: model, machine, engines, benchmark method, profiles or datasets. */
export function setupView(ctx: ViewContext): SetupView {
  const { guide, lang, tr } = ctx;
  const method = ctx.slot('benchmark-method');
  const commandsIntro = ctx.slot('benchmark-commands');
  return {
    heading: tr('setup.heading'),
    modelHeading: tr('setup.model'),
    model: guide.model.name,
    hardwareHeading: tr('setup.hardware'),
    hardware: guide.hardware.label[lang],
    enginesHeading: tr('setup.engines'),
    engines: guide.engines.filter((e) => e.version).map((e) => `${e.name} ${e.version}`),
    ...(guide.environments ? { environments: environmentsView(guide.environments, tr) } : {}),
    ...(guide.measuredOn ? { measuredOn: tr('setup.measuredOn', { date: guide.measuredOn }) } : {}),
    ...(method ? { method: { heading: tr('setup.method'), html: method } } : {}),
    profilesHeading: tr('setup.profiles'),
    profiles: guide.profiles.map((p) => ({
      id: p.id,
      label: p.label[lang],
      yaml: stringify(Object.fromEntries(p.config)).trimEnd(),
    })),
    ...(guide.datasets.length > 0
      ? {
          datasets: {
            heading: tr('setup.datasets'),
            items: guide.datasets.map((d) => ({
              label: d.label[lang],
              variants: (d.variants ?? []).map((v) =>
                tr('setup.datasetVariant', { label: v.label[lang], input: v.inputTokens, output: v.outputTokens }),
              ),
            })),
          },
        }
      : {}),
    ...(guide.benchmarkCommands
      ? {
          commands: {
            heading: tr('setup.commands'),
            ...(commandsIntro ? { introHtml: commandsIntro } : {}),
            script: guide.benchmarkCommands,
          },
        }
      : {}),
  };
}
