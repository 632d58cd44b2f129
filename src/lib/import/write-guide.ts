// A Performance Lab page as perflab sources: every result block verbatim (de-indented) under
// data/raw/<guide>/, a guide.yaml that describes the experiment, and en.md with the page's prose
// in slots. The guide.yaml is a draft for the migrating team: `npm run check` names what is left.
import { stringify } from 'yaml';
import { terminalText } from '../diagnostics/diagnostics.ts';
import type { WarningCode } from '../diagnostics/codes.ts';
import { plausibilityWarnings } from '../ingest/plausibility.ts';
import type { MetricKey } from '../schema/metric.ts';
import type { Localized } from '../schema/guide-yaml.ts';
import type { Run } from '../schema/run.ts';
import { commandModel } from '../serving/flags.ts';
import { draftCases } from './draft-cases.ts';
import { draftDatasets } from './draft-datasets.ts';
import { nameTiedWinners } from './draft-ties.ts';
import { pageChain } from './audit/chain.ts';
import { engineOf, hardwareOf, slugify, uniqueSlugs } from './draft-names.ts';
import { draftAccelerators, draftModel, draftSites, quoteDraftCommands } from './draft-model.ts';
import { draftProse } from './draft-prose.ts';
import { draftSteps } from './draft-steps.ts';
import type { PageProblem, PerformanceLabPage } from './page-model.ts';
import { DraftFiles } from './draft-files.ts';
import { parseYamlSource } from '../guide-source/yaml-source.ts';
import { blockAcknowledgements } from './decisions.ts';
import type { ImportedFiles } from './imported-files.ts';

export { engineOf, hardwareOf, slugify };

/**
 * One entry per plausibility warning the page's blocks raise, per file, with a reason left for the
 * author to write.
 */
function draftAcknowledgements(runs: readonly { file: string; run: Run }[]) {
  const entries = new Map<
    string,
    { file?: string; block?: string; code: WarningCode; metric: MetricKey; reason: Localized }
  >();
  for (const { file, run } of runs)
    for (const { warning, metric } of plausibilityWarnings(run)) {
      const block = run.source.blockLabel ?? undefined;
      const key = `${file}#${block ?? ''}#${warning.code}#${metric}`;
      if (!entries.has(key))
        entries.set(key, {
          file,
          ...(block ? { block } : {}),
          code: warning.code,
          metric,
          reason: {
            en: `FILL-IN why this is acceptable: ${warning.message}`,
            zh: 'FILL-IN 为什么可以接受（中文）',
          },
        });
    }
  return [...entries.values()];
}

/**
 * `known`: the normalized text of every raw file other guides hold, by path (pipeline's
 * knownBlocks). A raw file of the page that repeats one gets an acknowledgement of W_STORY_COPIED
 * for its author to give a reason for: the copy is then this guide's one finding, naming both
 * files, and the guide it repeats is left as it was.
 */
