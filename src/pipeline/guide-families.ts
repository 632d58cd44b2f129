// The model families the repository's guides give (model.family of each guide.yaml that reads), for
// `npm run new` to spell a new guide's family as the others do.
import type { KnownFamily } from '../lib/guide-source/scaffold.ts';
import { folder, listGuideDirs } from './fs-policy.ts';
import { loadGuide } from './plan.ts';

export function knownFamilies(): KnownFamily[] {
  return listGuideDirs(folder('content')).flatMap((id) => {
    const read = loadGuide(id);
    return 'loaded' in read ? [{ id, family: read.loaded.guide.model.family }] : [];
  });
}
