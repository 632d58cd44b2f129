// What a record's signature covers: the manifest of one recorded result. It binds the raw file's
// path, the sha256 of the result's text (its `# label` section, or the whole file), and every field
// of the record's entry (accelerators, engine, commands, start and end): an edit to any of them, or
// the same record moved beside another file, no longer verifies. The signature is an SSH signature
// (`ssh-keygen -Y sign`, OpenSSH's PROTOCOL.sshsig), the scheme git uses for SSH-signed commits,
// under a namespace of perflab's own so that no signature made for git or another tool verifies here.
import { createHash } from 'node:crypto';
import { stableJson } from '../stable-json.ts';
import type { RecordedResult } from '../schema/record.ts';

/** The `-n` namespace of `ssh-keygen -Y sign` and `-Y verify`: a signature for another purpose never verifies as a record's. */
export const SIGNING_NAMESPACE = 'perflab-record';

const LABEL_LINE = /^\s*#\s+\S/;
const labelOf = (line: string) => line.replace(/^\s*#\s*/, '').trim();

/**
 * The lines a recorded result holds in its raw file, as `npm run record` writes it (withBlock in
 * record-files.ts): the whole file for a file of one result (`block` null), else from its `# label`
 * line to the next `# ` line. Blank lines at its end are left out, so a block appended after it
 * (which may add a line break) leaves it as it was signed. Undefined when the label is not there.
 */
export function signedSpan(
  text: string,
  block: string | null,
): { startLine: number; endLine: number; text: string } | undefined {
  const lines = text.split('\n');
  let start = 0;
  let end = lines.length;
  if (block !== null) {
    start = lines.findIndex((line) => LABEL_LINE.test(line) && labelOf(line) === block.trim());
    if (start === -1) return undefined;
    const next = lines.findIndex((line, i) => i > start && LABEL_LINE.test(line));
    if (next !== -1) end = next;
  }
  while (end > start + 1 && (lines[end - 1] ?? '').trim() === '') end--;
  return { startLine: start + 1, endLine: end, text: lines.slice(start, end).join('\n') };
}

export const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The result's entry as signed: everything but the signature itself. */
export type SignedFields = Omit<RecordedResult, 'signature'>;

/**
 * The text `ssh-keygen -Y sign` signs for one result of the raw file `file` (its path from the
 * repository root, data/raw/<guide>/…): the entry's fields as sorted JSON (stable-json.ts), so
 * record and check make the same bytes of the same entry.
 */
export function manifestText(file: string, entry: SignedFields): string {
  return stableJson({ perflabRecordManifest: 1, file, ...entry, signature: undefined });
}

/**
 * What verifying a signature found: the signer's name as the allowed-signers file gives it, or why
 * the signature does not hold (`unknownSigner`: its key is not on the list).
 */
export type SignatureVerdict = { signer: string } | { problem: string; unknownSigner?: true };

/**
 * Verifies `signature` over `message` against the repository's allowed signers
 * (src/pipeline/record-signatures.ts), a key's validity held to `signedAt` (the result's start).
 */
export type SignatureVerifier = (message: string, signature: string, signedAt: string) => SignatureVerdict;
