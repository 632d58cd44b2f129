// Signed records (issue 39): npm run record signs each result's manifest with the author's SSH key
// (ssh-keygen -Y sign, keys made here in a temporary folder), and npm run check verifies it
// against data/allowed-signers. A raw file changed after signing is an error at its line; an
// edited record, or one signed by a key not on the list, an error at its signature. Against the
// stand-in GPU box (tests/helpers/gpu-box): a real server on 127.0.0.1 and vllm bench serve on PATH.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordFileSchema } from '../../src/lib/schema/record.ts';
import { RunSchema } from '../../src/lib/schema/run.ts';
import { repoRoot } from '../helpers/guide-from-disk.ts';
import { freePort, gpuBox } from '../helpers/gpu-box/gpu-box.ts';
import { scaffoldedGuide } from '../helpers/gpu-box/scaffolded-guide.ts';

const root = mkdtempSync(join(tmpdir(), 'perflab-signed-'));
const keys = mkdtempSync(join(tmpdir(), 'perflab-keys-'));
const box = gpuBox();
const GUIDE = 'qwen3-8b/h100';
const RAW = join(root, 'data/raw', GUIDE, 'engine/vllm.txt');
const RECORD = `${RAW}.record.json`;
const SIGNERS = join(root, 'data/allowed-signers');
let port = 0;
let server: ChildProcess | undefined;

const newKey = (name: string) => {
  const made = spawnSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(keys, name)]);
  if (made.status !== 0) throw new Error(String(made.stderr));
  return { path: join(keys, name), publicKey: readFileSync(join(keys, `${name}.pub`), 'utf8').trim() };
};

const script = (name: string, args: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [join(repoRoot, 'scripts', name), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: box.env({ PERFLAB_ROOT: root, PERFLAB_PIPELINE_CACHE: join(root, '.cache'), ...extra }),
  });
/** check's errors about records: `file:line:col: error CODE: …` lines. */
const recordErrors = () =>
  script('check.ts', [])
    .stderr.split('\n')
    .filter((line) => / error E_RECORD/.test(line));
const ingestedRun = () => {
  const ingest = script('ingest.ts', []);
  if (ingest.status !== 0) throw new Error(ingest.stderr);
  return RunSchema.parse(JSON.parse(readFileSync(join(root, 'data/runs', GUIDE, 'engine/vllm.json'), 'utf8')));
};
/** Edits a file for one check, then puts it back. */
const withEdited = <T>(path: string, edit: (text: string) => string, look: () => T): T => {
  const before = readFileSync(path, 'utf8');
  writeFileSync(path, edit(before));
  try {
    return look();
  } finally {
    writeFileSync(path, before);
  }
};
/** `npm run record` of the guide's vLLM engine result against the stand-in server, with `flags` after. */
const recordVllm = (flags: readonly string[], extra: NodeJS.ProcessEnv = {}) =>
  script('record.ts', [GUIDE, 'engine/vllm.txt', '--port', String(port), ...flags], extra);

let alice: ReturnType<typeof newKey>;
let mallory: ReturnType<typeof newKey>;

beforeAll(async () => {
  alice = newKey('alice');
  mallory = newKey('mallory');
  scaffoldedGuide(root, 'qwen3-8b', 'h100', 2);
  writeFileSync(SIGNERS, `alice@example.com ${alice.publicKey}\n`);
  port = await freePort();
  server = spawn(
    join(box.bin, 'vllm'),
    ['serve', 'Qwen/qwen3-8b', '--tensor-parallel-size=2', '--port', String(port)],
    { env: box.env(), stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error('the stand-in server never became healthy');
}, 60_000);
afterAll(() => {
  server?.kill('SIGTERM');
  box.remove();
  rmSync(root, { recursive: true, force: true });
  rmSync(keys, { recursive: true, force: true });
});

describe('signed records', () => {
  it('record signs the manifest with the author key, and the run carries the signer check verified', () => {
    const recorded = recordVllm(['--signing-key', alice.path]);
    expect(recorded.status, recorded.stderr).toBe(0);
    expect(recorded.stderr).toContain(`signed with ${alice.path}`);
    const [entry] = RecordFileSchema.parse(JSON.parse(readFileSync(RECORD, 'utf8'))).results;
    expect(entry?.signature).toMatch(/^-----BEGIN SSH SIGNATURE-----\n/);
    expect(entry?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(recordErrors()).toEqual([]);
    expect(ingestedRun().recorded?.signedBy).toBe('alice@example.com');
  });

  it("a one-character change to the raw file fails check at that file's line", () => {
    const errors = withEdited(
      RAW,
      (text) =>
        text.replace('Successful requests:                     1000', 'Successful requests:                     2000'),
      recordErrors,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(
      /^data\/raw\/qwen3-8b\/h100\/engine\/vllm\.txt:1: error E_RECORD_CHANGED: lines 1-\d+ changed after npm run record signed this result/,
    );
  });

  it('a record edited after signing (the driver it names) fails check at its signature', () => {
    const errors = withEdited(
      RECORD,
      (text) => text.replace('"driver": "570.124.06"', '"driver": "999.99-forged"'),
      recordErrors,
    );
    expect(errors).toHaveLength(1);
    const line =
      readFileSync(RECORD, 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('"signature"')) + 1;
    expect(errors[0]).toMatch(
      new RegExp(
        `^data/raw/qwen3-8b/h100/engine/vllm\\.txt\\.record\\.json:${line}: error E_RECORD_SIGNATURE: the record of data/raw/qwen3-8b/h100/engine/vllm\\.txt does not verify`,
      ),
    );
  });

  it('a signer not on the allowed-signers list is an error, and the run is not shown as signed', () => {
    const errors = withEdited(SIGNERS, () => `mallory@example.com ${mallory.publicKey}\n`, recordErrors);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(
      'error E_RECORD_SIGNATURE: the record of data/raw/qwen3-8b/h100/engine/vllm.txt is signed by a key the allowed-signers file does not list',
    );
    // a key in the list, but for another namespace only, does not verify either
    const otherNamespace = withEdited(
      SIGNERS,
      () => `alice@example.com namespaces="git" ${alice.publicKey}\n`,
      recordErrors,
    );
    expect(otherNamespace).toHaveLength(1);
    expect(otherNamespace[0]).toContain('error E_RECORD_SIGNATURE');
  });

  it('mallory re-signing a forged record with her own key is still a signer not on the list', () => {
    const recorded = recordVllm(['--force', '--signing-key', mallory.path]);
    expect(recorded.status, recorded.stderr).toBe(0);
    const errors = recordErrors();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('is signed by a key the allowed-signers file does not list');
  });

  it('without a key the record is written unsigned, and the run carries no signer', () => {
    const recorded = recordVllm(['--force'], {
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
    });
    expect(recorded.status, recorded.stderr).toBe(0);
    expect(recorded.stderr).toContain('unsigned (no signing key');
    const [entry] = RecordFileSchema.parse(JSON.parse(readFileSync(RECORD, 'utf8'))).results;
    expect(entry?.signature).toBeUndefined();
    expect(recordErrors()).toEqual([]);
    const run = ingestedRun();
    expect(run.recorded?.accelerators?.driver).toBe('570.124.06');
    expect(run.recorded?.signedBy).toBeUndefined();
  });
});
