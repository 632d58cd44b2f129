// Stamps: what a file's metadata says about its content, so that a guide none of whose inputs or
// outputs changed since the last successful run is not read at all (a one-file edit then costs
// one guide, not the site). A stamp is size, modification and change time in nanoseconds and inode:
// an edit, a copy over, a `git checkout` or a rename onto the path changes at least one of them.
// Inputs are stamped before they are read, so an edit made while a stage runs is seen next time.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { contentHash } from '../lib/content-hash.ts';
import { codeVersion } from './cache.ts';
import { folder, listFiles, manifestPath } from './fs-policy.ts';
import { pathStamp } from './folder-listing.ts';

/** A file's stamp (times to a fraction of a microsecond), or undefined when there is no such file. */
export const fileStamp = pathStamp;

/** One digest of the stamps of `paths`, in the given order, absent files included as absent. */
export function stampsDigest(paths: readonly string[]): string {
  // One string hashed once: a guide has dozens of files, a site thousands.
  return contentHash([paths.map((path) => `${path}\0${fileStamp(path) ?? 'absent'}`).join('\n')]);
}

/** A guide's files in data/runs: its run files and its sources manifest (ingest's outputs, compute's inputs). */
export function runOutputFiles(id: string): string[] {
  return [...listFiles(join(folder('runs'), id)), manifestPath(id)];
}

/** The stamps digests of a guide's raw files and of its files in data/runs, as ingest left them. */
export type RawAndRunStamps = { raw: string; runs: string };

/** What a stage keeps of a guide it finished: the stamps it saw, and what it needs to skip it next time. */
export type Stamped<Entry> = { inputs: string; outputs: string; entry: Entry };

/**
 * A stage's stamps of every guide after its last successful run, under the same code (a change to
 * perflab's code forgets them all). Kept beside the pipeline cache, which it only ever shortens.
 */
export class StampBook<Entry> {
  private readonly path: string;
  private readonly previous = new Map<string, Stamped<Entry>>();
  private readonly next = new Map<string, Stamped<Entry>>();

  constructor(stage: 'ingest' | 'compute') {
    this.path = join(folder('cache'), `stamps-${stage}.json`);
    try {
      const saved = JSON.parse(readFileSync(this.path, 'utf8')) as {
        code?: string;
        guides?: Record<string, Stamped<Entry>>;
      };
      if (saved.code === codeVersion())
        for (const [id, stamped] of Object.entries(saved.guides ?? {})) this.previous.set(id, stamped);
    } catch {
      // none yet, or unreadable: every guide is read
    }
  }

  /** The guide's entry from the last run, when its inputs and outputs carry the same stamps now. */
  unchanged(id: string, inputs: string, outputs: string): Entry | undefined {
    const before = this.previous.get(id);
    return before && before.inputs === inputs && before.outputs === outputs ? before.entry : undefined;
  }

  /** Every guide's entry from the last run, whatever its stamps are now (a guide gone since included). */
  previousEntries(): ReadonlyMap<string, Entry> {
    return new Map([...this.previous].map(([id, { entry }]) => [id, entry]));
  }

  record(id: string, stamped: Stamped<Entry>): void {
    this.next.set(id, stamped);
  }

  /** Writes the recorded guides (only those: a guide gone is forgotten), atomically, unless nothing changed. */
  save(): void {
    const same =
      this.next.size === this.previous.size &&
      [...this.next].every(([id, next]) => {
        const before = this.previous.get(id);
        return before?.inputs === next.inputs && before.outputs === next.outputs && before.entry === next.entry;
      });
    if (same) return;
    const guides = Object.fromEntries([...this.next].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    mkdirSync(dirname(this.path), { recursive: true });
    const staging = `${this.path}.${process.pid}`;
    writeFileSync(staging, JSON.stringify({ code: codeVersion(), guides }));
    renameSync(staging, this.path);
  }
}
