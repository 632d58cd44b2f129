// The allowed-signers file as ssh-keygen reads it (ssh-keygen(1), "ALLOWED SIGNERS"; git's
// gpg.ssh.allowedSignersFile): one signer a line, `<principals> [options] <key type> <key>
// [comment]`, options comma-separated and quoted where they hold spaces (namespaces="perflab-record").
// perflab reads it only to say who a key is (run-plan's dry run) and which signers a change adds
// (the review); whether a signature verifies is ssh-keygen's answer, never this file's.
import { SIGNING_NAMESPACE } from './record-manifest.ts';

export type AllowedSigner = {
  principals: string;
  /** the `namespaces=` option's list; undefined when the line gives none (then any namespace) */
  namespaces?: string[];
  keyType: string;
  /** the base64 public key */
  key: string;
  /** 1-based line in the file */
  line: number;
};

/** Key types OpenSSH writes (sshkey.c's keytypes): a word that is one of them starts the key. */
const KEY_TYPE =
  /^(ssh-(ed25519|rsa|dss)|ecdsa-sha2-nistp(256|384|521)|sk-(ssh-ed25519|ecdsa-sha2-nistp256)@openssh\.com)(-cert-v01@openssh\.com)?$/;

/** Words of a line, a double-quoted stretch kept in its word (options may quote spaces). */
function words(line: string): string[] {
  return line.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
}

/** The signers a file lists, in its order; comment, blank and unreadable lines left out. */
export function readAllowedSigners(text: string): AllowedSigner[] {
  const signers: AllowedSigner[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const [principals, ...rest] = words(line);
    const at = rest.findIndex((w) => KEY_TYPE.test(w));
    const key = rest[at + 1];
    if (principals === undefined || at === -1 || key === undefined || at > 1) return;
    const options = at === 1 ? (rest[0] ?? '') : '';
    const namespaces = /(?:^|,)namespaces="([^"]*)"/i.exec(options)?.[1];
    signers.push({
      principals,
      ...(namespaces === undefined ? {} : { namespaces: namespaces.split(',').map((n) => n.trim()) }),
      keyType: rest[at] ?? '',
      key,
      line: index + 1,
    });
  });
  return signers;
}

/** The key of a public key line (`ssh-ed25519 AAAA… comment`, a .pub file's, or git's `key::` form without its prefix). */
export function publicKeyOf(text: string): { keyType: string; key: string } | undefined {
  const [keyType, key] = text.trim().split(/\s+/);
  return keyType !== undefined && key !== undefined && KEY_TYPE.test(keyType) ? { keyType, key } : undefined;
}

/** The signer of the list that signs records with this key: the same key, and perflab's namespace allowed. */
export function signerOfKey(
  signers: readonly AllowedSigner[],
  key: { keyType: string; key: string },
): AllowedSigner | undefined {
  return signers.find(
    (s) =>
      s.keyType === key.keyType &&
      s.key === key.key &&
      (s.namespaces === undefined || s.namespaces.includes(SIGNING_NAMESPACE)),
  );
}
