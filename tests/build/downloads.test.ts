import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { comparisonCsv } from '../../src/lib/view/downloads.ts';
import { buildFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

describe('comparison CSV', () => {
  const guide = buildFromDisk('glm-5.2/h200').guide!;
  const csv = comparisonCsv(guide);
  const rows = csv.trimEnd().split('\n');

  it('starts with a byte-order mark, so a spreadsheet reads the Chinese labels as UTF-8', () => {
    expect(csv.startsWith('\uFEFFguide,')).toBe(true);
  });

  it('has one row per benchmark case and metric, with its unit, the printed values, the change and its direction', () => {
    expect(rows).toHaveLength(1 + guide.comparison.length * (1 + guide.metrics.secondary.length));
    expect(rows[0]).toBe(
      '\uFEFFguide,case,case_zh,metric,metric_name,unit,baseline,optimized,optimized_scale,change_percent,better_when,change_is,baseline_source,optimized_source,' +
        'baseline_engine,baseline_engine_version,baseline_engine_version_from,baseline_gpu,baseline_gpus,baseline_gpu_from,baseline_driver,baseline_record,baseline_signed_by,baseline_measured,baseline_measured_from,' +
        'optimized_engine,optimized_engine_version,optimized_engine_version_from,optimized_gpu,optimized_gpus,optimized_gpu_from,optimized_driver,optimized_record,optimized_signed_by,optimized_measured,optimized_measured_from',
    );
    expect(rows[1]).toBe(
      'glm-5.2/h200,Balanced: 8K input / 1K output (optimization target),均衡：8K 输入 / 1K 输出 (优化目标),total_token_throughput_interval_mean,Total TPS,tok/s,5481.90,17525.76,1,219.70,higher,better,data/raw/glm-5.2/h200/engine/vllm.txt:11,data/raw/glm-5.2/h200/kv-cache/fp8_e4m3.txt:11,' +
        'vLLM,v0.24.0,guide,NVIDIA H200,8,guide,,none,,2026-08-21,no-later-than,' +
        'SGLang,v0.5.14,guide,NVIDIA H200,8,guide,,none,,2026-08-21,no-later-than',
    );
    // A latency that fell is better, one that rose is worse: ShareGPT's Mean TPOT 149.24 → 331.21 ms.
    expect(rows[2]).toContain(',tpot_incl_ttft.mean,Mean TPOT,ms,636.24,217.89,1,-65.75,lower,better,');
    expect(rows[9]).toContain(
      'glm-5.2/h200,ShareGPT,ShareGPT,total_token_throughput_interval_mean,Total TPS,tok/s,6040.94,2845.48,1,-52.90,higher,worse,',
    );
    expect(rows[10]).toContain(',tpot_incl_ttft.mean,Mean TPOT,ms,149.24,331.21,1,121.93,lower,worse,');
  });

  it('has the same columns for every guide, whatever its metrics', () => {
    for (const id of ['glm-4.x/h200', 'qwen3-8b/h100-latency'])
      expect(comparisonCsv(buildFromDisk(id).guide!).split('\n')[0]).toBe(rows[0]);
  });

  it('the built site serves the committed computed JSON and this CSV', () => {
    expect(readFileSync(join(repoRoot, 'dist/data/glm-5.2/h200.json'), 'utf8')).toBe(
      readFileSync(join(repoRoot, 'data/guides/glm-5.2/h200.json'), 'utf8'),
    );
    expect(readFileSync(join(repoRoot, 'dist/data/glm-5.2/h200.csv'), 'utf8')).toBe(csv);
  });
});
