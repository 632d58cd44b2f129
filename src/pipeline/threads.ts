// Runs a pipeline stage over many guides on this thread and on worker threads at once (the
// machines this runs on have two cores or more): each thread takes the next guide when it has
// finished the last, and the results come back in the guides' order, so what is written and
// printed does not depend on how many threads ran or which guide each took.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CacheStage } from './cache.ts';
import { mergePhases, type PhaseTotals } from '../lib/phase-times.ts';

/** The stages that run per guide: those the pipeline cache keeps. */
export type GuideStage = CacheStage;

/** Below this many guides a worker's start (loading the pipeline's modules again) costs more than it saves. */
const MIN_GUIDES_PER_THREAD = 16;

/**
 * Threads to use: PERFLAB_THREADS when set (1 runs everything on this thread), else one per core
 * (at most four) while each has MIN_GUIDES_PER_THREAD guides to do.
 */
export function threadCount(guides: number): number {
  const fromEnv = Number(process.env.PERFLAB_THREADS);
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return Math.max(1, Math.min(fromEnv, guides));
  return Math.max(1, Math.min(availableParallelism(), 4, Math.floor(guides / MIN_GUIDES_PER_THREAD)));
}

/** The guides this thread takes from the shared counter, one at a time, until none is left. */
export function* takeNext(ids: readonly string[], counter: Int32Array): Generator<{ index: number; id: string }> {
  for (;;) {
    const index = Atomics.add(counter, 0, 1);
    const id = ids[index];
    if (id === undefined) return;
    yield { index, id };
  }
}

export type WorkerInput = { stage: GuideStage; ids: readonly string[]; next: SharedArrayBuffer; context: unknown };
/** `phases`: the worker's phase clock (src/lib/phase-times.ts), when the bench asked for it. */
export type WorkerMessage = { index: number; result: unknown } | { done: true; phases?: PhaseTotals };

export type GuideThreads<T> = {
  /** `runHere(id)` for every guide not taken by a worker; then every result, in the ids' order. */
  run: (runHere: (id: string) => T) => Promise<{ id: string; result: T }[]>;
};

/**
 * Starts `threadCount - 1` workers (guide-worker.ts, which runs the stage's function for each guide
 * it takes). Call it before loading the stage's modules on this thread: the workers load theirs
 * meanwhile. `context` is cloned to each worker.
 */
export function startGuideThreads<T>(stage: GuideStage, ids: readonly string[], context?: unknown): GuideThreads<T> {
  const results = new Array<T>(ids.length);
  // One shared counter: the index of the next guide any thread may take.
  const next = new SharedArrayBuffer(4);
  const counter = new Int32Array(next);
  const workers = Array.from({ length: threadCount(ids.length) - 1 }, () => {
    const input: WorkerInput = { stage, ids, next, context };
    const worker = new Worker(new URL('./guide-worker.ts', import.meta.url), { workerData: input });
    return new Promise<void>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if ('done' in message) {
          if (message.phases) mergePhases(message.phases);
          resolve();
        } else results[message.index] = message.result as T;
      });
      worker.on('error', reject);
      worker.on('exit', (code) => {
        if (code !== 0) reject(new Error(`${stage} worker stopped with exit code ${code}`));
      });
    });
  });
  return {
    run: async (runHere) => {
      for (const { index, id } of takeNext(ids, counter)) results[index] = runHere(id);
      await Promise.all(workers);
      return ids.map((id, index) => ({ id, result: results[index] as T }));
    },
  };
}