export function importPage(
  page: PerformanceLabPage,
  guideId: string,
  pageFile: string,
  known: ReadonlyMap<string, string> = new Map(),
): ImportedFiles {
  const raw = new DraftFiles();
  const problems: PageProblem[] = [];
  const latency = /latency/i.test(page.title.value);
  const engines = page.engines.map((e) => ({
    id: engineOf(e.value.name)?.id ?? slugify(e.value.name, 'engine'),
    name: e.value.name,
    version: e.value.version,
  }));
  const { steps, runs: stepRuns, files: stepFiles } = draftSteps(page, engines, pageFile, raw);
  const measured = pageChain(page, pageFile);
  const {
    cases,
    leftOut: rowsLeftOut,
    otherCases,
    runs: caseRuns,
  } = draftCases(page, pageFile, raw, {
    runs: measured.steps.flatMap((s) => s.runs),
    chain: measured.chain,
    files: stepFiles,
    runsOf: stepRuns,
  });
  const ties = nameTiedWinners(
    steps,
    measured.steps.map((s) => s.runs),
    measured.ctx.latency,
    stepFiles,
    stepRuns,
  );
  const { datasets, leftOut: datasetsLeftOut } = draftDatasets(page.datasets);
  const allRuns = [...[...stepRuns].flatMap(([file, runs]) => runs.map((run) => ({ file, run }))), ...caseRuns];
  const unique = uniqueSlugs();
  const sections = page.extraSections.map((section) => ({
    id: unique(slugify(section.title.value, 'section')),
    title: section.title.value,
    blocks: section.blocks,
  }));

  // Profiles as the page lists them (`##### ShareGPT 8RPS` + a YAML block); a step names its variants' one.
  const profiles = page.profiles.flatMap((p) => {
    // The page's YAML is read as guide.yaml is: aliases bounded, every problem at its page line.
    const read = parseYamlSource(p.config.text, pageFile);
    for (const d of read.diagnostics)
      problems.push({
        line: p.config.firstLine + (d.line ?? 1) - 1,
        message: `the profile block "${p.name.value}" is not valid YAML: ${d.message}`,
      });
    const config: unknown = read.data;
    if (config === null || typeof config !== 'object' || Array.isArray(config)) return [];
    return [{ id: unique(slugify(p.name.value, 'profile')), name: p.name.value, label: p.name.value, config }];
  });
  const profileIds = new Map(profiles.map((p) => [p.name.toLowerCase(), p.id]));
  page.steps.forEach((step, index) => {
    const names = new Set(step.variants.flatMap((v) => (v.profile ? [v.profile.value.toLowerCase()] : [])));
    const [only] = names;
    const id = only === undefined ? undefined : profileIds.get(only);
    const draft = steps[index];
    if (names.size === 1 && id && draft) Object.assign(draft, { profile: id });
  });

  const hardware = hardwareOf(page.hardware?.value ?? 'GPU');
  const recommendedEngine = engineOf(page.recommended?.text ?? '')?.id ?? engines[0]?.id ?? 'vllm';
  const firstStep = steps[0];
  const baselineVariant =
    firstStep?.variants.find((v) => v.engine === 'vllm' && v.result) ?? firstStep?.variants.find((v) => v.result);
  const modelName =
    page.model?.value ?? (page.recommended ? commandModel(page.recommended.text) : undefined) ?? guideId.split('/')[0];
  const gpustack = allRuns.some((r) => r.run.source.format === 'gpustack-block');
  const acknowledge = [...draftAcknowledgements(allRuns), ...blockAcknowledgements(allRuns, raw.texts, known)];

  const guide = {
    title: { en: page.title.value, zh: page.title.value },
    model: { name: modelName, family: guideId.split('/')[0] ?? modelName } as {
      name: string;
      builds?: string[];
      family: string;
    },
    hardware: {
      name: hardware.name,
      gpus: hardware.count,
      ...(hardware.accelerator === 'NPU' ? { accelerator: 'npu' } : {}),
      label: page.hardware?.value.replace(/\.$/, '') ?? hardware.name,
    },
    objective: latency ? 'latency' : 'throughput',
    // GPUStack blocks print the TPOT that includes the first token (their ITL is the decode-only one),
    // and guidellm's interval-mean Total TPS, the figure the page compares (schema/metric.ts).
    metrics: {
      ...(gpustack && !latency ? { primary: 'total_token_throughput_interval_mean' } : {}),
      secondary: latency
        ? ['ttft.mean', gpustack ? 'tpot_incl_ttft.mean' : 'tpot.mean']
        : gpustack
          ? 'tpot_incl_ttft.mean'
          : 'tpot.mean',
    },
    engines: engines.length > 0 ? engines : [{ id: 'vllm', name: 'vLLM' }],
    ...(profiles.length > 0 ? { profiles } : {}),
    ...(datasets.length > 0 ? { datasets } : {}),
    ...(page.benchmarkScript ? { benchmarkCommands: page.benchmarkScript.text } : {}),
    numberedSteps: page.steps.some((s) => s.number !== undefined),
    baseline: { step: firstStep?.id ?? 'engine', variant: baselineVariant?.id ?? 'vllm' },
    steps,
    recommended: { engine: recommendedEngine, command: page.recommended?.text ?? '' },
    ...(cases.length > 0
      ? {
          comparison: {
            cases: cases.map(({ profileName, ...c }) => {
              // The case's own "- Profile:" line, or a heading that names it ("ShareGPT Profile").
              const name = profileName ?? c.label.replace(/\s*profile$/i, '');
              const profile = profileIds.get(name.toLowerCase());
              return {
                id: c.id,
                label: c.label,
                ...(profile ? { profile } : {}),
                baseline: c.baseline,
                optimized: c.optimized,
              };
            }),
          },
        }
      : {}),
    ...(sections.length > 0
      ? { sections: sections.map((s) => ({ id: s.id, title: { en: s.title, zh: s.title }, after: 'setup' })) }
      : {}),
    ...(otherCases ? { otherCases } : {}),
    optimizationSummary: { mode: page.profiles.length > 0 ? 'cumulative' : 'step' },
    ...(acknowledge.length > 0 ? { acknowledge } : {}),
    percentDecimals: page.profiles.length > 0 ? 2 : 1,
  };
  const quoted = quoteDraftCommands(guide);
  const sites = draftSites(guide);
  const model = draftModel(modelName ?? guideId, sites);
  const machine = draftAccelerators(hardware.count, sites, hardware.accelerator);
  guide.hardware.gpus = machine.count;
  guide.model = {
    name: model.name,
    ...(model.builds.length > 0 ? { builds: model.builds } : {}),
    family: guide.model.family,
  };
  const stepIds = steps.map((s) => s.id);
  const prose = draftProse(page, stepIds, sections);
  const header = `# Imported from ${terminalText(pageFile)} by \`npm run import\`. A draft: review every value,\n# then \`npm run check\` lists what does not yet validate or compute.\n`;
  return {
    raw: raw.texts,
    problems: [...problems, ...raw.problems].sort((a, b) => a.line - b.line),
    ties,
    setupDecisions: [...model.decisions, ...(machine.decision ? [machine.decision] : []), ...quoted],
    leftOut: [...rowsLeftOut, ...datasetsLeftOut].sort((a, b) => a.line - b.line),
    guideYaml: header + stringify(guide, { lineWidth: 0 }),
    enMd: prose.markdown,
    imagesLeftOut: prose.removedImages,
  };
}
