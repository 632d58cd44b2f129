// Comparison charts for the guide pages, drawn on a worker thread when the build says where the
// worker's code is (scripts/site-build.ts sets PERFLAB_CHART_WORKER to src/chart-worker.ts): vega's drawing then runs on
// the second core while this thread renders pages. Elsewhere (astro dev, tests) on this thread.
import { Worker } from 'node:worker_threads';
import type { ChartLayout, ComparisonChartInput } from './lib/chart/comparison-spec.ts';
import type { SweepChartInput } from './lib/chart/sweep-spec.ts';
import type { OperatingChartInput } from './lib/chart/operating-point-spec.ts';
import type { ChartOrder } from './lib/chart/render.ts';
import type { ChartReply, ChartRequest } from './chart-worker.ts';
import { addPhase, phaseStart, timedAsync } from './lib/phase-times.ts';

type Pending = { resolve: (svg: string) => void; reject: (error: Error) => void; start: { wall: number } };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;
/** The worker's CPU time at its last reply: each reply adds what it spent since to the bench's breakdown. */
let workerCpuMs = 0;

function chartWorker(path: string): Worker {
  if (worker) return worker;
  const started = new Worker(path);
  started.on('message', (reply: ChartReply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    // The worker keeps the process alive only while a chart is awaited.
    if (pending.size === 0) started.unref();
    if ('svg' in reply) {
      addPhase(
        'astro.charts (worker thread)',
        waiting ? performance.now() - waiting.start.wall : 0,
        reply.cpuMs - workerCpuMs,
      );
      workerCpuMs = reply.cpuMs;
      waiting?.resolve(reply.svg);
    } else waiting?.reject(new Error(`chart worker: ${reply.error}`));
  });
  // A worker that fails or stops fails the charts it owed (the build fails) rather than leaving
  // their pages waiting forever; the next chart starts a new one.
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    if (worker === started) worker = undefined;
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`chart worker stopped (exit code ${code})`)));
  worker = started;
  return started;
}

export function comparisonChart(input: ComparisonChartInput, layout: ChartLayout): Promise<string> {
  return chart({ kind: 'comparison', input, layout });
}

/** A sweep's throughput-against-latency chart (compute/sweep.ts), in Other benchmark cases (one layout). */
export function sweepChart(input: SweepChartInput): Promise<string> {
  return chart({ kind: 'sweep', input });
}

/** A sweep's operating points, throughput per accelerator against tok/s per user (one layout). */
export function operatingChart(input: OperatingChartInput): Promise<string> {
  return chart({ kind: 'operating', input });
}

async function chart(request: ChartOrder): Promise<string> {
  const path = process.env.PERFLAB_CHART_WORKER;
  if (!path) {
    const render = await import('./lib/chart/render.ts');
    return timedAsync('astro.charts (this thread)', () => render.drawChart(request));
  }
  const thread = chartWorker(path);
  const id = nextId++;
  const start = phaseStart();
  const drawn = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject, start }));
  thread.ref();
  thread.postMessage({ ...request, id } satisfies ChartRequest);
  return drawn;
}
