// npm run data: npm run ingest, then npm run compute, in one process (see src/pipeline/data.ts). Exits 1 on any error.
import { refreshData } from '../src/pipeline/data.ts';
import { answerHelp } from '../src/pipeline/cli-help.ts';

answerHelp(`usage: npm run data
data/raw -> data/runs -> data/guides: ingest, then compute, in one process (what npm run build
runs first). Writes nothing a stage refuses; exits 1 on an error. npm run ingest and npm run
compute run one stage each.`);

// exitCode, not exit(): a long report to a pipe is written out before the process ends.
process.exitCode = (await refreshData()) ? 0 : 1;
