// Issue 36: a sweep's operating points, output tok/s per GPU against tok/s per user, come from the
// decision's per-run yield of the very runs the sweep drew, measured points only: a setting whose
// run printed no TPOT takes the chart off the page rather than leave a hole or guess a point.
import { describe, expect, it } from 'vitest';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { guideView } from '../../src/lib/view/guide-view.ts';
import { buildFromDisk } from '../helpers/guide-from-disk.ts';

const noProse = { title: '', description: '', slots: {} };
const built = (id: string) => {
  const guide = buildFromDisk(id).guide;
  if (!guide) throw new Error(`${id} does not build`);
  return guide;
};
const sweepOf = (guide: ComputedGuide, lang: 'en' | 'zh' = 'en') => guideView(guide, noProse, lang).otherCases?.sweep;

describe('operating points', () => {
  it('qwen3-8b: a point per concurrency cap and side, the first case ringed, per user = 1000 / mean TPOT', () => {
    const guide = built('qwen3-8b/h100-latency');
    const sweep = sweepOf(guide);
    const chart = sweep?.operating?.chart;
    expect(chart?.points.map((p) => p.setting)).toEqual(['1', '2', '4', '8']);
    // Concurrency 1 is the guide's first case, the one the answer quotes.
    expect(chart?.marked).toBe(0);
    expect(chart?.points[0]).toEqual({
      setting: '1',
      baseline: { perGpu: 132.86, perUser: expect.closeTo(1000 / 7.28, 8) },
      optimized: { perGpu: 335.15, perUser: expect.closeTo(1000 / 2.67, 8) },
    });
    // One GPU a run: the table's output TPS is per GPU already, so the one extra column is per user.
    expect(sweep?.table.metrics).toEqual(['Output TPS (tok/s)', 'Mean Latency (s)', 'Output tok/s per user']);
    const [first] = sweep?.table.rows ?? [];
    expect(first?.cells.map((c) => c.text)).toEqual(['132.86', '1.66', '137.36', '335.15', '0.62', '374.53']);
    // The per-user figure names the TPOT line it is 1000 over.
    expect(first?.cells[2]).toMatchObject({ derived: '1000 ÷ Mean TPOT(ms) 7.28' });
    expect(first?.cells[2]?.source).toMatch(/other-cases\/baseline\.log:\d+$/);
  });

  it('no chart where a setting’s run printed no TPOT: only measured points, no hole', () => {
    const guide = built('qwen3-8b/h100-latency');
    const runId = guide.sweep?.points[2]?.optimized.throughput.runId;
    const holed: ComputedGuide = {
      ...guide,
      decision: {
        ...guide.decision,
        workloads: guide.decision.workloads.map((w) => ({
          ...w,
          points: w.points.map((p) => {
            if (p.runId !== runId || !p.yield) return p;
            const rest = { ...p.yield };
            delete rest.tpot;
            delete rest.perUser;
            return { ...p, yield: rest };
          }),
        })),
      },
    };
    const sweep = sweepOf(holed);
    expect(sweep).toBeDefined();
    expect(sweep?.operating).toBeUndefined();
    expect(sweep?.table.metrics).toHaveLength(2);
  });

  it('zh speaks Chinese', () => {
    const sweep = sweepOf(built('qwen3.5-35b-a3b/h200-latency'), 'zh');
    expect(sweep?.operating?.chart.perGpuTitle).toBe('每 GPU 输出 tok/s，越高越好');
    expect(sweep?.operating?.caption).toContain('带圈的点即结论引用的点：优化后配置在每秒 1 个请求时的结果。');
  });

  it('a guide without a sweep has none', () => {
    expect(sweepOf(built('glm-5.2/h200'))).toBeUndefined();
  });
});
