// The bench's building blocks: synthetic raw logs stay valid and self-consistent, page weight
// counts what a page references, and the statistics are right.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mkdocsConfig, mkdocsPage } from '../../src/lib/bench/mkdocs-site.ts';
import { inlineScriptBytes, pageAssets, staticImports } from '../../src/lib/bench/page-weight.ts';
import { describeRuns, median } from '../../src/lib/bench/stats.ts';
import { copyFactor, copyGuideYaml, perturbResultText } from '../../src/lib/bench/synthetic-guide.ts';
import { ingestGuide } from '../../src/lib/ingest/ingest-guide.ts';
import { blockIndexOfDigests, copiesOf, runBlockDigests } from '../../src/lib/compute/block-index.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';

const seedRaw = (file: string) => readFileSync(join(repoRoot, 'data/raw/glm-5.2/h200', file), 'utf8');

describe('synthetic raw logs', () => {
  it('scale throughputs down and durations and latencies up together, keeping each number’s decimals', () => {
    const text = perturbResultText(seedRaw('engine/vllm.txt'), 1.05);
    expect(text).toContain('Benchmark duration (s):                  1769.00'); // 1684.76 × 1.05
    // GPUStack's Total TPS follows its Output TPS (608.31 / 1.05 = 579.34) × (8204000 + 1024000) / 1024000
    expect(text).toContain('Total Token throughput (tok/s):          5220.85');
    expect(text).toContain('Successful requests:                     1000');
    expect(text).toContain('Mean TTFT (ms):                          621931.32'); // 592315.54 × 1.05
    expect(text).toContain('Maximum request concurrency:             512');
  });

  it('parse without a single error or new warning for every factor the bench uses', () => {
    const files = ['engine/vllm.txt', 'engine/sglang.txt', 'mem-fraction/0.85.txt', 'cases/sharegpt/optimized.txt'];
    const original = ingestGuide(files.map((path) => ({ path, file: path, text: seedRaw(path) })));
    // Copies of the first band and of the bands below it (the 2,500-guide run reaches the second).
    for (const index of [0, 1, 5, 16, 1601, 2499, 9999]) {
      const factor = copyFactor(index);
      const perturbed = ingestGuide(
        files.map((path) => ({ path, file: path, text: perturbResultText(seedRaw(path), factor) })),
      );
      expect(perturbed.diagnostics.map((d) => d.code)).toEqual(original.diagnostics.map((d) => d.code));
      // The seed's GPUStack block: its printed Total TPS line is guidellm's interval mean.
      const before = original.runs[0]?.metrics['total_token_throughput_interval_mean']?.value ?? 0;
      const after = perturbed.runs[0]?.metrics['total_token_throughput_interval_mean']?.value ?? 0;
      expect(before).toBeGreaterThan(0);
      expect(after).toBeCloseTo(before / factor, 1);
    }
  });

  it('factors stay within ±8 % for the first 1,601 copies, below it after, and copies get their own title and family', () => {
    for (let i = 0; i < 1601; i++) expect(Math.abs(copyFactor(i) - 1)).toBeLessThanOrEqual(0.08 + 1e-12);
    // Every factor below 1.09, where the bench's edits start (so an edit makes a block no copy holds).
    for (let i = 0; i < 20_000; i += 7) expect(copyFactor(i)).toBeLessThan(1.09);
    // Distinct copies: the story checks refuse a block two guides share.
    expect(new Set(Array.from({ length: 20_000 }, (_, i) => copyFactor(i))).size).toBe(20_000);
    // Copy 7 is the second model (Bench-001) on the fourth machine.
    const yaml = copyGuideYaml(
      'title:\n  en: GLM on H200\n  zh: H200 上的 GLM\nmodel:\n  family: GLM\nhardware:\n  name: NVIDIA H200\n',
      'GLM',
      7,
    );
    expect(yaml).toBe(
      'title:\n  en: GLM on H200 (Bench-001)\n  zh: H200 上的 GLM（Bench-001）\nmodel:\n  family: GLM Bench-001\nhardware:\n  name: NVIDIA L40S\n',
    );
  });
});

