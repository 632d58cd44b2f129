// A worker thread of guide-threads.ts: takes guides from the shared counter and runs the stage's
// function for each, posting every result back with the guide's index.
import { parentPort, workerData } from 'node:worker_threads';
import type { BlockIndex } from '../src/lib/compute/story.ts';
import { takeNext, type WorkerInput, type WorkerMessage } from './guide-threads.ts';
import { computeOne, ingestOne } from './pipeline.ts';

const { stage, ids, next, context } = workerData as WorkerInput;
const counter = new Int32Array(next);
const run = stage === 'ingest' ? ingestOne : (id: string) => computeOne(id, context as BlockIndex);
for (const { index, id } of takeNext(ids, counter)) {
  const message: WorkerMessage = { index, result: run(id) };
  parentPort?.postMessage(message);
}
parentPort?.postMessage({ done: true } satisfies WorkerMessage);
