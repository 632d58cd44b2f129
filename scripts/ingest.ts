// npm run ingest: data/raw → data/runs (see src/pipeline/ingest.ts). Exits 1 when any raw file has an error.
import { ingestSite } from '../src/pipeline/ingest.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run ingest
data/raw/<guide>/** -> data/runs/<guide>/*.json, one normalized run per result block. Writes nothing
unless every raw file parses; exits 1 on an error. npm run build runs it first.`);

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
process.exitCode = (await ingestSite()) ? 0 : 1;
