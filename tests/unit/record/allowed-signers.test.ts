// The allowed-signers file read as ssh-keygen(1) "ALLOWED SIGNERS" lays it out: principals, then
// options (quoted where they hold commas or spaces), then the key.
import { describe, expect, it } from 'vitest';
import { publicKeyOf, readAllowedSigners, signerOfKey } from '../../../src/lib/record/allowed-signers.ts';

const KEY = 'AAAAC3NzaC1lZDI1NTE5AAAAIGJ1dCBub3QgYSByZWFsIGtleSwgb25seSBieXRlcw';
const OTHER = 'AAAAC3NzaC1lZDI1NTE5AAAAIGFub3RoZXIgYnl0ZSBzdHJpbmcsIG5vdCBhIGtleQ';

describe('allowed signers', () => {
  it('reads principals, the namespaces option and the key of each line; comments and broken lines left out', () => {
    const text = [
      '# who may sign',
      '',
      `alice@example.com ssh-ed25519 ${KEY} alice's laptop`,
      `bob@example.com,b@example.com namespaces="git,perflab-record",valid-after="20260101" ssh-ed25519 ${OTHER}`,
      'carol@example.com not-a-key-type AAAA',
      `dave@example.com cert-authority,namespaces="git" ecdsa-sha2-nistp256 ${OTHER}`,
    ].join('\n');
    expect(readAllowedSigners(text)).toEqual([
      { principals: 'alice@example.com', keyType: 'ssh-ed25519', key: KEY, line: 3 },
      {
        principals: 'bob@example.com,b@example.com',
        namespaces: ['git', 'perflab-record'],
        keyType: 'ssh-ed25519',
        key: OTHER,
        line: 4,
      },
      { principals: 'dave@example.com', namespaces: ['git'], keyType: 'ecdsa-sha2-nistp256', key: OTHER, line: 6 },
    ]);
  });

  it("finds a key's signer only where perflab's namespace is allowed", () => {
    const signers = readAllowedSigners(
      `git-only@example.com namespaces="git" ssh-ed25519 ${KEY}\nany@example.com ssh-ed25519 ${OTHER}\n`,
    );
    const key = publicKeyOf(`ssh-ed25519 ${KEY} me@host\n`);
    expect(key).toEqual({ keyType: 'ssh-ed25519', key: KEY });
    expect(key && signerOfKey(signers, key)).toBeUndefined();
    expect(signerOfKey(signers, { keyType: 'ssh-ed25519', key: OTHER })?.principals).toBe('any@example.com');
    expect(publicKeyOf('-----BEGIN OPENSSH PRIVATE KEY-----')).toBeUndefined();
  });
});
