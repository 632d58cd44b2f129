// The raw files an import drafts, by path under data/raw/<guide>/, each with the page line it comes
// from. Paths are made from the page's headings, so two of them can meet: the same path twice, or
// one file's path a folder of another. Either is a problem at the later block's line (the import
// then writes nothing), never a file overwritten or a write that fails half-way.
import type { PageProblem } from './page-model.ts';

export class DraftFiles {
  /** path → content: what the import writes */
  readonly texts = new Map<string, string>();
  readonly problems: PageProblem[] = [];
  /** file path (lower case, as a case-insensitive disk sees it) → the page line of its block */
  private readonly files = new Map<string, number>();
  /** every folder some file lies in (lower case) → that file's page line */
  private readonly folders = new Map<string, number>();

  add(path: string, text: string, line: number): void {
    const key = path.toLowerCase();
    const parts = key.split('/');
    const parents = parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
    const clash =
      this.files.has(key) || this.folders.has(key)
        ? { path, earlier: this.files.get(key) ?? this.folders.get(key) }
        : parents
            .filter((folder) => this.files.has(folder))
            .map((folder) => ({ path: folder, earlier: this.files.get(folder) }))[0];
    if (clash) {
      this.problems.push({
        line,
        message: `this block would be written to data/raw/<guide>/${path}, where the block at line ${clash.earlier ?? '?'} already goes (${clash.path}): give one of their headings another name`,
      });
      return;
    }
    this.files.set(key, line);
    for (const folder of parents) if (!this.folders.has(folder)) this.folders.set(folder, line);
    this.texts.set(path, text);
  }
}
