// npm run ingest: data/raw → data/runs (see src/pipeline/ingest.ts). Exits 1 when any raw file has an error.
import { ingestSite } from '../src/pipeline/ingest.ts';

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
process.exitCode = (await ingestSite()) ? 0 : 1;
