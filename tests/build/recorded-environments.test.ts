// From the stand-in GPU box to the page: a scaffolded guide measured with run-plan, then one result
// measured again on another vLLM version; the built page shows beside each raw result what it ran
// on and when, and the setup lists the environments and warns about the two versions, in en and
// zh; check warns too (W_RECORDED_MIXED). The first run signs its records with a key of
// data/allowed-signers, the second signs none: the page says which results are signed, and shows
// the unsigned one as stated by the author. A scratch site (PERFLAB_ROOT) holding that one guide.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { astroBuild } from '../helpers/scratch-build.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';
import { builtPage, mainOf, textOf } from '../helpers/page-text.ts';

const GUIDE = 'qwen3-8b/h100';
const box = gpuBox();
let root: string;
let firstCheck: ReturnType<typeof spawnSync>;
let mixedCheck: ReturnType<typeof spawnSync>;

/** This process's environment without what vitest adds for import.meta.env (BASE_URL=/, MODE=test…). */
const astroEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !['BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR'].includes(key)),
  );
const envOf = (extra: NodeJS.ProcessEnv = {}) =>
  box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), PERFLAB_TODAY: '2026-12-31', ...extra });
function script(name: string, args: readonly string[], extra: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: envOf(extra),
  });
  return run;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'perflab-recorded-site-'));
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  const key = join(root, '.keys', 'alice');
  const made = spawnSync('sh', [
    '-c',
    `mkdir -p '${join(root, '.keys')}' && ssh-keygen -q -t ed25519 -N '' -f '${key}'`,
  ]);
  if (made.status !== 0) throw new Error(String(made.stderr));
  writeFileSync(join(root, 'data/allowed-signers'), `alice@example.com ${readFileSync(`${key}.pub`, 'utf8')}`);
  const port = String(await freePort());
  const first = script('run-plan.ts', [GUIDE, '--port', port, '--health-timeout', '20', '--yes'], {
    PERFLAB_SIGNING_KEY: key,
  });
  if (first.status !== 0) throw new Error(`run-plan failed:\n${first.stderr}`);
  firstCheck = script('check.ts', []);
  // engine/vllm.txt measured again, on a box whose vLLM is newer
  rmSync(join(root, 'data/raw', GUIDE, 'engine/vllm.txt'));
  rmSync(join(root, 'data/raw', GUIDE, 'engine/vllm.txt.record.json'));
  // measured again without a key (nor git's): its record is unsigned
  const again = script('run-plan.ts', [GUIDE, '--port', port, '--health-timeout', '20', '--yes'], {
    STANDIN_VLLM_VERSION: '0.12.0',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_CONFIG_NOSYSTEM: '1',
  });
  if (again.status !== 0) throw new Error(`run-plan failed:\n${again.stderr}`);
  mixedCheck = script('check.ts', []);

  const env = {
    ...astroEnv(),
    PERFLAB_ROOT: root,
    PERFLAB_PIPELINE_CACHE: join(root, '.cache'),
    PERFLAB_CACHE_DIR: join(root, '.astro-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const data = spawnSync(process.execPath, [join(repoRoot, 'scripts/data.ts')], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
  });
  if (data.status !== 0) throw new Error(`npm run data failed:\n${data.stderr}`);
  const build = astroBuild(join(root, 'dist'), env);
  if (build.status !== 0) throw new Error(`astro build failed:\n${build.stdout}${build.stderr}`);
}, 240_000);

afterAll(() => {
  box.remove();
  rmSync(root, { recursive: true, force: true });
});

