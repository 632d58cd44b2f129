// plan: one guide's measurements (src/lib/plan), with whether each raw result and its record are
// already in data/raw. Reads guide.yaml and data/raw; writes nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { errorAt, type Diagnostic } from '../lib/diagnostics/diagnostics.ts';
import { validate } from '../lib/diagnostics/validate.ts';
import { parseYamlSource, type YamlPath } from '../lib/guide-source/yaml-source.ts';
import { parseRawFile } from '../lib/parse/index.ts';
import { planGuide, type GuidePlan, type Measurement } from '../lib/plan/plan.ts';
import type { ServerOptions } from '../lib/plan/serving.ts';
import { repositoryRoots } from './programs.ts';
import { hasBlockLabel, recordFileOf } from '../lib/record/record-files.ts';
import { GuideSchema, type Guide } from '../lib/schema/guide-yaml.ts';
import { folder, linkOnTheWay, notRegularFile, readText, repoPath } from './fs-policy.ts';
import { readRecordFile } from './record-file.ts';

const GUIDE_ID = /^[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*$/;

export type LoadedGuide = {
  id: string;
  guide: Guide;
  file: string;
  locate: (path: YamlPath) => { line: number; column: number };
};

/** A guide's guide.yaml, read and validated, or the problems that keep it from being planned. */
export function loadGuide(id: string): { loaded: LoadedGuide } | { diagnostics: Diagnostic[] } {
  if (!GUIDE_ID.test(id))
    return {
      diagnostics: [
        errorAt('E_GUIDE_MISSING', id, `"${id}" is not a guide id`, {
          expected: '<model>/<hardware>, e.g. glm-5.2/h200',
        }),
      ],
    };
  const path = join(folder('content'), id, 'guide.yaml');
  const file = repoPath(path);
  const linked = linkOnTheWay(join(folder('content'), id));
  if (linked)
    return {
      diagnostics: [
        errorAt('E_LINKED_FOLDER', repoPath(linked.path), `${repoPath(linked.path)} ${linked.reason}: not read`),
      ],
    };
  if (!existsSync(path) || notRegularFile(path) !== undefined)
    return {
      diagnostics: [
        errorAt('E_GUIDE_MISSING', file, `there is no guide ${id}`, {
          expected: `${file} (npm run new -- <model> <hardware> --gpus <count> scaffolds one)`,
        }),
      ],
    };
  const yaml = parseYamlSource(readText(path), file);
  if (yaml.diagnostics.length > 0) return { diagnostics: yaml.diagnostics };
  const parsed = validate(GuideSchema, yaml.data, { file, locate: yaml.locate, bareKey: yaml.bareKey });
  if (!parsed.ok) return { diagnostics: parsed.diagnostics };
  return { loaded: { id, guide: parsed.data, file, locate: yaml.locate } };
}

export type MeasurementState = {
  /** data/raw/<guide>/<file>, from the repository root */
  rawPath: string;
  /** the raw result is there (for a block: the file holds its # label line, or a block its reader labels so) */
  exists: boolean;
  /** its record is there */
  recorded: boolean;
};

/** Whether a measurement's raw result and record are in data/raw. */
export function measurementState(id: string, m: Pick<Measurement, 'file' | 'block'>): MeasurementState {
  const raw = join(folder('raw'), id, m.file);
  const rawPath = repoPath(raw);
  const readable = existsSync(raw) && notRegularFile(raw) === undefined && !linkOnTheWay(join(raw, '..'));
  const text = readable ? readText(raw) : undefined;
  const exists = text !== undefined && (m.block === null || holdsBlock(text, rawPath, m.block));
  const record = readRecordFile(recordFileOf(raw));
  const recorded = record !== undefined && record.results.some((r) => r.block === m.block);
  return { rawPath, exists, recorded };
}

/**
 * Whether a raw file holds the block guide.yaml names: a `# label` line, or a block its reader
 * labels so (lm-evaluation-harness's task and filter, strict-match; SGLang's tags), as check resolves
 * `block:` (src/lib/compute/references.ts). Either way measuring it again would add a second one.
 */
function holdsBlock(text: string, rawPath: string, block: string): boolean {
  return (
    hasBlockLabel(text, block) ||
    parseRawFile(text, { file: rawPath }).runs.some((run) => run.source.blockLabel === block)
  );
}

export type StatedPlan = { plan: GuidePlan; loaded: LoadedGuide; states: MeasurementState[] };

export function planWithState(
  id: string,
  options: ServerOptions = {},
): { stated: StatedPlan } | { diagnostics: Diagnostic[] } {
  const read = loadGuide(id);
  if ('diagnostics' in read) return read;
  // Paths inside this checkout are refused in the commands (src/lib/plan/allow-list.ts).
  const plan = planGuide(id, read.loaded.guide, { ...options, repoRoots: repositoryRoots() });
  return { stated: { plan, loaded: read.loaded, states: plan.measurements.map((m) => measurementState(id, m)) } };
}
