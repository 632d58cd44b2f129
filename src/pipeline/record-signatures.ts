// Signing and verifying records with SSH signatures, as git does for SSH-signed commits: record
// signs each result's manifest (src/lib/record/record-manifest.ts) with the author's key
// (`ssh-keygen -Y sign`), and check verifies it against the repository's allowed-signers file
// (data/allowed-signers, the format of ssh-keygen(1) "ALLOWED SIGNERS", git's
// gpg.ssh.allowedSignersFile). ssh-keygen comes from the author's PATH, never the repository's
// (programs.ts); what it reads (the manifest, the signature, the allowed signers) is written to a
// temporary folder outside the repository first.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SIGNING_NAMESPACE, type SignatureVerdict, type SignatureVerifier } from '../lib/record/record-manifest.ts';
import { publicKeyOf, readAllowedSigners, signerOfKey } from '../lib/record/allowed-signers.ts';
import type { SigningStatus } from '../lib/plan/rehearsal.ts';
import { notRegularFile, readText, repoRoot } from './fs-policy.ts';
import { programEnvironment, resolveProgram } from './programs.ts';

/** The public keys whose signatures a record may carry, one `<principal> <key>` line each. */
export const allowedSignersPath = join(repoRoot, 'data', 'allowed-signers');

/** The allowed-signers file's text, or '' when there is none (then no signature verifies). */
export function allowedSignersText(): string {
  if (!existsSync(allowedSignersPath) || notRegularFile(allowedSignersPath) !== undefined) return '';
  return readText(allowedSignersPath);
}

function inTemporaryFolder<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'perflab-sign-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sshKeygen = () => resolveProgram('ssh-keygen');

/** `ssh-keygen -Overify-time` of an ISO time: a key's valid-after/valid-before is held to when the result was recorded, as git holds it to the commit's time. */
const verifyTime = (iso: string) =>
  `${new Date(iso)
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:T]/g, '')}Z`;

/**
 * A verifier of record signatures against `allowedSigners` (the file's text): the signer's
 * principal when ssh-keygen finds the key on the list and the signature verifies over the manifest
 * in perflab's namespace, else why not. Verdicts are kept for the run: the same entry is checked once.
 */
export function sshVerifier(allowedSigners: string = allowedSignersText()): SignatureVerifier {
  const known = new Map<string, SignatureVerdict>();
  return (message, signature, signedAt) => {
    const key = `${signedAt}\n${signature}\n${message}`;
    const kept = known.get(key);
    if (kept) return kept;
    const verdict = verifyOnce(allowedSigners, message, signature, signedAt);
    known.set(key, verdict);
    return verdict;
  };
}

function verifyOnce(allowedSigners: string, message: string, signature: string, signedAt: string): SignatureVerdict {
  const program = sshKeygen();
  if ('problem' in program)
    return { problem: `${program.problem}: ssh-keygen (OpenSSH 8.1 or newer) verifies records` };
  if (allowedSigners.trim() === '') return { problem: 'data/allowed-signers lists no key', unknownSigner: true };
  return inTemporaryFolder((dir) => {
    const signers = join(dir, 'allowed-signers');
    const sig = join(dir, 'manifest.sig');
    writeFileSync(signers, allowedSigners);
    writeFileSync(sig, signature);
    const run = (args: string[], input?: string) =>
      spawnSync(program.path, args, {
        input: input ?? '',
        encoding: 'utf8',
        env: programEnvironment(),
        cwd: dir,
        maxBuffer: 2 ** 20,
      });
    const time = `-Overify-time=${verifyTime(signedAt)}`;
    const found = run(['-Y', 'find-principals', '-f', signers, '-s', sig, time]);
    const principal = found.status === 0 ? found.stdout.split('\n')[0]?.trim() : undefined;
    if (!principal) return { problem: 'its key is not in data/allowed-signers', unknownSigner: true };
    const checked = run(
      ['-Y', 'verify', '-f', signers, '-I', principal, '-n', SIGNING_NAMESPACE, '-s', sig, time],
      message,
    );
    if (checked.status === 0) return { signer: principal };
    const said = `${checked.stderr}${checked.stdout}`.trim().split('\n').at(-1) ?? '';
    return { problem: said === '' ? 'the signature does not verify' : said };
  });
}

