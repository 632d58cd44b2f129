// npm run compute: content/guides + data/runs → data/guides (see src/pipeline/compute.ts). Exits 1 on any error.
import { computeSite } from '../src/pipeline/compute.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run compute
content/guides/<guide>/ + data/runs/<guide>/ -> data/guides/<guide>.json, for every guide. Writes
nothing unless every guide is valid; exits 1 on an error. npm run build runs it after ingest.`);

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
process.exitCode = (await computeSite()) ? 0 : 1;
