// A worker thread of threads.ts: loads the stage's modules only, takes guides from the
// shared counter and runs the stage's function for each, posting every result back with its index.
import { parentPort, workerData } from 'node:worker_threads';
import type { BlockDigest, BlockIndex } from '../lib/compute/block-index.ts';
import { ingestThread, type IngestThreadContext } from './ingest-thread.ts';
import { takeNext, type WorkerInput, type WorkerMessage } from './threads.ts';
import { phasesWanted } from './phases.ts';
import { phaseTotals } from '../lib/phase-times.ts';

const { stage, ids, next, context } = workerData as WorkerInput;
async function stageFunction(): Promise<(id: string) => unknown> {
  if (stage === 'ingest') {
    const { ingestForSync, stager } = await import('./ingest-one.ts');
    return ingestThread(context as IngestThreadContext, stager, ingestForSync);
  }
  const { computeOne } = await import('./compute-one.ts');
  const { index, own, ingestedNow } = context as {
    index: BlockIndex;
    own: Record<string, BlockDigest[]>;
    ingestedNow: boolean;
  };
  return (id) => computeOne(id, index, own[id], ingestedNow);
}

const run = await stageFunction();
for (const { index, id } of takeNext(ids, new Int32Array(next))) {
  const message: WorkerMessage = { index, result: run(id) };
  parentPort?.postMessage(message);
}
parentPort?.postMessage({ done: true, ...(phasesWanted ? { phases: phaseTotals() } : {}) } satisfies WorkerMessage);
