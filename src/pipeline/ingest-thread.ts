// What each ingest thread (this one and threads.ts's workers) is given, and the function it runs
// for each guide: without loading the parsers, which only a thread with guides to do loads.
import type { IngestedGuide, KeptGuide, StagedGuide } from './ingest-one.ts';

export type IngestThreadContext = {
  /** a cold ingest's staging folder (ingest.ts), where each thread writes the guides it finishes */
  staging: string | undefined;
  /** each changed guide's cache entry after its last successful ingest, by guide id */
  previousKeys: Record<string, string>;
};

/** The per-guide function of a thread: a cold ingest stages its files, a warm one reports them. */
export function ingestThread(
  { staging, previousKeys }: IngestThreadContext,
  stager: (staging: string) => (id: string) => StagedGuide,
  ingestForSync: (id: string, previousKey?: string) => IngestedGuide | KeptGuide,
): (id: string) => IngestedGuide | KeptGuide | StagedGuide {
  return staging ? stager(staging) : (id) => ingestForSync(id, previousKeys[id]);
}
