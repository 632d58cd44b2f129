// The ingest and compute CLIs on a scratch copy of the repo: all or nothing, never half-written.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { scratchRepo } from '../helpers/scratch-repo.ts';

// The GLM guides (4 of the repository's): every run below goes over all of them.
const repo = scratchRepo('perflab-cli-', ['glm-4.x', 'glm-5.2']);
const scratch = repo.root;
afterAll(repo.remove);

const run = (script: string) => repo.run(script);
const runsFile = join(scratch, 'data/runs/glm-5.2/h200/engine/vllm.json');

describe('ingest CLI', () => {
  it('regenerates data/runs byte for byte from data/raw', () => {
    const before = readFileSync(runsFile, 'utf8');
    const result = run('ingest.ts');
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(runsFile, 'utf8')).toBe(before);
  });

  it('a clean checkout prints no warning its guides acknowledge: plausibility warnings are one line', () => {
    const result = run('ingest.ts');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).not.toMatch(/warning W_/);
    expect(result.stderr).toMatch(
      /^ingest: \d+ plausibility warning\(s\) on runs, for compute to check against each guide's acknowledge: \(npm run check shows any not acknowledged\)$/m,
    );
    // The warnings are compute's to judge: it refuses one a guide does not acknowledge, in full.
    const yaml = join(scratch, 'content/guides/glm-5.2/h200/guide.yaml');
    const acknowledged = readFileSync(yaml, 'utf8');
    const without = acknowledged.replace(/ {2}- file: engine\/sglang\.txt\n(?: {4}.*\n)+/, '');
    expect(without).not.toBe(acknowledged);
    writeFileSync(yaml, without);
    try {
      const compute = run('compute.ts');
      expect(compute.status).toBe(1);
      expect(compute.stderr).toMatch(
        /error E_UNACKNOWLEDGED: data\/raw\/glm-5\.2\/h200\/engine\/sglang\.txt:\d+: itl mean \(53\.19\) is above its p95/,
      );
    } finally {
      writeFileSync(yaml, acknowledged);
    }
  });

  it('on a bad raw file, exits 1 with file:line and leaves data/runs as it was', () => {
    const before = readFileSync(runsFile, 'utf8');
    const raw = join(scratch, 'data/raw/glm-5.2/h200/engine/sglang.txt');
    const good = readFileSync(raw, 'utf8');
    writeFileSync(
      raw,
      good.replace(
        'Total Token throughput (tok/s):          6487.53',
        'Total Token throughput (tok/s):          6487.5x',
      ),
    );
    writeFileSync(join(scratch, 'data/runs/glm-5.2/h200/engine/vllm.json'), before);
    const result = run('ingest.ts');
    writeFileSync(raw, good);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data/raw/glm-5.2/h200/engine/sglang.txt:11:42: error E_BAD_NUMBER');
    expect(result.stderr).toContain('data/runs left as it was');
    expect(readFileSync(runsFile, 'utf8')).toBe(before);
  });
});

describe('ingest CLI with no data/runs yet (a cold ingest, whose threads write as they go)', () => {
  const runsDir = join(scratch, 'data/runs');
  const staging = join(scratch, 'data/.runs-staging');
  const runFiles = () => new Map([...repo.snapshot()].filter(([path]) => path.startsWith('data/runs/')));

  it('writes the same data/runs, byte for byte, as an ingest over an existing one', () => {
    const committed = runFiles();
    rmSync(runsDir, { recursive: true });
    rmSync(repo.cache, { recursive: true, force: true });
    const result = run('ingest.ts');
    expect(result.status, result.stderr).toBe(0);
    expect(runFiles()).toEqual(committed);
    expect(result.stderr).toContain(
      `ingest: ${committed.size} file(s) in data/runs, ${committed.size} written, 0 removed`,
    );
    expect(existsSync(staging)).toBe(false);
  });

  it('on a bad raw file, exits 1 and leaves no data/runs and nothing half-written', () => {
    const committed = runFiles();
    const raw = join(scratch, 'data/raw/glm-5.2/h200/engine/sglang.txt');
    const good = readFileSync(raw, 'utf8');
    writeFileSync(raw, good.replace('Successful requests:', 'Successful requests: x'));
    rmSync(runsDir, { recursive: true });
    const result = run('ingest.ts');
    writeFileSync(raw, good);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('data/runs left as it was');
    expect(existsSync(runsDir)).toBe(false);
    expect(existsSync(staging)).toBe(false);
    expect(run('ingest.ts').status).toBe(0);
    expect(runFiles()).toEqual(committed);
  });
});

