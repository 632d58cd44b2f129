// What the content loaders are given to read the site's generated files with (content.config.ts
// passes src/pipeline/site-files.ts): src/content itself does no I/O, so a loader is only reading
// and rendering, and src/pipeline stays the one layer that touches files.

export type SiteFiles = {
  /** The folder data/ and content/ are in (absolute): what messages are relative to. */
  root: string;
  /** The files below `dir` (relative to the root) that match `pattern`, sorted; none when `dir` is absent. */
  list(dir: string, pattern: string): string[];
  /** The text of `path` (relative to the root), or undefined when there is no such file. */
  read(path: string): string | undefined;
  /**
   * Whether compute wrote exactly this guide text under the current code (such a guide is not
   * validated again); asked once per load, it reads compute's record then.
   */
  computedByThisCode(): (text: string) => boolean;
};
