import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { assertStoredRun, readStoredRun } from '../../../../pipeline/stored-runs.ts';
import { benchmarkReport, runUses } from '../../../../lib/benchmark-report/benchmark-report.ts';
import { reportedRuns } from '../../../../lib/api/links.ts';
import type { ComputedGuide } from '../../../../lib/schema/computed.ts';
import { runFile } from '../../../../lib/site-paths.ts';
import { stableCompactJson } from '../../../../lib/stable-json.ts';

export const getStaticPaths = (async () => {
  const paths = [];
  for (const entry of await getCollection('guides')) {
    const guide = entry.data.guide;
    const uses = runUses(guide);
    for (const runId of reportedRuns(guide)) {
      assertStoredRun(guide.id, runId);
      // The run is read when its report is rendered: every path's props are held until the last page.
      paths.push({ params: { run: `${guide.id}/${runFile(runId)}` }, props: { guide, runId, use: uses.get(runId) } });
    }
  }
  return paths;
}) satisfies GetStaticPaths;

/** One measured run as an llm-d Benchmark Report v0.2.1 (src/lib/benchmark-report). */
export const GET: APIRoute = ({ props }) => {
  const { guide, runId, use } = props as {
    guide: ComputedGuide;
    runId: string;
    use: Parameters<typeof benchmarkReport>[2];
  };
  const run = readStoredRun(guide.id, runId);
  const report = benchmarkReport(guide, run, use);
  if (!report) throw new Error(`guide ${guide.id}: run ${run.id} has no Benchmark Report`);
  return new Response(stableCompactJson(report), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
};
