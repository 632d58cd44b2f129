// The pull-request report: what a reviewer sees when raw results are replaced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { metricEntries } from '../../src/lib/parse/types.ts';
import { guidesDiff } from '../../src/lib/review/guide-diff.ts';
import { markdownText } from '../../src/lib/review/markdown.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { buildFromDisk, ingestFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';
import { expectInertReport, shownText } from '../helpers/github-markdown.ts';

const id = 'glm-5.2/h200';
const current = buildFromDisk(id).guide!;

/** The same guide recomputed after one raw file's numbers were edited (and guide.yaml extended or edited). */
function withRawEdit(
  file: string,
  from: string,
  to: string,
  yaml: string | ((text: string) => string) = '',
): ComputedGuide {
  const edited = ingestFromDisk(id).runs.map((run) => {
    if (!run.source.file.endsWith(file)) return run;
    // A GPUStack block's Total TPS follows its Output TPS (guidellm's means share their token
    // events: plausibility-totals.ts), so a replaced result moves both by the same factor.
    const total = run.metrics.total_token_throughput_interval_mean;
    const factor = total?.printed === from ? Number(to) / total.value : undefined;
    const metrics = Object.fromEntries(
      metricEntries(run.metrics).map(([k, v]) => [
        k,
        v.printed === from
          ? { ...v, printed: to, value: Number(to) }
          : factor !== undefined && k === 'output_token_throughput_interval_mean'
            ? { ...v, printed: (v.value * factor).toFixed(2), value: Number((v.value * factor).toFixed(2)) }
            : v,
      ]),
    );
    return { ...run, metrics, raw: run.raw.replace(from, to) };
  });
  const read = (name: string) => ({
    file: `content/guides/${id}/${name}`,
    text: readFileSync(join(repoRoot, `content/guides/${id}/${name}`), 'utf8'),
  });
  const built = buildGuide({
    id,
    yaml: {
      ...read('guide.yaml'),
      text: typeof yaml === 'string' ? `${read('guide.yaml').text}${yaml}` : yaml(read('guide.yaml').text),
    },
    runs: edited,
    prose: { en: read('en.md'), zh: read('zh.md') },
  });
  if (!built.guide) throw new Error(built.diagnostics.map((d) => d.message).join('\n'));
  return built.guide;
}

