// ingest then compute, in one process and one listing session: data/raw → data/runs → data/guides,
// as `npm run build` brings data/ up to date. The two stages share what they look up (folder
// listings, file stamps; compute takes ingest's stamps of each guide's raw and run files instead of
// taking them again) and load the code they share once.
import { computeSite } from './compute.ts';
import { listingsOnce } from './fs-policy.ts';
import { ingestSiteStamped } from './ingest.ts';
import { printPhases } from './phases.ts';

/** Ingests and computes every guide; true when data/runs and data/guides were brought up to date. */
export function refreshData(): Promise<boolean> {
  return listingsOnce(async () => {
    const ingested = await ingestSiteStamped();
    const done = ingested !== undefined && (await computeSite(ingested));
    // Under PERFLAB_PHASES: every file the two stages read, by folder and guide (fs-policy's countRead).
    printPhases('reads');
    return done;
  });
}
