import { API_MAJOR, publicUrl } from '../site-paths.ts';
import { DOWNLOAD_SUMS_FILE } from '../download-sums.ts';
import { translator, type Locale } from '../i18n.ts';
import { stableJson } from '../stable-json.ts';
import { API_VERSION } from '../api/version.ts';
import { guideApi } from '../api/guide-api.ts';
import { guideIndex } from '../api/index-api.ts';
import { guideLinks, schemaUrl, type ApiSite } from '../api/links.ts';
import { llmsTxt, type LlmsGuide } from './llms-txt.ts';
import { benchmarkReport, runUses } from '../benchmark-report/benchmark-report.ts';
import type { Run } from '../schema/run.ts';

/**
 * The "Data and API" page: each published file, what it holds, an example of each made by the
 * same code that writes the file (from this build's guides, never typed), and the stability promise.
 */
export type DataApiView = {
  title: string;
  lead: string;
  filesHeading: string;
  files: { href: string; name: string; what: string }[];
  stabilityHeading: string;
  stability: string;
  examplesHeading: string;
  examplesLead: string;
  examples: { id: string; heading: string; href: string; text: string }[];
};

/** The guide the examples show: GLM-5.2 on H200 when the site has it, else the first. */
export const EXAMPLE_GUIDE = 'glm-5.2/h200';

export function dataApiView(
  guides: readonly LlmsGuide[],
  exampleRun: (guideId: string, runId: string) => Omit<Run, 'raw'> | undefined,
  at: ApiSite,
  lang: Locale,
): DataApiView {
  const tr = translator(lang);
  const url = (path: string) => publicUrl(at.site, path);
  const example =
    guides.find((g) => g.guide.id === EXAMPLE_GUIDE) ??
    [...guides].sort((a, b) => (a.guide.id < b.guide.id ? -1 : 1))[0];
  const examples: DataApiView['examples'] = [];
  const cut = (count: number) => tr('dataApi.cut', { count });
  let reportExample: string | undefined;
  if (example) {
    const { guide } = example;
    const links = guideLinks(at, guide);
    const index = guideIndex([{ guide, links }], {
      schema: schemaUrl(at, 'index'),
      guideSchema: schemaUrl(at, 'guide'),
    });
    examples.push({
      id: 'index',
      heading: tr('dataApi.exampleIndex'),
      href: url(at.paths.api.index()),
      text: stableJson(index.guides[0]),
    });
    const api = guideApi(guide, links);
    const [step] = api.steps;
    const [workload] = api.workloads;
    const shown = {
      ...api,
      steps: step
        ? [
            { ...step, variants: [...step.variants.slice(0, 1), cut(step.variants.length - 1)] },
            cut(api.steps.length - 1),
          ]
        : [],
      comparison: api.comparison.length > 0 ? [cut(api.comparison.length)] : [],
      workloads: workload
        ? [
            { ...workload, points: [...workload.points.slice(0, 1), cut(workload.points.length - 1)] },
            cut(api.workloads.length - 1),
          ]
        : [],
      accuracy: api.accuracy.length > 0 ? [cut(api.accuracy.length)] : [],
      runs: Object.fromEntries([...Object.entries(api.runs).slice(0, 1), ['…', cut(Object.keys(api.runs).length - 1)]]),
    };
    examples.push({ id: 'guide', heading: tr('dataApi.exampleGuide'), href: links.urls.json, text: stableJson(shown) });
    const runId = guide.baseline.measured.runId;
    const run = exampleRun(guide.id, runId);
    const report = run ? benchmarkReport(guide, run, runUses(guide).get(runId)) : undefined;
    const reportHref = links.benchmarkReport(runId);
    if (report && reportHref) reportExample = reportHref;
    if (report && reportHref)
      examples.push({ id: 'report', heading: tr('dataApi.exampleReport'), href: reportHref, text: stableJson(report) });
  }
  const llms = llmsTxt(guides, at).split('\n');
  examples.push({
    id: 'llms',
    heading: tr('dataApi.exampleLlms'),
    href: url(at.paths.api.llmsTxt()),
    text: `${llms.slice(0, 10).join('\n')}\n${cut(Math.max(0, llms.length - 11))}\n`,
  });
  const sample = example?.guide.id ?? '<model>/<hardware>';
  return {
    title: tr('dataApi.title'),
    lead: tr('dataApi.lead'),
    filesHeading: tr('dataApi.filesHeading'),
    files: [
      { href: url(at.paths.api.index()), name: `api/v${API_MAJOR}/index.json`, what: tr('dataApi.index') },
      {
        href: url(at.paths.api.guide(sample)),
        name: `api/v${API_MAJOR}/guides/<model>/<hardware>.json`,
        what: tr('dataApi.guide'),
      },
      {
        href: schemaUrl(at, 'guide'),
        name: `api/v${API_MAJOR}/guide.schema.json, api/v${API_MAJOR}/index.schema.json`,
        what: tr('dataApi.schemas'),
      },
      {
        href: reportExample ?? url(at.paths.api.index()),
        name: `api/v${API_MAJOR}/benchmark-reports/<model>/<hardware>/<run>.json`,
        what: tr('dataApi.reports'),
      },
      { href: url(at.paths.api.llmsTxt()), name: 'llms.txt, llms-full.txt', what: tr('dataApi.llms') },
      {
        href: url(at.paths.download(sample, 'json')),
        name: 'data/<model>/<hardware>.json, .csv',
        what: tr('dataApi.downloads'),
      },
      { href: url(at.paths.downloadSums()), name: DOWNLOAD_SUMS_FILE, what: tr('dataApi.sums') },
    ],
    stabilityHeading: tr('dataApi.stabilityHeading'),
    stability: tr('dataApi.stability', { version: API_VERSION, major: API_MAJOR }),
    examplesHeading: tr('dataApi.examplesHeading'),
    examplesLead: tr('dataApi.examplesLead', { guide: sample }),
    examples,
  };
}
