import { translator, type Locale } from '../i18n.ts';
import type { ComputedModel, HardwareRow } from '../schema/computed-model.ts';
import { ROOT_PATHS, type SitePaths } from '../site-paths.ts';
import { formatFixed } from '../format/number.ts';
import { perGpu, usd } from './decision-words.ts';

/** A cost below a dollar to four decimals: at two, $0.0693 and $0.0661 would both read $0.07 yet rank apart. */
const costText = (value: number) => `$${formatFixed(value, value < 1 ? 4 : 2)}`;

/**
 * A model's page (data/models): for each workload, a row per machine it was measured on, ranked by
 * total tok/s per GPU, with the cost of a million tokens at that machine's stated price and its
 * rank by that. Every figure is printed as data/models holds it, with the raw line it came from.
 */

/** A figure as the page prints it, and the raw line a reader checks it against. */
export type SourcedFigure = { text: string; source: string };

export type ModelRowView = {
  guide: string;
  href: string;
  machine: string;
  /** the configuration: the guide's recommendation, or the measured variant named */
  configuration: string;
  perGpuRank: number;
  /** total tok/s per GPU, with the whole machine's printed figure it is from */
  totalPerGpu: SourcedFigure;
  outputPerGpu?: SourcedFigure;
  perUser?: SourcedFigure;
  /** USD per million total tokens at the price, the price beside it; absent without a stated price */
  cost?: { text: string; price: string };
  costRank?: number;
};

export type ModelView = {
  title: string;
  lead: string;
  /** how rows compare: the same workload by name, per GPU, at stated prices */
  method: string;
  headers: string[];
  workloads: { id: string; label: string; rows: ModelRowView[] }[];
};

const anchor = (key: string) => `workload-${key.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

function rowView(row: HardwareRow, lang: Locale, paths: SitePaths): ModelRowView {
  const tr = translator(lang);
  const perGpuText = (value: number, gpus: number, printed: string) =>
    tr('model.perGpuFigure', { value: perGpu(value), printed, gpus });
  return {
    guide: row.guide,
    href: paths.guide(lang, row.guide),
    machine: row.hardware.short[lang],
    configuration:
      row.role === 'recommended'
        ? tr('model.recommended', { engine: row.engine })
        : tr('model.measured', { label: row.label[lang], engine: row.engine }),
    perGpuRank: row.perGpuRank,
    totalPerGpu: { text: perGpuText(row.totalPerGpu, row.gpus, row.total.printed), source: row.totalSource },
    ...(row.outputPerGpu !== undefined && row.output && row.outputSource
      ? {
          outputPerGpu: {
            text: perGpuText(row.outputPerGpu, row.gpus, row.output.printed),
            source: row.outputSource,
          },
        }
      : {}),
    ...(row.perUser !== undefined && row.tpot && row.tpotSource
      ? {
          perUser: {
            text: tr('model.perUserFigure', { value: perGpu(row.perUser), tpot: row.tpot.printed }),
            source: row.tpotSource,
          },
        }
      : {}),
    ...(row.cost && row.price
      ? {
          cost: {
            text: costText(row.cost.total),
            price: tr('model.atPrice', { price: usd(row.price.usdPerGpuHour), date: row.price.date }),
          },
          ...(row.costRank === undefined ? {} : { costRank: row.costRank }),
        }
      : {}),
  };
}

export function modelView(page: ComputedModel, lang: Locale, paths: SitePaths = ROOT_PATHS): ModelView {
  const tr = translator(lang);
  const machines = new Set(page.workloads.flatMap((w) => w.rows.map((r) => r.guide))).size;
  return {
    title: tr('model.title', { model: page.family }),
    lead:
      machines > 1
        ? tr('model.lead', { model: page.family, count: machines })
        : tr('model.leadOne', { model: page.family }),
    method: tr('model.method'),
    headers: [
      tr('model.rank'),
      tr('index.hardware'),
      tr('model.configuration'),
      tr('model.totalPerGpu'),
      tr('model.outputPerGpu'),
      tr('model.perUser'),
      tr('model.cost'),
      tr('model.costRank'),
    ],
    workloads: page.workloads.map((w) => ({
      id: anchor(w.key),
      label: w.label[lang],
      rows: w.rows.map((row) => rowView(row, lang, paths)),
    })),
  };
}
