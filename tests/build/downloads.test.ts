import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonCsv } from '../../src/lib/view/downloads.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

describe('comparison CSV', () => {
  const guide = buildFromDisk('glm-5.2/h200').guide!;
  const csv = comparisonCsv(guide);
  const rows = csv.trimEnd().split('\n');

  it('has one row per benchmark case with the printed values and the computed change', () => {
    expect(rows).toHaveLength(1 + guide.comparison.length);
    expect(rows[0]).toBe(
      'case,case_zh,baseline_total_token_throughput_tok/s,baseline_tpot_incl_ttft.mean_ms,optimized_total_token_throughput_tok/s,optimized_scale,optimized_tpot_incl_ttft.mean_ms,change_percent,baseline_source,optimized_source',
    );
    expect(rows[1]).toBe(
      'Balanced: 8K input / 1K output (optimization target),均衡： 8K 输入 / 1K 输出 (优化目标),5481.90,636.24,17525.76,1,217.89,219.70,data/raw/glm-5.2/h200/engine/vllm.txt,data/raw/glm-5.2/h200/kv-cache/fp8_e4m3.txt',
    );
    expect(rows[5]).toContain('ShareGPT,ShareGPT,6040.94,149.24,2845.48,1,331.21,-52.90,');
  });

  it('the built site serves the committed computed JSON and this CSV', () => {
    expect(readFileSync(join(repoRoot, 'dist/data/glm-5.2/h200.json'), 'utf8')).toBe(
      readFileSync(join(repoRoot, 'data/guides/glm-5.2/h200.json'), 'utf8'),
    );
    expect(readFileSync(join(repoRoot, 'dist/data/glm-5.2/h200.csv'), 'utf8')).toBe(csv);
  });
});
