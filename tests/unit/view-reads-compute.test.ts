// The view selects and formats; every number it shows comes from the computed guide. Each test
// changes one number in a computed guide and expects the page or download to show the changed
// number: a view that derived it again from the measured values would still show the old one.
import { globSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deltaText } from '../../src/lib/format/measurement-text.ts';
import { translator } from '../../src/lib/i18n.ts';
import type { ComputedGuide, ComputedStep } from '../../src/lib/schema/computed.ts';
import { modelCompareView } from '../../src/lib/view/compare-view.ts';
import { comparePage } from '../helpers/compare-page.ts';
import { comparisonCsv } from '../../src/lib/view/downloads.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { deltaStyle } from '../../src/lib/view/view-context.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const noProse = { title: '', description: '', slots: {} };
const glm52 = buildFromDisk('glm-5.2/h200').guide!;
const gptOss = buildFromDisk('gpt-oss-120b/h100').guide!;
const glm4 = buildFromDisk('glm-4.x/h200').guide!;

/** A deep copy to edit: the guides above stay as compute made them. */
const edited = (guide: ComputedGuide, edit: (copy: ComputedGuide) => void): ComputedGuide => {
  const copy = structuredClone(guide);
  edit(copy);
  return copy;
};
const stepIn = (guide: ComputedGuide, id: string): ComputedStep => {
  const step = guide.steps.find((s) => s.id === id);
  if (!step) throw new Error(`no step ${id}`);
  return step;
};
const variantIn = (guide: ComputedGuide, stepId: string, id: string) => {
  const variant = stepIn(guide, stepId).variants.find((v) => v.id === id);
  if (!variant) throw new Error(`no variant ${stepId}/${id}`);
  return variant;
};
const resultsOf = (guide: ComputedGuide, stepId: string) => {
  const results = guideView(guide, noProse, 'en').results.steps.find((s) => s.id === stepId)?.results;
  if (!results) throw new Error(`no results table for step ${stepId}`);
  return results;
};

