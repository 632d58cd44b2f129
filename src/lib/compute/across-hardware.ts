import { byCodeUnit } from '../code-unit-order.ts';
import { modelSlug } from '../format/compare-pages.ts';
import type { Cell, ComputedGuide, Point } from '../schema/computed.ts';
import type { ComputedModel, HardwareRow, ModelWorkload } from '../schema/computed-model.ts';

/**
 * One model across the machines it was measured on (data/models, schema/computed-model.ts): for
 * each workload, each machine's best measured configuration by total tok/s per GPU, ranked by that
 * and by the cost of a million tokens at its machine's stated price. Every figure is a guide's
 * decision yield (compute/decision-yield.ts): one run's printed value over its GPU count.
 */

type Unranked = Omit<HardwareRow, 'perGpuRank' | 'costRank'>;

/** What a guide adds to its model's page, kept by compute between runs so the page is made without reading the guide again. */
export type HardwareFacts = {
  id: string;
  family: string;
  workloads: { key: string; label: ComputedGuide['title']; row: Unranked }[];
};

/** A workload's name as guides share it: "sharegpt", whatever the language. */
const workloadKey = (label: { en: string }) => label.en.trim().toLowerCase();

function sourceOf(guide: ComputedGuide, cell: Cell): string {
  const run = guide.runs[cell.runId];
  if (!run) throw new Error(`across-hardware: guide ${guide.id} has no run "${cell.runId}"`);
  return `${run.file}:${cell.line}`;
}

function rowOf(guide: ComputedGuide, point: Point): Unranked | undefined {
  const y = point.yield;
  if (!y) return undefined;
  const price = guide.decision.price;
  return {
    guide: guide.id,
    hardware: { name: guide.hardware.name, gpus: guide.hardware.gpus, short: guide.hardware.short },
    label: point.label,
    engine: point.engine.name,
    role: point.role,
    runId: point.runId,
    gpus: y.gpus,
    total: y.total,
    totalSource: sourceOf(guide, y.total),
    ...(y.output ? { output: y.output, outputSource: sourceOf(guide, y.output) } : {}),
    totalPerGpu: y.totalPerGpu,
    ...(y.outputPerGpu === undefined ? {} : { outputPerGpu: y.outputPerGpu }),
    ...(y.perUser === undefined || !y.tpot
      ? {}
      : { perUser: y.perUser, tpot: y.tpot.cell, tpotSource: sourceOf(guide, y.tpot.cell) }),
    ...(price && y.cost ? { price: { usdPerGpuHour: price.usdPerGpuHour, date: price.date }, cost: y.cost } : {}),
  };
}

/** Each workload's best point by total tok/s per GPU (the first of equals), for the model's page. */
export function hardwareFacts(guide: ComputedGuide): HardwareFacts {
  const workloads: HardwareFacts['workloads'] = [];
  for (const workload of guide.decision.workloads) {
    const key = workloadKey(workload.label);
    // A guide naming two workloads alike is placed by the first.
    if (workloads.some((w) => w.key === key)) continue;
    let best: Unranked | undefined;
    for (const point of workload.points) {
      const row = rowOf(guide, point);
      if (row && (!best || row.totalPerGpu > best.totalPerGpu)) best = row;
    }
    if (best) workloads.push({ key, label: workload.label, row: best });
  }
  return { id: guide.id, family: guide.model.family, workloads };
}

/** 1 + how many rows are strictly better: equals share a rank. */
function ranks(values: readonly number[], better: (a: number, b: number) => boolean): number[] {
  return values.map((v) => 1 + values.filter((w) => better(w, v)).length);
}

function rankedWorkload(key: string, label: ModelWorkload['label'], unranked: Unranked[]): ModelWorkload {
  const rows = [...unranked].sort((a, b) => b.totalPerGpu - a.totalPerGpu || byCodeUnit(a.guide, b.guide));
  const perGpu = ranks(
    rows.map((r) => r.totalPerGpu),
    (a, b) => a > b,
  );
  const priced = rows.flatMap((r) => (r.cost ? [r.cost.total] : []));
  return {
    key,
    label,
    rows: rows.map((row, i) => ({
      ...row,
      perGpuRank: perGpu[i] ?? 1,
      ...(row.cost ? { costRank: 1 + priced.filter((c) => c < (row.cost?.total ?? 0)).length } : {}),
    })),
  };
}

/** Every model's page: its guides in code-unit order, its workloads measured on the most machines first. */
export function modelPages(all: readonly HardwareFacts[]): ComputedModel[] {
  const byModel = new Map<string, HardwareFacts[]>();
  for (const facts of [...all].sort((a, b) => byCodeUnit(a.id, b.id))) {
    const slug = modelSlug(facts);
    byModel.set(slug, [...(byModel.get(slug) ?? []), facts]);
  }
  return [...byModel.keys()].sort(byCodeUnit).map((slug) => {
    const guides = byModel.get(slug) ?? [];
    const groups = new Map<string, { label: ModelWorkload['label']; order: number; rows: Unranked[] }>();
    for (const facts of guides)
      for (const w of facts.workloads) {
        const group = groups.get(w.key) ?? { label: w.label, order: groups.size, rows: [] };
        group.rows.push(w.row);
        groups.set(w.key, group);
      }
    const workloads = [...groups]
      .sort(([, a], [, b]) => b.rows.length - a.rows.length || a.order - b.order)
      .map(([key, group]) => rankedWorkload(key, group.label, group.rows));
    return { slug, family: guides[0]?.family ?? slug, guides: guides.map((g) => g.id), workloads };
  });
}
