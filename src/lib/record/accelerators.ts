// What a machine's accelerators are, read from what their tools print: `nvidia-smi --query-gpu=…
// --format=csv` for NVIDIA GPUs, `npu-smi info` for Ascend NPUs.
import type { RecordedAccelerators, RecordedDevice } from '../schema/record.ts';

/** The fields record asks nvidia-smi for, in this order. */
export const NVIDIA_SMI_FIELDS = ['index', 'name', 'memory.total', 'driver_version', 'pci.bus_id'] as const;

/** The arguments of the nvidia-smi call whose output readNvidiaSmiCsv reads. */
export const NVIDIA_SMI_ARGS = [`--query-gpu=${NVIDIA_SMI_FIELDS.join(',')}`, '--format=csv'];

const absent = (value: string | undefined) =>
  value === undefined || value === '' || /^\[?(n\/a|not supported|unknown error)\]?$/i.test(value);

/** "143771 MiB" → 143771; a value in GiB or without a unit as nvidia-smi prints it. */
function mebibytes(value: string | undefined): number | undefined {
  if (absent(value)) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(MiB|GiB)?$/i.exec(value?.trim() ?? '');
  if (!match) return undefined;
  const number = Number(match[1]);
  return match[2]?.toLowerCase() === 'gib' ? number * 1024 : number;
}

/**
 * nvidia-smi's CSV: a header (`index, name, memory.total [MiB], driver_version, pci.bus_id`, a
 * field's unit in brackets) and one line per GPU, fields separated by ", ". Read by the header's
 * names, so the columns may come in any order; undefined when no GPU line is there.
 */
export function readNvidiaSmiCsv(text: string): RecordedAccelerators | undefined {
  const lines = text
    .replace(/\r/g, '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  const [header, ...rows] = lines;
  if (header === undefined) return undefined;
  const names = header.split(',').map((name) => name.trim().replace(/\s*\[.*\]$/, ''));
  const column = (name: string) => names.indexOf(name);
  if (column('name') === -1) return undefined;
  const devices: RecordedDevice[] = [];
  let driver: string | undefined;
  rows.forEach((row, i) => {
    const cells = row.split(',').map((cell) => cell.trim());
    const cell = (name: string) => (column(name) === -1 ? undefined : cells[column(name)]);
    const name = cell('name');
    if (absent(name) || name === undefined) return;
    const index = Number(cell('index') ?? i);
    const memory = mebibytes(cell('memory.total'));
    const busId = cell('pci.bus_id');
    driver ??= absent(cell('driver_version')) ? undefined : cell('driver_version');
    devices.push({
      index: Number.isInteger(index) ? index : i,
      name,
      ...(memory === undefined ? {} : { memoryMiB: memory }),
      ...(absent(busId) || busId === undefined ? {} : { busId }),
    });
  });
  if (devices.length === 0) return undefined;
  return { kind: 'gpu', tool: 'nvidia-smi', ...(driver === undefined ? {} : { driver }), devices };
}

const BUS_ID = /^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f]$/;

/**
 * `npu-smi info`: a boxed table, `| npu-smi 24.1.0   Version: 24.1.0 |` on top (the driver), then
 * per NPU two rows: `| 0     910B3 | OK | power temp hugepages |` and `| chip [device] | bus id |
 * AICore used / total [HBM used / total] |`. The memory is the last `used / total` of the second row
 * (HBM where the card has it). The process table below is not read.
 */
export function readNpuSmiInfo(text: string): RecordedAccelerators | undefined {
  const lines = text.replace(/\r/g, '').split('\n');
  const driver = /Version:\s*([0-9A-Za-z.+-]+)/.exec(lines.find((line) => /npu-smi/.test(line)) ?? '')?.[1];
  const cells = (line: string | undefined) =>
    line?.trim().startsWith('|')
      ? line
          .trim()
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((cell) => cell.trim())
      : undefined;
  const devices: RecordedDevice[] = [];
  for (let i = 0; i < lines.length - 1; i++) {
    const first = cells(lines[i]);
    const second = cells(lines[i + 1]);
    if (!first || !second || !BUS_ID.test(second[1] ?? '')) continue;
    const head = /^(\d+)\s+(\S.*)$/.exec(first[0] ?? '');
    if (!head) continue;
    const pairs = [...(second[2] ?? '').matchAll(/(\d+)\s*\/\s*(\d+)/g)];
    const total = pairs.at(-1)?.[2];
    devices.push({
      index: Number(head[1]),
      name: (head[2] ?? '').trim(),
      ...(total === undefined ? {} : { memoryMiB: Number(total) }),
      busId: second[1] ?? '',
    });
    i++;
  }
  if (devices.length === 0) return undefined;
  return { kind: 'npu', tool: 'npu-smi', ...(driver === undefined ? {} : { driver }), devices };
}

/** What a record's accelerators come to: "8 × NVIDIA H200 (143771 MiB), driver 570.124.06". */
export function acceleratorSummary(accelerators: RecordedAccelerators): {
  name: string;
  count: number;
  memoryMiB?: number;
  driver?: string;
  /** every distinct model, when the machine mixes them */
  names: string[];
} {
  const names = [...new Set(accelerators.devices.map((d) => d.name))];
  const memories = [...new Set(accelerators.devices.map((d) => d.memoryMiB))];
  const [memory] = memories;
  return {
    name: names.join(' + '),
    count: accelerators.devices.length,
    ...(memories.length === 1 && memory !== undefined ? { memoryMiB: memory } : {}),
    ...(accelerators.driver === undefined ? {} : { driver: accelerators.driver }),
    names,
  };
}

/** The version a server's version endpoint answers: vLLM's /version, SGLang's /server_info and /get_server_info. */
export function versionFromResponse(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
      const { version } = parsed;
      if (typeof version === 'string' && version.trim() !== '' && version.length <= 100) return version.trim();
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The version an engine's `--version` prints: its last line that looks like one ("0.11.0", "v0.5.3.post1"). */
export function versionFromOutput(text: string): string | undefined {
  const found = [...text.matchAll(/\bv?\d+\.\d+(?:\.\d+)?(?:[.+-]?[0-9A-Za-z]+)*\b/g)].at(-1)?.[0];
  return found;
}
