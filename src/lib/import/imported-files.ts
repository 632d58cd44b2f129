import type { DraftedOutImage } from './draft-prose.ts';
import type { Tie } from './draft-ties.ts';
import type { PageProblem } from './page-model.ts';

/** What `importPage` (write-guide.ts) makes of a page: the draft's files and what its author must decide. */
export type ImportedFiles = {
  /** path under data/raw/<guide>/ → content */
  raw: Map<string, string>;
  guideYaml: string;
  enMd: string;
  /** what keeps the draft from being written (a profile block that is not YAML, two blocks on one path): nothing is */
  problems: PageProblem[];
  /** steps whose best runs tie: the draft names the first listed as the winner, for the author to confirm */
  ties: Tie[];
  /** what the page has and the draft does not carry (a conclusion row no block backs, a dataset line), by page line */
  leftOut: PageProblem[];
  /** what the author must decide about the model and the machine its commands use (draft-model.ts) */
  setupDecisions: string[];
  /** the page's images that would load another host's file, left out of en.md (draft-prose.ts) */
  imagesLeftOut: DraftedOutImage[];
};