describe('guidesDiff', () => {
  it('says nothing changed when nothing did', () => {
    expect(guidesDiff(new Map([[id, current]]), new Map([[id, current]]), 'main')).toBe(
      '# perflab: what changed since main\n\nNo computed number, winner or recommendation changed.\n',
    );
  });

  it('reports a replaced baseline: the numbers and percentages it moves, and the file', () => {
    // vLLM now wins the engine step while later steps ran on SGLang: the author acknowledges it.
    const after = withRawEdit(
      'engine/vllm.txt',
      '5481.90',
      '6600.00',
      '  - { code: W_STORY_START, reason: "later steps were measured on SGLang" }\n',
    );
    const report = guidesDiff(new Map([[id, current]]), new Map([[id, after]]), 'main');
    expect(report).toContain('## GLM-5.2 Throughput Optimization on H200 (glm-5.2/h200)');
    expect(report).toContain(
      '| Balanced: 8K input / 1K output (optimization target) | 5481.90 tok/s → **6600.00 tok/s** | 17525.76 tok/s (unchanged) | +219.70%, Mean TPOT -65.75% (better) → **+165.54%, Mean TPOT -65.75% (better)** |',
    );
    expect(report).toContain('- Step **Choose the Inference Engine**: winner SGLang → **vLLM**.');
    expect(report).toContain('Choose the Inference Engine +18.34% → **');
    expect(report).toContain('- Raw results replaced: data/raw/glm-5.2/h200/engine/vllm.txt.');
    expect(report).toContain(
      '- **Check:** results were replaced but neither `measuredOn` (not set) nor any engine version changed in guide.yaml',
    );
  });

  it('reports each step variant’s changes against where its step started, as its results table shows them', () => {
    // max-running 512 measured again, slower: 14000.00 against the 13760.98 of memory fraction 0.85,
    // where the step started, is +1.74% (14251.08 was +3.56%); its Mean TPOT did not move.
    const slower = withRawEdit('max-running/512.txt', '14251.08', '14000.00');
    const report = guidesDiff(new Map([[id, current]]), new Map([[id, slower]]), 'main');
    expect(report).toContain(
      '- Step **DeepEP + Max Running Requests**, max-running 512: +3.56%, Mean TPOT -2.86% (better) vs 0.85 → **+1.74%, Mean TPOT -2.86% (better) vs 0.85**.',
    );
    // Its neighbours did not move: they are not listed.
    expect(report).not.toContain('max-running 256:');
    // vLLM faster than SGLang: the engine step is not adopted, so the next step starts from vLLM, and
    // TP (SGLang's run), its start before, gets a change.
    const engine = withRawEdit(
      'engine/vllm.txt',
      '5481.90',
      '6600.00',
      '  - { code: W_STORY_START, reason: "later steps were measured on SGLang" }\n',
    );
    const lines = guidesDiff(new Map([[id, current]]), new Map([[id, engine]]), 'main').split('\n');
    expect(lines).toContain(
      '- Step **Choose the Inference Engine**, SGLang: +18.34%, Mean TPOT -15.00% (better) vs vLLM → **-1.70%, Mean TPOT -15.00% (better) vs vLLM**.',
    );
    expect(lines).toContain(
      '- Step **Parallelism Strategy**, TP: the start of the step → **-1.70%, Mean TPOT -15.00% (better) vs vLLM**.',
    );
  });

  it('a replaced result measured on a new date is not questioned, and the page says when', () => {
    const after = withRawEdit(
      'engine/vllm.txt',
      '5481.90',
      '6600.00',
      '  - { code: W_STORY_START, reason: "later steps were measured on SGLang" }\nmeasuredOn: 2026-11-30\n',
    );
    expect(after.measuredOn).toBe('2026-11-30');
    expect(guidesDiff(new Map([[id, current]]), new Map([[id, after]]), 'main')).not.toContain('**Check:**');
  });

  it('announces new and removed guides, a new one with what each case costs as well as gains', () => {
    const report = guidesDiff(new Map(), new Map([[id, current]]), 'main');
    expect(report).toContain('— new guide');
    // ShareGPT: Mean TPOT 149.24 → 331.21 ms, (331.21 − 149.24) / 149.24 = +121.93%, a latency that rose
    expect(report).toContain('| ShareGPT | 6040.94 tok/s | 2845.48 tok/s | -52.90%, Mean TPOT +121.93% (worse) |');
    expect(report).toContain(
      '| Balanced: 8K input / 1K output (optimization target) | 5481.90 tok/s | 17525.76 tok/s | +219.70%, Mean TPOT -65.75% (better) |',
    );
    expect(report).toContain(
      'Balanced: 8K input / 1K output (optimization target): +219.70% Total TPS over the baseline.',
    );
    expect(guidesDiff(new Map([[id, current]]), new Map(), 'main')).toContain('— removed');
  });

  it('hostile titles, labels, engine names and reasons that compute accepts are text in the report', () => {
    // A line break in a title is a control character, which check refuses (E_CONFUSABLE): the row is forged on one line.
    const stepTitle = 'Engine | x | y | z | | forged | row | here | now | [a](https://evil.example) @org/team #1';
    const variantLabel = 'vLLM <details><summary>open</summary> ![x](https://evil.example/p.png) <!--';
    const engineName = 'vLLM @org/team #2 <b>bold</b>';
    const reason =
      'measured on SGLang <!-- hide the rest of the comment --> <img src=https://evil.example/p> @someone #3';
    const after = withRawEdit('engine/vllm.txt', '5481.90', '6600.00', (yaml) =>
      yaml
        .replace('{ en: Choose the Inference Engine,', `{ en: ${JSON.stringify(stepTitle)},`)
        .replace('{ id: vllm, label: vLLM,', `{ id: vllm, label: ${JSON.stringify(variantLabel)},`)
        .replace('{ id: vllm, name: vLLM,', `{ id: vllm, name: ${JSON.stringify(engineName)},`)
        .concat(`  - { code: W_STORY_START, reason: ${JSON.stringify(reason)} }\n`),
    );
    expect(after.recommended.engine.name).toBe('SGLang');
    const engineFirst = {
      ...after,
      recommended: { ...after.recommended, engine: { ...after.recommended.engine, name: engineName } },
    };
    const changed = shownText(expectInertReport(guidesDiff(new Map([[id, current]]), new Map([[id, after]]), 'main')));
    for (const text of [stepTitle, variantLabel, reason]) expect(changed).toContain(text);
    const added = shownText(expectInertReport(guidesDiff(new Map(), new Map([[id, engineFirst]]), 'main')));
    expect(added).toContain(`Recommended engine: ${engineName};`);
  });

  it('a recommended command of 300,000 lines (which check refuses) is reported line by line, without a stack overflow', () => {
    const lines = Array.from({ length: 300_000 }, (_, i) => `  --flag-${i} ${i} \\`);
    const huge = { ...current, recommended: { ...current.recommended, command: lines.join('\n') } };
    // No clock here (timings belong to the bench): a diff quadratic in the lines would compare
    // 9 × 10^10 pairs and outlast the test's timeout by hours, so finishing at all is the check.
    const report = guidesDiff(new Map([[id, current]]), new Map([[id, huge]]), 'main');
    expect(report).toContain('- **Recommended command changed:**');
    expect(report).toContain('  +   --flag-299999 299999 \\\n  ```');
    expect(report.split('\n').filter((line) => line.startsWith('  + '))).toHaveLength(300_000);
  });
});

