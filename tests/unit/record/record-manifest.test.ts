// What a record's signature covers (src/lib/record/record-manifest.ts): the result's own lines of
// its raw file, and every field of its entry bound to the raw file's path.
import { describe, expect, it } from 'vitest';
import { manifestText, sha256, signedSpan } from '../../../src/lib/record/record-manifest.ts';
import { withBlock } from '../../../src/lib/record/record-files.ts';
import { recordedResult } from '../../helpers/compute-input.ts';

describe('signedSpan', () => {
  it('is the whole file for a file of one result, without the blank lines at its end', () => {
    expect(signedSpan('a\nb\n\n', null)).toEqual({ startLine: 1, endLine: 2, text: 'a\nb' });
  });

  it("is a block's # label section, and a block appended after it leaves it as it was signed", () => {
    const one = withBlock(undefined, 'rate 4', 'x: 1\ny: 2');
    const before = signedSpan(one, 'rate 4');
    expect(before).toEqual({ startLine: 1, endLine: 3, text: '# rate 4\nx: 1\ny: 2' });
    // the file as written without its last line break: appending adds one
    const two = withBlock(one.trimEnd(), 'rate 8', 'x: 3');
    expect(signedSpan(two, 'rate 4')).toEqual(before);
    expect(signedSpan(two, 'rate 8')).toEqual({ startLine: 4, endLine: 5, text: '# rate 8\nx: 3' });
    expect(signedSpan(two, 'rate 16')).toBeUndefined();
  });

  it('changes its digest when one character of the result does', () => {
    const text = withBlock(undefined, 'rate 4', 'Successful requests: 1000');
    const edited = text.replace('1000', '1001');
    expect(sha256(signedSpan(edited, 'rate 4')?.text ?? '')).not.toBe(sha256(signedSpan(text, 'rate 4')?.text ?? ''));
  });
});

describe('manifestText', () => {
  it('binds the entry to its raw file, and leaves the signature out of what is signed', () => {
    const entry = recordedResult({ sha256: 'a'.repeat(64) });
    const here = manifestText('data/raw/m/h/engine/vllm.txt', entry);
    expect(manifestText('data/raw/m/h/engine/sglang.txt', entry)).not.toBe(here);
    expect(manifestText('data/raw/m/h/engine/vllm.txt', { ...entry, signature: 'anything' } as typeof entry)).toBe(
      here,
    );
    expect(JSON.parse(here)).toMatchObject({ perflabRecordManifest: 1, file: 'data/raw/m/h/engine/vllm.txt' });
    expect(
      manifestText('data/raw/m/h/engine/vllm.txt', {
        ...entry,
        accelerators: entry.accelerators && { ...entry.accelerators, driver: '999.99-forged' },
      }),
    ).not.toBe(here);
  });
});
