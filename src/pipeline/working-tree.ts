// The guides as the working tree's sources make them, computed in memory (ingest + compute,
// nothing written): what `diff` reports on, so it never reads a data/ left stale by a skipped build.
import { appendAll } from '../lib/append-all.ts';
import type { Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../lib/compute/build-guide.ts';
import { blockIndex } from '../lib/compute/block-index.ts';
import { ingestGuide } from '../lib/ingest/ingest-guide.ts';
import type { ComputedGuide } from '../lib/schema/computed.ts';
import type { Acknowledged } from '../lib/compute/acknowledgements.ts';
import { readGuideSources, readRawFiles } from './sources.ts';
import { today } from './clock.ts';
import { folderProblems, guidesRoot, listGuideDirs } from './fs-policy.ts';

export function computeWorkingTree(): {
  guides: Map<string, ComputedGuide>;
  diagnostics: Diagnostic[];
  /** by guide, the warnings guide.yaml acknowledges, with their reasons */
  acknowledged: Map<string, Acknowledged[]>;
} {
  const guides = new Map<string, ComputedGuide>();
  const acknowledged = new Map<string, Acknowledged[]>();
  // A linked data/raw, content/guides or guide folder is not read: the report says so instead.
  const diagnostics: Diagnostic[] = folderProblems({ read: ['raw', 'content'] });
  if (diagnostics.length > 0) return { guides, diagnostics, acknowledged };
  const ingestedGuides = listGuideDirs(guidesRoot).flatMap((id) => {
    const raw = readRawFiles(id);
    const ingested = ingestGuide(raw.files);
    appendAll(diagnostics, [...raw.diagnostics, ...ingested.diagnostics]);
    if ([...raw.diagnostics, ...ingested.diagnostics].some((d) => d.severity === 'error')) return [];
    return [{ id, runs: ingested.runs }];
  });
  const blocks = blockIndex(ingestedGuides);
  const date = today();
  for (const { id, runs } of ingestedGuides) {
    const { sources, diagnostics: unreadable } = readGuideSources(id, runs);
    const built = buildGuide({ ...sources, blocks, today: date });
    appendAll(diagnostics, [...unreadable, ...built.diagnostics]);
    if (built.guide) guides.set(id, built.guide);
    acknowledged.set(id, built.acknowledged ?? []);
  }
  return { guides, diagnostics, acknowledged };
}