describe('a new guide in the review report', () => {
  const report = guidesDiff(new Map(), new Map([[id, current]]), 'main', {
    acknowledged: new Map([[id, buildFromDisk(id).acknowledged ?? []]]),
  });
  const lines = report.split('\n');

  it('says what it was measured on: the machine and its GPU count, every engine with its version', () => {
    expect(lines).toContain('- Hardware: 8 × NVIDIA H200 (NVIDIA H200x8).');
    expect(report).toMatch(/^- Engines: .*SGLang v?\d[^,]*,/m);
    expect(lines).toContain('- Model: zai-org/GLM-5.2-FP8; objective: throughput (Total TPS).');
  });

  it('lists every step with its winner, whether it was adopted, and each variant’s gain', () => {
    expect(lines).toContain('1. **Choose the Inference Engine**: winner SGLang, adopted.');
    expect(lines).toContain('   - SGLang (SGLang): 6487.53 tok/s, +18.34%, Mean TPOT -15.00% (better) vs vLLM');
    expect(lines).toContain('   - vLLM (vLLM): 5481.90 tok/s, the start of the step');
    expect(lines).toContain('   - max-running 512 (SGLang): 14251.08 tok/s, +3.56%, Mean TPOT -2.86% (better) vs 0.85');
    for (const step of current.steps)
      expect(report).toContain(`${step.number}. **${markdownText(step.title.en)}**: winner`);
  });

  it('shows the recommended command, every comparison case and the accuracy verdicts', () => {
    expect(report).toContain('**Recommended command**\n\n```\n' + current.recommended.command.split('\n')[0]);
    expect(lines).toContain(
      '| Balanced: 8K input / 1K output (optimization target) | 5481.90 tok/s | 17525.76 tok/s | +219.70%, Mean TPOT -65.75% (better) |',
    );
    expect(lines.filter((line) => line.startsWith('| ') && !line.startsWith('| Benchmark'))).toHaveLength(
      current.comparison.length + 1,
    );
    expect(current.accuracy.length).toBeGreaterThan(0);
    for (const check of current.accuracy) {
      const line = lines.find((l) => l.startsWith(`- Accuracy, ${markdownText(check.title.en)}: `));
      expect(line).toMatch(/ \((within|beyond) noise\)\.$/);
      for (const result of check.results) expect(line).toContain(markdownText(result.label));
    }
  });

  it('names every acknowledged warning with its reason, and every raw file it adds', () => {
    const acknowledged = lines.filter((line) => line.startsWith('- **Acknowledged:**'));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const line of acknowledged) expect(line).toMatch(/; reason: .{10,}\.$/);
    const files = new Set(Object.values(current.runs).map((run) => run.file));
    const raw = lines.find((line) => line.startsWith('- Raw files added'));
    expect(raw).toContain(`(${files.size}):`);
    for (const file of files) expect(raw).toContain(markdownText(file));
  });
});

describe('a renamed guide in the review report', () => {
  const renamed = { ...current, id: 'glm-5.2/h200-sxm' };

  it('is a rename, not a new guide and a removed one; without renamedFrom its old pages would go', () => {
    const report = guidesDiff(new Map([[id, current]]), new Map([[renamed.id, renamed]]), 'main');
    expect(report).toContain(
      '## GLM-5.2 Throughput Optimization on H200 (glm-5.2/h200-sxm) — renamed from glm-5.2/h200',
    );
    expect(report).not.toContain('— new guide');
    expect(report).not.toContain('— removed');
    expect(report).toContain(
      '- **Old pages will be gone:** /en/guides/glm-5.2/h200/ and /zh/guides/glm-5.2/h200/; add renamedFrom: \\[glm-5.2/h200\\] to guide.yaml',
    );
    expect(report).toContain('- No computed number, winner or recommendation changed.');
  });

  it('with renamedFrom, the old pages send readers on; a changed number is still reported', () => {
    const kept = { ...renamed, renamedFrom: [id], headline: { ...renamed.headline } };
    const slower = withRawEdit('max-running/512.txt', '14251.08', '14000.00');
    const report = guidesDiff(
      new Map([[id, current]]),
      new Map([[renamed.id, { ...slower, id: renamed.id, renamedFrom: kept.renamedFrom }]]),
      'main',
    );
    expect(report).toContain('- Its old pages /en/guides/glm-5.2/h200/ and /zh/guides/glm-5.2/h200/ send readers');
    expect(report).toContain(
      'max-running 512: +3.56%, Mean TPOT -2.86% (better) vs 0.85 → **+1.74%, Mean TPOT -2.86% (better) vs 0.85**.',
    );
  });

  it('a guide that shares no block with the removed one is new, and the other removed', () => {
    const other = buildFromDisk('glm-4.x/h200').guide!;
    const report = guidesDiff(new Map([[id, current]]), new Map([['glm-4.x/h200', other]]), 'main');
    expect(report).toContain('(glm-4.x/h200) — new guide');
    expect(report).toContain('(glm-5.2/h200) — removed');
  });
});