describe('synthetic guides at 2,500', () => {
  it('hold no block another copy holds, the same or nearly (what compute refuses as copied)', () => {
    // The seed's serving block, as each of 2,500 copies prints it: its digest and measured numbers.
    const copies = Array.from({ length: 2500 }, (_, index) => {
      const text = perturbResultText(seedRaw('engine/vllm.txt'), copyFactor(index));
      const { runs } = ingestGuide([{ path: 'engine/vllm.txt', file: `copy-${index}/engine/vllm.txt`, text }]);
      return { id: `copy-${index}`, blocks: runBlockDigests(runs) };
    });
    expect(copies.every((copy) => copy.blocks.length === 1)).toBe(true);
    const index = blockIndexOfDigests(copies);
    const copied = copies.filter((copy) => copiesOf(copy.id, copy.blocks, index).length > 0).map((copy) => copy.id);
    expect(copied).toEqual([]);
    // The check can fail: the same block in a second guide is found (before, copy 1,601 was copy 0).
    const twin = { id: 'twin', blocks: copies[0]?.blocks ?? [] };
    expect(copiesOf('twin', twin.blocks, blockIndexOfDigests([...copies, twin]))).toHaveLength(1);
  });
});

describe('page weight', () => {
  const html = `<html><head><link rel="stylesheet" href="/_astro/a.css"><link rel="modulepreload" href="/_astro/m.js">
<link rel="icon" href="/favicon.svg"><script type="module" src="/_astro/page.js"></script>
<script>console.log(1)</script></head></html>`;

  it('lists linked stylesheets and eagerly loaded scripts, not icons', () => {
    expect(pageAssets(html)).toEqual({ stylesheets: ['/_astro/a.css'], scripts: ['/_astro/m.js', '/_astro/page.js'] });
    expect(inlineScriptBytes(html)).toBe('console.log(1)'.length);
  });

  it('follows static imports, not dynamic import()', () => {
    const js =
      'import{a as b}from"./chunk.js";import "./side.js";export*from"./re.js";const u=()=>import("./lazy.js");';
    expect(staticImports(js)).toEqual(['./chunk.js', './re.js', './side.js']);
  });
});

describe('statistics', () => {
  it('median and a run summary', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(describeRuns([12.04, 11.9, 13], 's')).toBe('12.0 s (11.9–13.0)');
    expect(describeRuns([5], 's')).toBe('5.0 s');
  });
});

describe('the same guides as MkDocs markdown', () => {
  it("has the title, the prose without front matter or slot markers, every raw block, and the published site's extensions", () => {
    const guide = {
      slug: 'bench-000-h200',
      title: { en: 'T (Bench-000)', zh: 'T（Bench-000）' },
      prose: { en: '---\ntitle: x\n---\n\n<!-- slot: notes -->\n1. Note.\n', zh: '' },
      structure: 'steps: []\n',
      raw: [{ path: 'engine/vllm.txt', text: 'Total Token throughput (tok/s): 1\n' }],
    };
    const page = mkdocsPage(guide, 'en');
    expect(page).toContain('# T (Bench-000)');
    expect(page).toContain('1. Note.');
    expect(page).not.toContain('slot:');
    // As the published pages have it: a collapsed admonition around an indented fence.
    expect(page).toContain(
      '### engine/vllm.txt\n\n??? info "Benchmark result"\n    ```\n    Total Token throughput (tok/s): 1\n    ```\n',
    );
    const config = mkdocsConfig([guide]);
    expect(config).toContain('  - "T (Bench-000)": en/bench-000-h200.md');
    expect(config).toContain('  - pymdownx.details');
    expect(config).toContain('      linenums: true');
  });
});
