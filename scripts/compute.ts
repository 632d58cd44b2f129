// npm run compute: content/guides + data/runs → data/guides (see src/pipeline/compute.ts). Exits 1 on any error.
import { computeSite } from '../src/pipeline/compute.ts';

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
process.exitCode = (await computeSite()) ? 0 : 1;
