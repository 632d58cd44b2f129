// What a draft guide leaves for its author, listed once and in one place when `npm run import`
// ends, each with the decision it needs: acknowledgements whose reason is FILL-IN, ties the draft
// settled by the published generator's rule, raw files that repeat another guide's, the Chinese
// prose. (The page's own differences and what the draft leaves out are the audit's lines.)
import { parse } from 'yaml';
import { normalizeBlock } from './audit/copies.ts';
import type { Run } from '../schema/run.ts';
import type { ImportedFiles } from './imported-files.ts';

type Entry = { file?: string; block?: string; code?: string; metric?: string; reason?: { en?: string } };

export function draftDecisions(
  id: string,
  files: Pick<ImportedFiles, 'guideYaml' | 'ties' | 'raw' | 'setupDecisions' | 'imagesLeftOut'>,
  knownBlocks: ReadonlyMap<string, string>,
): string[] {
  const guideFile = `content/guides/${id}/guide.yaml`;
  const draft = parse(files.guideYaml) as { acknowledge?: Entry[] } | null;
  const decisions: string[] = files.setupDecisions.map((decision) => `${guideFile} ${decision}`);
  const copyOf = (path: string) => knownBlocks.get(normalizeBlock(files.raw.get(path) ?? ''));
  const copiesAcknowledged = new Set<string>();
  (draft?.acknowledge ?? []).forEach((entry, index) => {
    const reason = entry.reason?.en ?? '';
    if (!reason.startsWith('FILL-IN')) return;
    const other = entry.code === 'W_STORY_COPIED' && entry.file ? copyOf(entry.file) : undefined;
    if (entry.file && other) {
      copiesAcknowledged.add(entry.file);
      decisions.push(
        `${guideFile} acknowledge[${index}]: data/raw/${id}/${entry.file} is the same block as ${other}, another guide's result. Replace it with this guide's own run and remove the entry, or write why the same run belongs to both (reason en and zh)`,
      );
      return;
    }
    const what = reason.replace(/^FILL-IN why this is acceptable:\s*/, '');
    // The warning's own words name the block already when it is one of a log's.
    const block = entry.block && !what.includes(`(block "# ${entry.block}")`) ? ` (block "${entry.block}")` : '';
    const where = `${entry.file ? `data/raw/${id}/${entry.file}` : 'every run'}${block}`;
    decisions.push(
      `${guideFile} acknowledge[${index}]: ${entry.code}${entry.metric ? ` on ${entry.metric}` : ''} of ${where}: ${what}. Write why it is acceptable (reason en and zh), or rerun the benchmark`,
    );
  });
  for (const tie of files.ties)
    decisions.push(
      `${guideFile} step "${tie.step}": "${tie.winner}" is the winner of a tie with ${tie.tiedWith.map((t) => `"${t}"`).join(', ')} at ${tie.at}, by the published generator's rule (the first listed). Confirm it, or name another and say why`,
    );
  for (const path of files.raw.keys()) {
    const other = copiesAcknowledged.has(path) ? undefined : copyOf(path);
    if (other)
      decisions.push(
        `data/raw/${id}/${path} is the same block as ${other}, another guide's result. Replace it with this guide's own run, or acknowledge W_STORY_COPIED with why the same run belongs to both`,
      );
  }
  for (const image of files.imagesLeftOut)
    decisions.push(
      `content/guides/${id}/en.md:${image.line}: the page's image ${JSON.stringify(image.url.slice(0, 200))} is left out (its alt text stands in its place): a guide page loads nothing from another host. Put the file under public/ and show it by its path (/images/…), or leave it out`,
    );
  decisions.push(
    `content/guides/${id}/zh.md: translate en.md slot by slot (until then the zh page shows the English prose under a "not translated yet" notice)`,
  );
  return decisions;
}

/** An acknowledgement, reason to be written, of each raw file that repeats another guide's (`known`). */
export function copyAcknowledgements(texts: ReadonlyMap<string, string>, known: ReadonlyMap<string, string>): object[] {
  return [...texts].flatMap(([file, text]) => {
    const other = known.get(normalizeBlock(text));
    return other
      ? [
          {
            file,
            code: 'W_STORY_COPIED',
            reason: {
              en: `FILL-IN: the same block as ${other}; why does the same run belong to both guides?`,
              zh: 'FILL-IN 为什么同一次运行属于两个指南（中文）',
            },
          },
        ]
      : [];
  });
}

/** An acknowledgement, reason to be written, of each block read without its header line (W_MISSING_HEADER). */
export function headerlessAcknowledgements(runs: readonly { file: string; run: Run }[]): object[] {
  const seen = new Set<string>();
  return runs.flatMap(({ file, run }) => {
    const block = run.source.blockLabel ?? undefined;
    const key = `${file}#${block ?? ''}`;
    if (!run.source.headerless || seen.has(key)) return [];
    seen.add(key);
    return [
      {
        file,
        ...(block ? { block } : {}),
        code: 'W_MISSING_HEADER',
        reason: {
          en: 'FILL-IN why this is acceptable: the block has no header line; it is read from its result lines and its closing rule',
          zh: 'FILL-IN 为什么可以接受（中文）',
        },
      },
    ];
  });
}

/** What the draft acknowledges of its blocks as such, each with a reason to write: headerless ones, copies. */
export function blockAcknowledgements(
  runs: readonly { file: string; run: Run }[],
  texts: ReadonlyMap<string, string>,
  known: ReadonlyMap<string, string>,
): object[] {
  return [...headerlessAcknowledgements(runs), ...copyAcknowledgements(texts, known)];
}
