// A worker thread of src/chart-thread.ts: draws comparison charts while the build's main thread
// renders pages. The SVG is what comparisonChartSvg draws on any thread: each chart is drawn as if
// first (see render.ts), so which thread draws it, and in what order, does not change a byte.
import { parentPort } from 'node:worker_threads';
import type { ChartLayout, ComparisonChartInput } from './lib/chart/comparison-spec.ts';
import { comparisonChartSvg } from './lib/chart/render.ts';

export type ChartRequest = { id: number; input: ComparisonChartInput; layout: ChartLayout };
export type ChartReply = { id: number; svg: string } | { id: number; error: string };

parentPort?.on('message', (request: ChartRequest) => {
  comparisonChartSvg(request.input, request.layout).then(
    (svg) => parentPort?.postMessage({ id: request.id, svg } satisfies ChartReply),
    (error: unknown) =>
      parentPort?.postMessage({
        id: request.id,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      } satisfies ChartReply),
  );
});
