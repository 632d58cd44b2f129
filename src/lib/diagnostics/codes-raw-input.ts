import { type CodeInfo } from './code-info.ts';
import { PLAUSIBILITY_CODE_INFO } from './codes-plausibility.ts';

/** The codes of raw benchmark files: which reader, what it read, whether the numbers agree. See codes.ts. */

const COPY_AGAIN = 'copy the output again, exactly as the tool printed or wrote it';

export const RAW_INPUT_CODES = {
  // Raw files and folders, before a byte is parsed.
  E_FOLDER_NAME: {
    severity: 'error',
    meaning: 'a guide folder under data/raw or content/guides is not a slug',
    hint: 'rename the folder with lower-case letters, digits, ".", "_" and "-"',
  },
  E_LINKED_FOLDER: {
    severity: 'error',
    meaning:
      'a folder perflab reads or writes (data/ and its folders, content/guides, public/, the cache, a guide folder) is a symbolic link or holds one, so nothing is read, written or removed',
    hint: 'replace the link with a real folder holding the files (git rm the link, copy the files in)',
  },
  E_FILE_NAME: {
    severity: 'error',
    meaning:
      'a raw file or folder name holds a line break or another control character, so it is not read (it could forge a line of a report)',
    hint: 'rename it with printable characters only (letters, digits, ".", "_", "-")',
  },
  E_NOT_REGULAR_FILE: {
    severity: 'error',
    meaning: 'a raw input or guide source is a symbolic link or a special file, so it is not read',
    hint: 'copy the file itself into the folder',
  },
  E_RAW_TOO_LARGE: {
    severity: 'error',
    meaning: 'a raw file is larger than a benchmark output can be, so it is not read',
    hint: 'keep only the benchmark output, not server logs or data sets',
  },
  E_EMPTY_FILE: {
    severity: 'error',
    meaning: 'a raw file is empty',
    hint: 'copy the benchmark output into it, or delete it',
  },
  E_ENCODING: {
    severity: 'error',
    meaning: 'a raw file is not UTF-8 text (UTF-16, binary, or bytes of another encoding such as GBK)',
    hint: 'save the output as UTF-8, e.g. `iconv -f UTF-16 -t UTF-8 in.txt > out.txt`',
  },
  E_LFS_POINTER: {
    severity: 'error',
    meaning:
      'a raw file is a Git LFS pointer (`version https://git-lfs.github.com/spec/v1`), not the output it stands for',
    hint: 'fetch the file itself: `git lfs install && git lfs pull`, or commit the output without LFS',
  },

  // Which reader a raw file goes to.
  E_FORMAT_UNKNOWN: {
    severity: 'error',
    meaning:
      'no reader claims the file: it is the output of a tool perflab recognises but does not read (named in the message), or of none it knows',
    hint: 'docs/formats.md shows each format perflab reads, with an example, and the tools it recognises without reading',
  },
  E_FORMAT_AMBIGUOUS: {
    severity: 'error',
    meaning: 'the content matches more than one format',
    hint: 'keep each tool output in its own file',
  },
  E_FORMAT_CONTRADICTS: {
    severity: 'error',
    meaning: 'the format guide.yaml sets for a result is not the format its file is',
    hint: 'remove `format:` from that result in guide.yaml (the format is detected), or point it at the right file',
  },

  // Reading a raw file.
  E_RECORD: {
    severity: 'error',
    meaning: 'a record beside a raw file (<file>.record.json) is not one npm run record writes',
    hint: 'measure the result again with npm run record --force, or remove the record (the result is read without it)',
  },
  E_JSON: {
    severity: 'error',
    meaning: 'a JSON or JSONL raw file does not parse',
    hint: 'raw JSON must be the file the tool wrote, unedited and complete',
  },
  E_RAW_YAML: {
    severity: 'error',
    meaning:
      'a YAML raw file (a guidellm report) does not parse, holds a tag, an alias or a repeated key, or ends inside a benchmark',
    hint: 'raw YAML must be the file the tool wrote (guidellm --outputs yaml), unedited and complete',
  },
  E_NO_RESULT: {
    severity: 'error',
    meaning: 'a raw file holds no result the reader can find',
    hint: `${COPY_AGAIN}, including its result block`,
  },
  E_TRUNCATED_BLOCK: {
    severity: 'error',
    meaning: 'a printed result block ends before its closing rule',
    hint: `${COPY_AGAIN}, down to the closing line of "="`,
  },
  E_MISSING_REQUIRED: {
    severity: 'error',
    meaning: 'a value the result or the guide needs is not in the raw output',
    hint: 'use a raw output that prints the value, or a metric the output has',
  },
  E_BAD_NUMBER: {
    severity: 'error',
    meaning:
      'a value is not a number a benchmark can have printed (NaN, infinite, negative, out of range, not a number)',
    hint: `${COPY_AGAIN}; NaN, inf or N/A where a number belongs mean the tool measured nothing: rerun the benchmark`,
  },
  E_UNIT: {
    severity: 'error',
    meaning: 'a result line is printed in a unit the tool never uses for it',
    hint: `the line was edited: ${COPY_AGAIN}`,
  },
  E_DUPLICATE: {
    severity: 'error',
    meaning: 'something that must be unique appears twice (a metric in a block, a label, an id, a slot)',
    hint: 'keep one of them, or give each its own name',
  },
  E_MISSING_LINE: {
    severity: 'error',
    meaning: 'a result block lacks a line its numbers are checked against (the benchmark duration)',
    hint: `${COPY_AGAIN}; a result without its duration is not published`,
  },
  W_TRUNCATED_BLOCK: {
    severity: 'warning',
    meaning:
      'a printed result block ends before its closing rule; it is not stored, the complete blocks of its file are',
    hint: `${COPY_AGAIN}, down to the closing line of "=", if the guide needs that block`,
  },
  W_MISSING_HEADER: {
    severity: 'warning',
    meaning:
      'a printed result block has every result line and its closing rule but no "Serving Benchmark Result" header line (lost in a copy); it is read',
    hint: `${COPY_AGAIN}, header included, to silence this`,
  },
  W_FOREIGN_LINE: {
    severity: 'warning',
    meaning: 'a line inside a result is not a result line (server log output, another task); it is skipped',
    hint: 'nothing to do when it is a log line printed into the block; otherwise copy the block again',
  },
  W_UNKNOWN_LINE: {
    severity: 'warning',
    meaning: 'a result line whose label perflab does not know; its value is not stored',
    hint: 'nothing to do unless a page needs it: a newer tool version may print lines perflab does not read yet',
  },
  W_UNKNOWN_KEY: {
    severity: 'warning',
    meaning: 'a key of a JSON result perflab does not know; its value is not stored',
    hint: 'nothing to do unless a page needs it: a newer tool version may write keys perflab does not read yet',
  },
  W_ORPHAN_LINE: {
    severity: 'warning',
    meaning: 'a result line outside every result block; it belongs to no run and is ignored',
    hint: 'check that the block and its rules were copied whole',
  },
  W_NO_VALUE: {
    severity: 'warning',
    meaning: 'the tool printed "N/A" for a value, so the metric is absent from the run',
    hint: 'nothing to do unless a page needs this metric; then rerun the benchmark so the tool measures it',
  },
  W_MISSING_RATE: {
    severity: 'warning',
    meaning:
      "a result file lacks a rate its tool writes (a vLLM --save-result without request_throughput, output_throughput or total_token_throughput); it is computed from the file's totals over its duration, as the tool defines it, or absent when those are missing too",
    hint: 'nothing to do when the totals are there; rerun with a vLLM that writes the rate keys to keep its own values',
  },
  W_SKIPPED_FILE: {
    severity: 'warning',
    meaning: 'a file the tool writes beside its result, not a result; it is skipped',
    hint: 'point guide.yaml at the result file beside it, and delete this one if nothing uses it',
  },

  W_SOURCE_TOOL_NOT_READ: {
    severity: 'warning',
    meaning:
      "an llm-d Benchmark Report converted from a tool whose figures perflab does not read through it: the converter copies each tool's own definitions into the same slots",
    hint: "keep the tool's own output instead (guidellm's benchmarks.json, vllm bench serve's JSON, AIPerf's export), which perflab reads with that tool's definitions",
  },
  ...PLAUSIBILITY_CODE_INFO,
} as const satisfies Record<string, CodeInfo>;
