// A worker thread of src/chart-thread.ts: draws the charts (before/after, and a sweep's two) while the build's main thread
// renders pages. The SVG is what comparisonChartSvg draws on any thread: each chart is drawn as if
// first (see render.ts), so which thread draws it, and in what order, does not change a byte.
import { parentPort } from 'node:worker_threads';
import { drawChart, type ChartOrder } from './lib/chart/render.ts';

export type ChartRequest = { id: number } & ChartOrder;

/** `cpuMs`: this worker's CPU time so far, for the bench's breakdown (src/lib/phase-times.ts). */
export type ChartReply = { id: number; svg: string; cpuMs: number } | { id: number; error: string };

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

parentPort?.on('message', (request: ChartRequest) => {
  drawChart(request).then(
    (svg) => parentPort?.postMessage({ id: request.id, svg, cpuMs: cpuMs() } satisfies ChartReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ChartReply),
  );
});