describe('compute CLI', () => {
  it('after a raw change that ingest refused, refuses the stale runs instead of publishing them', () => {
    const guideJson = join(scratch, 'data/guides/glm-5.2/h200.json');
    const before = readFileSync(guideJson, 'utf8');
    const raw = join(scratch, 'data/raw/glm-5.2/h200/engine/sglang.txt');
    const good = readFileSync(raw, 'utf8');
    writeFileSync(
      raw,
      good.replace(
        'Total Token throughput (tok/s):          6487.53',
        'Total Token throughput (tok/s):          6487.5x',
      ),
    );
    try {
      expect(run('ingest.ts').status).toBe(1);
      const result = run('compute.ts');
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(
        'data/runs/glm-5.2/h200.sources.json: error E_STALE_RUNS: data/runs/glm-5.2/h200 was ingested from other raw files than data/raw/glm-5.2/h200 holds now',
      );
      expect(readFileSync(guideJson, 'utf8')).toBe(before);
    } finally {
      writeFileSync(raw, good);
    }
    expect(run('compute.ts').status).toBe(0);
  });

  it('on a guide error, exits 1 and leaves data/guides as it was', () => {
    const guideJson = join(scratch, 'data/guides/glm-5.2/h200.json');
    const before = readFileSync(guideJson, 'utf8');
    const yamlPath = join(scratch, 'content/guides/glm-5.2/h200/guide.yaml');
    const good = readFileSync(yamlPath, 'utf8');
    writeFileSync(yamlPath, good.replace('mode: cumulative', 'mode: cumulatve'));
    const result = run('compute.ts');
    writeFileSync(yamlPath, good);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /content\/guides\/glm-5\.2\/h200\/guide\.yaml:\d+:\d+: error E_SCHEMA: optimizationSummary\.mode: not an allowed value/,
    );
    expect(result.stderr).toContain('did you mean "cumulative"?');
    expect(readFileSync(guideJson, 'utf8')).toBe(before);
  });

  it('names a guide folder without guide.yaml and what to do, instead of a schema error at 1:1', () => {
    const folder = join(scratch, 'content/guides/glm-5.2/b200');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'en.md'), '---\ntitle: T\ndescription: D\n---\n');
    const result = run('compute.ts');
    rmSync(folder, { recursive: true });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'content/guides/glm-5.2/b200/guide.yaml: error E_GUIDE_MISSING: the guide folder content/guides/glm-5.2/b200 has no guide.yaml',
    );
    expect(result.stderr).toContain('hint: `npm run new -- <model> <hardware> --gpus <count>`');
    expect(result.stderr).not.toContain('E_STALE_RUNS');
    expect(result.stderr).not.toContain('wrong type');
  });
});

describe('ingest reads data/raw only', () => {
  it('a guide.yaml that is not YAML, or says `format:`, changes nothing ingest writes', () => {
    const yamlPath = join(scratch, 'content/guides/glm-5.2/h200/guide.yaml');
    const yaml = readFileSync(yamlPath, 'utf8');
    const before = readFileSync(runsFile, 'utf8');
    const baseline = run('ingest.ts');
    for (const text of ['steps: [unclosed\n', `${yaml}\nformat: vllm-bench-serve\n`]) {
      writeFileSync(yamlPath, text);
      const result = run('ingest.ts');
      expect(result.status, result.stderr).toBe(0);
      // Word for word what it said with the real guide.yaml: it was not read.
      expect(result.stderr).toBe(baseline.stderr);
      expect(readFileSync(runsFile, 'utf8')).toBe(before);
    }
    writeFileSync(yamlPath, yaml);
  });

  it('reads the format from the file: a GPUStack block is gpustack-block whatever guide.yaml says', () => {
    const text = readFileSync(join(repoRoot, 'data/raw/glm-5.2/h200/engine/vllm.txt'), 'utf8');
    expect(ingestGuide([{ path: 'a.txt', file: 'a.txt', text }]).runs[0]!.source.format).toBe('gpustack-block');
  });
});
