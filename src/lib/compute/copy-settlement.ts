// Which of a guide's raw files it acknowledges as copies of another guide's (W_STORY_COPIED): a
// copy is one fact about two guides, so the guide it was copied from or into does not report it
// again (block-index.ts carries this per block, story.ts reads it).

/** Which raw files (repository paths) a guide acknowledges as copies: `copySettlement`. */
export type Settles = (file: string) => boolean;
export const settlesNone: Settles = () => false;
/** `{ settled: true }` for a block that is settled, else nothing: spread into a block or a copy. */
export const settledOf = (block: { settled?: boolean | undefined }) =>
  block.settled ? { settled: true as const } : {};

/**
 * The raw files guide `id` acknowledges W_STORY_COPIED on, from its guide.yaml's `acknowledge:`
 * entries as parsed (an entry without `file` covers every file). Read leniently: an entry that is
 * not an object settles nothing (compute reports a malformed guide.yaml itself).
 */
export function copySettlement(id: string, acknowledge: unknown): Settles {
  if (!Array.isArray(acknowledge)) return settlesNone;
  const files = new Set<string>();
  let all = false;
  for (const entry of acknowledge as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { code, file } = entry as { code?: unknown; file?: unknown };
    if (code !== 'W_STORY_COPIED') continue;
    if (file === undefined) all = true;
    else if (typeof file === 'string') files.add(file);
  }
  if (!all && files.size === 0) return settlesNone;
  return (path) => all || files.has(path.split(`/${id}/`)[1] ?? path);
}

/**
 * The guides with a block under a digest or near key that a block of another guide is under too:
 * the only owners copyOf can ever return to another guide, so the only ones whose `settled` matters.
 * `index` is a BlockIndex (block-index.ts), of which this reads only each owner's guide.
 */
export function guidesMeetingOthers(index: {
  exact: ReadonlyMap<string, readonly { guide: string }[]>;
  near: ReadonlyMap<string, readonly { guide: string }[]>;
}): Set<string> {
  const meeting = new Set<string>();
  for (const owners of [...index.exact.values(), ...index.near.values()]) {
    const first = owners[0]?.guide;
    if (owners.some((owner) => owner.guide !== first)) for (const owner of owners) meeting.add(owner.guide);
  }
  return meeting;
}