/**
 * The key record signs with: --signing-key, else PERFLAB_SIGNING_KEY, else git's own
 * `user.signingkey` (a key file, or `key::<public key>` whose private half ssh-agent holds), as a
 * file ssh-keygen -f reads. Undefined when none is set: the record is written unsigned.
 */
export function signingKey(given: string | undefined): string | undefined {
  // A relative path is the author's, from where they typed the command (npm run starts in the checkout).
  const fromHere = (path: string) =>
    path.startsWith('~/') || path.startsWith('key::') ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
  if (given !== undefined && given !== '') return fromHere(given);
  const fromEnv = process.env.PERFLAB_SIGNING_KEY;
  if (fromEnv !== undefined && fromEnv !== '') return fromHere(fromEnv);
  if (gitConfig('gpg.format') !== 'ssh') return undefined;
  return gitConfig('user.signingkey');
}

/** One setting of the author's git configuration (git from their PATH), or undefined. */
function gitConfig(name: string): string | undefined {
  const git = resolveProgram('git');
  if ('problem' in git) return undefined;
  try {
    const value = execFileSync(git.path, ['config', '--get', name], {
      cwd: repoRoot,
      env: programEnvironment(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return value === '' ? undefined : value;
  } catch {
    return undefined;
  }
}

/** Signs `manifest` with `key` in perflab's namespace: the armored signature, or why it could not be made. */
export function signManifest(manifest: string, key: string): { signature: string } | { problem: string } {
  const program = sshKeygen();
  if ('problem' in program) return { problem: program.problem };
  return inTemporaryFolder((dir) => {
    let keyFile = key.startsWith('~/') ? join(homedir(), key.slice(2)) : key;
    if (key.startsWith('key::')) {
      // git's literal form: the public key, whose private half ssh-agent holds
      keyFile = join(dir, 'signing-key.pub');
      writeFileSync(keyFile, `${key.slice('key::'.length)}\n`);
    }
    const file = join(dir, 'manifest');
    writeFileSync(file, manifest);
    // The terminal stays the author's: ssh-keygen asks there for a key's passphrase.
    const signed = spawnSync(program.path, ['-Y', 'sign', '-f', keyFile, '-n', SIGNING_NAMESPACE, file], {
      env: programEnvironment(),
      cwd: dir,
      stdio: ['inherit', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (signed.status !== 0 || !existsSync(`${file}.sig`))
      return { problem: (signed.stderr ?? '').trim().split('\n').at(-1) || `ssh-keygen exited with ${signed.status}` };
    return { signature: readFileSync(`${file}.sig`, 'utf8') };
  });
}

/**
 * How record would sign on this machine, said before anything runs (run-plan's dry run): by which
 * signer of data/allowed-signers, or why the records would be unsigned, or why check would refuse
 * their signatures (a key the file does not list). Reads the key's public half only: no
 * passphrase is asked and nothing is signed.
 */
export function signingStatus(given?: string): SigningStatus {
  const key = signingKey(given);
  if (key === undefined) return { unsigned: 'no signing key: PERFLAB_SIGNING_KEY, or git config user.signingkey' };
  const program = sshKeygen();
  if ('problem' in program) return { unsigned: `${program.problem}: ssh-keygen signs records` };
  let publicText: string | undefined;
  if (key.startsWith('key::')) publicText = key.slice('key::'.length);
  else {
    const file = key.startsWith('~/') ? join(homedir(), key.slice(2)) : key;
    const pub = file.endsWith('.pub') ? file : `${file}.pub`;
    if (!existsSync(file) && !existsSync(pub)) return { unsigned: `the signing key ${key} does not exist` };
    // Outside the repository: read as the author's file, not through the repository's folder policy.
    if (existsSync(pub)) publicText = readFileSync(pub, 'utf8');
  }
  const publicKey = publicText === undefined ? undefined : publicKeyOf(publicText);
  if (publicKey === undefined)
    return {
      unchecked: `signed with ${key}, whose public half (${key}.pub) is not there to find in data/allowed-signers`,
    };
  const signer = signerOfKey(readAllowedSigners(allowedSignersText()), publicKey);
  if (signer === undefined)
    return {
      refused: `the signing key ${key} is not in data/allowed-signers for namespace ${SIGNING_NAMESPACE} (E_RECORD_SIGNATURE); add it in a pull request of its own (README, "Signed records")`,
    };
  return { signer: `${signer.principals} (data/allowed-signers line ${signer.line}, key ${key})` };
}
