// Listing folders: every entry below a folder, depth first, each folder's entries sorted, links
// never followed. During a site-wide stage (`listingSession`) each folder is listed once, and a
// folder whose stamp (modification and change time, inode) is what it was after the last stage has
// the same entries: adding, removing or renaming an entry, or turning it into a link, changes its
// folder's stamp. Such a folder is not read again (listing every folder was most of a warm stage).
import { lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, sep } from 'node:path';

export type TreeEntry = {
  path: string;
  /** 1 for an entry of the listed folder itself, 2 for one of its subfolders', … */
  depth: number;
  kind: 'file' | 'folder' | 'link' | 'special';
  /** a dot-file or README.md, or below a dot-folder: not a source */
  hidden: boolean;
};
type Tree = { entries: TreeEntry[]; below: Map<string, [start: number, end: number]> };

type Kind = TreeEntry['kind'];
/** A folder's entries as the last stage saw them, with the folder's stamp then. */
type KeptListing = { stamp: string; entries: [name: string, kind: Kind][] };

type Session = {
  trees: Map<string, Tree>;
  kept: Map<string, KeptListing>;
  /** each path's stamp, taken once (null: no such entry) until a write reaches it */
  stamps: Map<string, string | null>;
  bookPath: string;
  changed: boolean;
};
let session: Session | undefined;

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;

/**
 * A file's or folder's stamp: size, modification and change time (to a fraction of a microsecond),
 * inode and mode; undefined when there is no such entry. Taken once per session: ingest and compute
 * run in one process stamp the same raw and run files, and a write through fs-policy forgets the
 * stamps it changed (forgetListings). Outside a session, always taken anew.
 */
export function pathStamp(path: string): string | undefined {
  const known = session?.stamps.get(path);
  if (known !== undefined) return known ?? undefined;
  const stat = lstatSync(path, { throwIfNoEntry: false });
  const stamp = stat && `${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}:${stat.ino}:${stat.mode}`;
  session?.stamps.set(path, stamp ?? null);
  return stamp;
}

function folderStamp(path: string): string | undefined {
  const stamp = pathStamp(path);
  return stamp !== undefined && (Number(stamp.slice(stamp.lastIndexOf(':') + 1)) & S_IFMT) === S_IFDIR
    ? stamp
    : undefined;
}

/** A folder's entries, sorted by name: from the kept listing when its stamp is unchanged. */
function readFolder(path: string): [string, Kind][] | undefined {
  // Stamped before it is read: a change made while reading shows as a new stamp next time.
  const stamp = session ? folderStamp(path) : undefined;
  const kept = stamp === undefined ? undefined : session?.kept.get(path);
  if (kept && kept.stamp === stamp) return kept.entries;
  let children;
  try {
    children = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
  const entries = children
    .map((entry): [string, Kind] => [
      entry.name,
      entry.isSymbolicLink() ? 'link' : entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : 'special',
    ])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (session && stamp !== undefined) {
    session.kept.set(path, { stamp, entries });
    session.changed = true;
  }
  return entries;
}

function walkTree(dir: string): Tree {
  const entries: TreeEntry[] = [];
  const below = new Map<string, [number, number]>();
  const visit = (current: string, hidden: boolean, depth: number) => {
    const start = entries.length;
    const children = readFolder(current);
    if (!children) return;
    for (const [name, kind] of children) {
      // current is a normalized path and name one entry's name: join's normalizing is not needed.
      const path = current + sep + name;
      const isHidden = hidden || name.startsWith('.') || name === 'README.md';
      entries.push({ path, depth, kind, hidden: isHidden });
      if (kind === 'folder') visit(path, isHidden, depth + 1);
    }
    below.set(current, [start, entries.length]);
  };
  visit(dir, false, 1);
  return { entries, below };
}

/**
 * Runs `stage` with listings remembered (and kept in `bookPath` for the next stage): each folder
 * is listed once until something is written.
 */
export function listingSession<T>(stage: () => T, bookPath: string): T {
  // Stages run one after another in one session (ingest then compute) share it.
  if (session) return stage();
  const kept = new Map<string, KeptListing>();
  try {
    for (const [path, listing] of Object.entries(
      JSON.parse(readFileSync(bookPath, 'utf8')) as Record<string, KeptListing>,
    ))
      kept.set(path, listing);
  } catch {
    // none yet, or unreadable: every folder is read
  }
  session = { trees: new Map(), kept, stamps: new Map(), bookPath, changed: false };
  const end = () => {
    const ended = session;
    session = undefined;
    if (ended?.changed) saveListings(ended);
  };
  let result: T;
  try {
    result = stage();
  } catch (error) {
    end();
    throw error;
  }
  if (result instanceof Promise) return result.finally(end) as T;
  end();
  return result;
}

function saveListings({ kept, bookPath }: Session): void {
  mkdirSync(dirname(bookPath), { recursive: true });
  const staging = `${bookPath}.${process.pid}`;
  writeFileSync(staging, JSON.stringify(Object.fromEntries(kept)));
  renameSync(staging, bookPath);
}

/**
 * Forgets this session's walks after a write (kept listings stay: each is checked by its stamp),
 * and the stamps the write may have changed: each path `written` or `removed`, every folder above
 * it (an entry made or removed changes its folder's stamp) and all below a removed one. With no
 * paths given, every stamp.
 */
export function forgetListings(changed?: { written?: readonly string[]; removed?: readonly string[] }): void {
  if (!session) return;
  session.trees.clear();
  const { stamps } = session;
  if (!changed) return stamps.clear();
  const removed = changed.removed ?? [];
  for (const path of [...(changed.written ?? []), ...removed])
    for (let at = path; ; at = dirname(at)) {
      stamps.delete(at);
      if (dirname(at) === at) break;
    }
  if (removed.length > 0) {
    const prefixes = removed.map((path) => path + sep);
    for (const path of stamps.keys()) if (prefixes.some((prefix) => path.startsWith(prefix))) stamps.delete(path);
  }
}

/** The entries below `dir` (depth 1: in `dir` itself), from this stage's walk of it or of a folder above it. */
export function entriesBelow(dir: string): TreeEntry[] {
  if (!session) return walkTree(dir).entries;
  for (let ancestor = dir; ; ancestor = dirname(ancestor)) {
    const tree = session.trees.get(ancestor);
    if (tree) {
      const range = tree.below.get(dir);
      if (!range) return [];
      const entries = tree.entries.slice(range[0], range[1]);
      if (ancestor === dir) return entries;
      const shift = (tree.entries[range[0]]?.depth ?? 1) - 1;
      return entries.map((entry) => ({ ...entry, depth: entry.depth - shift }));
    }
    if (dirname(ancestor) === ancestor) break;
  }
  const tree = walkTree(dir);
  session.trees.set(dir, tree);
  return tree.entries;
}
