// Ingest's side of records: each `<raw file>.record.json` is read and validated, and each run of
// its raw file carries the entry for its block (what it ran on), so compute and the page see it.
// A raw file without a record stays as it is.
import { errorAt, type Diagnostic } from '../diagnostics/diagnostics.ts';
import { validateJson } from '../diagnostics/validate.ts';
import type { RawFile } from './raw-file.ts';
import { RecordFileSchema, type RecordedResult, type RecordFile, type RunRecorded } from '../schema/record.ts';
import type { Run } from '../schema/run.ts';
import { isRecordFile, rawFileOfRecord } from '../record/record-files.ts';
import { manifestText, sha256, signedSpan, type SignatureVerifier } from '../record/record-manifest.ts';

/** Every valid record of a guide's raw files, by the raw file's path; an invalid one is an E_RECORD error at its file. */
export function readRecords(files: readonly RawFile[]): {
  records: Map<string, RecordFile & { from: RawFile }>;
  diagnostics: Diagnostic[];
} {
  const records = new Map<string, RecordFile & { from: RawFile }>();
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    if (!isRecordFile(file.path)) continue;
    const read = validateJson(RecordFileSchema, file.text, file.file);
    if (read.ok) records.set(rawFileOfRecord(file.path), { ...read.data, from: file });
    else
      for (const d of read.diagnostics)
        diagnostics.push(
          errorAt('E_RECORD', d.file, `not a record npm run record writes: ${d.message}`, {
            ...(d.line === undefined ? {} : { line: d.line }),
            ...(d.expected === undefined ? {} : { expected: d.expected }),
            ...(d.found === undefined ? {} : { found: d.found }),
          }),
        );
  }
  return { records, diagnostics };
}

/** The entry of a record for one run: its block's, or the file's only entry when the file holds one result. */
export function recordedFor(
  record: RecordFile | undefined,
  run: Pick<Run, 'source'>,
  blocksInFile: number,
): RecordedResult | undefined {
  if (!record) return undefined;
  const label = run.source.blockLabel;
  const own = record.results.find((entry) => entry.block !== null && entry.block === label);
  if (own) return own;
  const [only] = record.results;
  return blocksInFile === 1 && record.results.length === 1 && only?.block === null ? only : undefined;
}

/** The 1-based line of a record file that holds `needle` (a signature's last characters), else 1. */
function lineHolding(text: string, needle: string): number {
  const at = text.indexOf(needle);
  return at === -1 ? 1 : text.slice(0, at).split('\n').length;
}

/**
 * A record's entry as its run carries it, and what keeps it from being believed. An entry with a
 * signature is verified (`verify`, against the repository's allowed signers): its manifest must
 * verify (an edited field, or a signer not on the list, is an E_RECORD_SIGNATURE error at the
 * record's signature line), and the raw result's text must have the sha256 it was signed with (an
 * E_RECORD_CHANGED error at the raw file's line). Both are exact relations: OpenSSH's sshsig.c
 * verifies the signature over these bytes, and a sha256 differs when one byte does. Only then does
 * the run carry `signedBy`. An entry without a signature is the author's statement, unsigned; so
 * is every entry when no verifier is given (a reader that shows no signer).
 */
export function checkedRecorded(
  entry: RecordedResult,
  raw: RawFile,
  record: RawFile,
  verify: SignatureVerifier | undefined,
): { recorded: RunRecorded; diagnostics: Diagnostic[] } {
  const { signature, sha256: signedDigest, ...fields } = entry;
  const diagnostics: Diagnostic[] = [];
  if (signature === undefined || verify === undefined) return { recorded: fields, diagnostics };
  const body = signature.split('\n').filter((l) => l !== '' && !l.startsWith('-----'));
  const line = lineHolding(record.text, (body.at(-1) ?? '').slice(-40));
  const span = signedSpan(raw.text, entry.block);
  if (signedDigest === undefined) {
    diagnostics.push(
      errorAt('E_RECORD_SIGNATURE', record.file, 'a signed entry without the sha256 of its raw result', {
        line,
        expected: 'a "sha256" beside the "signature", as npm run record writes it',
        found: 'no "sha256"',
      }),
    );
    return { recorded: fields, diagnostics };
  }
  const verdict = verify(manifestText(raw.file, { ...fields, sha256: signedDigest }), signature, entry.started);
  if ('problem' in verdict)
    diagnostics.push(
      errorAt(
        'E_RECORD_SIGNATURE',
        record.file,
        verdict.unknownSigner
          ? `the record of ${raw.file}${entry.block === null ? '' : ` (${entry.block})`} is signed by a key the allowed-signers file does not list: ${verdict.problem}`
          : `the record of ${raw.file}${entry.block === null ? '' : ` (${entry.block})`} does not verify: it was changed after it was signed, or belongs beside another file (${verdict.problem})`,
        {
          line,
          expected: verdict.unknownSigner
            ? 'a signature by a key of data/allowed-signers'
            : 'the entry as npm run record signed it',
          found: verdict.problem,
        },
      ),
    );
  const now = span === undefined ? undefined : sha256(span.text);
  if (now !== signedDigest)
    diagnostics.push(
      errorAt(
        'E_RECORD_CHANGED',
        raw.file,
        span === undefined
          ? `the block "${entry.block ?? ''}" its signed record names is not in this file any more`
          : `${span.startLine === span.endLine ? `line ${span.startLine}` : `lines ${span.startLine}-${span.endLine}`} changed after npm run record signed ${entry.block === null ? 'this result' : `the block "${entry.block}"`}`,
        {
          line: span?.startLine ?? 1,
          expected: `sha256 ${signedDigest}, as signed in ${record.file}`,
          found: now === undefined ? 'no such block' : `sha256 ${now}`,
        },
      ),
    );
  if (diagnostics.length > 0) return { recorded: fields, diagnostics };
  return { recorded: { ...fields, signedBy: (verdict as { signer: string }).signer }, diagnostics };
}