describe('a step’s results table shows compute’s changes and reference', () => {
  it('a change edited in the computed guide is the change the table shows', () => {
    const guide = edited(glm52, (g) => {
      const change = variantIn(g, 'max-running', 'max-running-256').change!;
      change.percent = 12.345;
      delete variantIn(g, 'max-running', 'max-running-512').change;
    });
    const rows = resultsOf(guide, 'max-running').rows;
    expect(rows.map((r) => [r.id, r.change?.text ?? r.status])).toEqual([
      ['reference-0.85', 'start of this step'],
      ['max-running-64', '-27.63%'],
      ['max-running-256', '+12.35%'],
      ['max-running-512', undefined],
    ]);
  });

  it('the reference is the one compute names, in this step or an earlier one', () => {
    const guide = edited(glm52, (g) => {
      stepIn(g, 'max-running').reference = { step: 'max-running', variant: 'max-running-512' };
    });
    const results = resultsOf(guide, 'max-running');
    expect(results.headers.at(-1)).toBe('vs start of step');
    expect(results.rows.map((r) => r.id)).toEqual(['max-running-64', 'max-running-256', 'max-running-512']);
    expect(results.rows.find((r) => r.id === 'max-running-512')?.status).toBe('start of this step');

    // GPT-OSS-120B compares its parallelism runs with the async-scheduling run of the step before.
    const parallelism = resultsOf(gptOss, 'parallelism');
    expect(parallelism.rows[0]).toMatchObject({
      id: 'reference-async-scheduling',
      status: 'start of this step',
    });
    expect(parallelism.rows.find((r) => r.id === 'tp2')?.change?.text).toBe('+26.8%/GPU');
  });

  it('on every guide, each row’s change is its variant’s computed change, formatted', () => {
    const ids = globSync('*/*/guide.yaml', { cwd: join(repoRoot, 'content/guides') }).map((f) =>
      f.replace(/\/guide\.yaml$/, ''),
    );
    expect(ids.length).toBeGreaterThan(10);
    let compared = 0;
    for (const id of ids) {
      const guide = buildFromDisk(id).guide!;
      const style = deltaStyle(guide, translator('en'));
      for (const step of guide.steps) {
        const rows = guideView(guide, noProse, 'en').results.steps.find((s) => s.id === step.id)?.results?.rows ?? [];
        for (const variant of step.variants) {
          const row = rows.find((r) => r.id === variant.id);
          if (!variant.change) continue;
          expect(row?.change?.text, `${id} ${step.id}/${variant.id}`).toBe(deltaText(variant.change, style));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });
});

describe('per accelerator and accelerator counts come from compute', () => {
  it('a per-GPU guide’s value per GPU in sentences and tables', () => {
    const guide = edited(gptOss, (g) => {
      variantIn(g, 'parallelism', 'tp2').measured!.perAccelerator = 1234.5;
    });
    expect(resultsOf(gptOss, 'parallelism').rows.find((r) => r.id === 'tp2')?.primary).toBe('16042.19 (8021.10/GPU)');
    expect(resultsOf(guide, 'parallelism').rows.find((r) => r.id === 'tp2')?.primary).toBe('16042.19 (1234.50/GPU)');
  });

  it('a per-GPU guide’s before/after chart plots each side per accelerator', () => {
    const guide = edited(gptOss, (g) => {
      g.comparison[0]!.optimized.measured.perAccelerator = 1000;
    });
    const chart = guideView(guide, noProse, 'en').conclusion.comparison!.chart;
    expect(chart.cases[0]).toMatchObject({ baseline: 6095.37, optimized: 1000 });
  });

  it('a compare page’s throughput per GPU', () => {
    const guide = edited(gptOss, (g) => {
      g.comparison.find((c) => c.id === 'sharegpt')!.optimized.measured.perAccelerator = 4321;
    });
    const a100 = buildFromDisk('gpt-oss-120b/a100').guide!;
    const pair = (g: ComputedGuide) => [
      { guide: a100, title: a100.id },
      { guide: g, title: g.id },
    ];
    const cell = (g: ComputedGuide) =>
      modelCompareView(pair(g), comparePage(pair(g), 'model', 'gpt-oss-120b'), 'en')
        .tables.find((t) => t.label === 'ShareGPT')
        ?.rows.find((r) => r.id === g.id)?.perAccelerator;
    expect(cell(gptOss)).toBe('8021.10');
    expect(cell(guide)).toBe('4321.00');
  });

  it('the note under a table of replicated runs names the accelerators a copy uses', () => {
    const note = (g: ComputedGuide) => guideView(g, noProse, 'en').conclusion.comparison!.scaledNotes[0];
    expect(note(glm4)).toContain('uses 4 GPUs');
    const guide = edited(glm4, (g) => {
      g.comparison.find((c) => c.optimized.measured.scale !== 1)!.optimized.measured.gpus = 3;
    });
    expect(note(guide)).toContain('uses 3 GPUs');
  });
});

describe('the CSV download’s secondary changes come from compute', () => {
  it('each secondary metric’s change_percent is the case’s computed one', () => {
    const row = (g: ComputedGuide) =>
      comparisonCsv(g)
        .split('\n')
        .find((line) => line.startsWith('glm-5.2/h200,Balanced') && line.includes(',Mean TPOT,'));
    expect(row(glm52)).toContain(',-65.75,');
    const guide = edited(glm52, (g) => {
      g.comparison.find((c) => c.id === 'balanced')!.secondaryPercent = [7.891];
    });
    expect(row(guide)).toContain(',7.89,');
    const missing = edited(glm52, (g) => {
      g.comparison[0]!.secondaryPercent = [];
    });
    expect(() => comparisonCsv(missing)).toThrow(/no change for secondary metric 0/);
  });
});