/** Each raw result of a page: the file it shows (its source line) and the text of what it ran on. */
function rawResults(lang: 'en' | 'zh') {
  const html = mainOf(builtPage(`${lang}/guides/${GUIDE}`, join(root, 'dist')));
  return [...html.matchAll(/<details\b[^>]*class="raw-result"[^>]*>([\s\S]*?)<\/details>/g)].map((m) => {
    const inner = m[1] ?? '';
    return {
      file: /data\/raw\/qwen3-8b\/h100\/([^,，\s]+)/.exec(
        textOf(inner.match(/<p class="raw-source"[\s\S]*?<\/p>/)?.[0] ?? ''),
      )?.[1],
      ranOn: [...inner.matchAll(/<div class="raw-environment"[^>]*>([\s\S]*?)<\/div>/g)].map((d) => textOf(d[1] ?? '')),
    };
  });
}
/** The setup's environments: the text from its heading to the next section's heading. */
function setupEnvironments(lang: 'en' | 'zh'): string {
  const html = mainOf(builtPage(`${lang}/guides/${GUIDE}`, join(root, 'dist')));
  const start = html.indexOf('id="setup-environments"');
  const end = html.indexOf('<h', html.indexOf('</table>', start));
  return start < 0 ? '' : textOf(html.slice(html.lastIndexOf('<', start), end));
}
const TIME = /\d{4}-\d\d-\d\d \d\d:\d\d:\d\d – (\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d UTC/;

describe('what recorded results ran on, on the built page', () => {
  it('check passes on one vLLM version, and warns (W_RECORDED_MIXED) once a result ran on another', () => {
    expect(firstCheck.status, String(firstCheck.stderr)).toBe(0);
    expect(String(firstCheck.stderr)).not.toContain('W_RECORDED_MIXED');
    expect(mixedCheck.status, String(mixedCheck.stderr)).toBe(0);
    const yaml = readFileSync(join(root, 'content/guides', GUIDE, 'guide.yaml'), 'utf8').split('\n');
    const line = yaml.findIndex((l) => l.includes('version: v0.11.0')) + 1;
    expect(
      String(mixedCheck.stderr)
        .split('\n')
        .filter((l) => l.includes('W_RECORDED')),
    ).toEqual([
      `content/guides/${GUIDE}/guide.yaml:${line}:29: warning W_RECORDED_MIXED: the results of vLLM ran on 2 versions of it: 0.11.0 (cases/second-workload/baseline.txt), 0.12.0 (engine/vllm.txt)`,
    ]);
  });

  it('shows beside each raw result the machine, driver, engine, time and commands it ran with, in en', () => {
    const results = rawResults('en');
    // every result the page shows as a raw result (the GSM8K checks show as the accuracy table)
    expect(results.map((r) => r.file).sort()).toEqual([
      'cases/second-workload/baseline.txt',
      'cases/second-workload/optimized.txt',
      'engine/sglang.txt',
      'engine/vllm.txt',
      'tuning/after.txt',
    ]);
    for (const result of results) expect(result.ranOn, result.file).toHaveLength(1);
    const vllm = results.find((r) => r.file === 'engine/vllm.txt')?.ranOn[0] ?? '';
    // measured again without a key: what its record says is the author's word
    expect(vllm).toMatch(
      /^Ran on \(stated by the author, unsigned\) Record stated by the author, unsigned: no signature vouches for what it says Accelerators 2 × NVIDIA H100 80GB HBM3, 81559 MiB each Driver 570\.124\.06 \(nvidia-smi\) Engine vLLM 0\.12\.0 When /,
    );
    expect(vllm).toMatch(TIME);
    expect(vllm).toMatch(
      /Serving command \(started by run-plan\) vllm serve Qwen\/qwen3-8b --tensor-parallel-size=2 --port \d+/,
    );
    expect(vllm).toMatch(/Benchmark command vllm bench serve .*--num-prompts 1000/);
    const sglang = results.find((r) => r.file === 'engine/sglang.txt')?.ranOn[0] ?? '';
    expect(sglang).toContain('Engine SGLang 0.5.3');
    expect(sglang).toMatch(
      /^Ran on Record signed by alice@example\.com \(an SSH signature, verified against the repository's allowed signers\) Accelerators /,
    );
  });

  it('shows the same in zh', () => {
    const vllm = rawResults('zh').find((r) => r.file === 'engine/vllm.txt')?.ranOn[0] ?? '';
    expect(vllm).toMatch(
      /^运行环境（作者自述，未签名） 记录 作者自述，未签名：没有签名为其内容担保 加速卡 2 × NVIDIA H100 80GB HBM3，每张 81559 MiB 驱动 570\.124\.06（nvidia-smi） 推理引擎 vLLM 0\.12\.0 时间 /,
    );
    expect(vllm).toMatch(TIME);
    expect(vllm).toMatch(/服务启动命令（由 run-plan 启动） vllm serve Qwen\/qwen3-8b/);
    expect(vllm).toMatch(/测试命令 vllm bench serve /);
  });

  it('lists the environments in the setup, one row per engine version, and warns about the mix', () => {
    const en = setupEnvironments('en');
    expect(en).toContain(
      'The results of vLLM ran on 2 versions of it (0.11.0, 0.12.0): their numbers are compared as if they had not.',
    );
    expect(en).toContain('Accelerators Driver Engine Results');
    expect(en).toContain(
      '2 × NVIDIA H100 80GB HBM3, 81559 MiB each 570.124.06 vLLM 0.12.0 engine/vllm.txt (stated by the author, unsigned)',
    );
    expect(en).toMatch(
      /(\d+) of these (\d+) records are signed \(alice@example\.com\); the others are stated by the author, unsigned\./,
    );
    expect(en).toMatch(/vLLM 0\.11\.0 cases\/second-workload\/baseline\.txt/);
    expect(en).toMatch(/SGLang 0\.5\.3 cases\/second-workload\/optimized\.txt engine\/sglang\.txt/);
    const zh = setupEnvironments('zh');
    expect(zh).toContain('vLLM 的结果运行于 2 个版本（0.11.0、0.12.0）：它们的数值仍被直接比较。');
    expect(zh).toContain('加速卡 驱动 推理引擎 结果');
    expect(zh).toContain(
      '2 × NVIDIA H100 80GB HBM3，每张 81559 MiB 570.124.06 vLLM 0.12.0 engine/vllm.txt（作者自述，未签名）',
    );
  });

  it('the CSV download names, for each side of each row, what its record says it ran on', () => {
    const [header = '', ...rows] = readFileSync(join(root, 'dist/data', `${GUIDE}.csv`), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    const names = header.split(',');
    // no field of this guide's rows is quoted: a plain split reads them
    const sides = rows.flatMap((row) => {
      const field = Object.fromEntries(row.split(',').map((value, i) => [names[i], value]));
      return (['baseline', 'optimized'] as const).map((side) => ({
        file: /data\/raw\/qwen3-8b\/h100\/(.+):\d+$/.exec(field[`${side}_source`] ?? '')?.[1],
        ranOn: ['engine', 'engine_version', 'engine_version_from', 'gpu', 'gpus', 'gpu_from', 'driver']
          .map((c) => field[`${side}_${c}`])
          .join(' '),
        record: `${field[`${side}_record`]} ${field[`${side}_signed_by`]}`.trim(),
        measured: `${field[`${side}_measured`]} ${field[`${side}_measured_from`]}`,
      }));
    });
    expect(sides.length).toBeGreaterThan(0);
    const version = { 'engine/vllm.txt': '0.12.0', 'cases/second-workload/baseline.txt': '0.11.0' };
    for (const side of sides) {
      const vllm = side.file === 'engine/vllm.txt' || side.file === 'cases/second-workload/baseline.txt';
      const engine = vllm ? `vLLM ${version[side.file as keyof typeof version]}` : 'SGLang 0.5.3';
      expect(side.ranOn, side.file).toBe(`${engine} record NVIDIA H100 80GB HBM3 2 record 570.124.06`);
      expect(side.record, side.file).toBe(side.file === 'engine/vllm.txt' ? 'unsigned' : 'signed alice@example.com');
      expect(side.measured, side.file).toMatch(/^\d{4}-\d\d-\d\d record$/);
    }
  });
});
