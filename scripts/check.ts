// npm run check: validate every raw file, guide.yaml and prose file without writing anything
// (see src/pipeline/check.ts). Exits 1 if any problem is an error.
import { checkSite } from '../src/pipeline/check.ts';

process.exitCode = checkSite() ? 0 : 1; // not exit(): the report must reach a pipe whole
