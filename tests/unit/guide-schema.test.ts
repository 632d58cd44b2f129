// Every choice in guide.yaml is validated: a typo names the file, the line and the allowed values.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/lib/diagnostics/diagnostics.ts';
import { buildGuide } from '../../src/lib/compute/build-guide.ts';
import { ingestFromDisk, repoRoot } from '../helpers/guide-from-disk.ts';

const id = 'glm-4.x/h200';
const file = `content/guides/${id}/guide.yaml`;
const original = readFileSync(join(repoRoot, file), 'utf8');
const runs = ingestFromDisk(id).runs;
const prose = (lang: string) => ({
  file: `content/guides/${id}/${lang}.md`,
  text: readFileSync(join(repoRoot, `content/guides/${id}/${lang}.md`), 'utf8'),
});

function problems(yaml: string): string[] {
  return buildGuide({
    id,
    yaml: { file, text: yaml },
    runs,
    prose: { en: prose('en'), zh: prose('zh') },
  }).diagnostics.map(formatDiagnostic);
}

function lineOf(text: string, needle: string): number {
  return text.slice(0, text.indexOf(needle)).split('\n').length;
}

describe('guide.yaml choices', () => {
  const cases: [string, string, string, string][] = [
    ['summary style', 'summary: ranking', 'summary: rankng', 'expected: one of "pairwise", "ranking", "none"'],
    ['optimization summary mode', 'mode: step', 'mode: steps', 'expected: one of "cumulative", "step"'],
    ['other cases layout', 'layout: by-config', 'layout: by-conf', 'expected: one of "by-case", "by-config"'],
    ['variant status', 'status: unsupported', 'status: unsuported', 'expected: one of "ok", "unsupported", "failed"'],
    ['objective', 'objective: throughput', 'objective: thruput', 'expected: one of "throughput", "latency"'],
  ];
  for (const [what, good, bad, expected] of cases) {
    it(`a typo in the ${what} is an error at its line with the allowed values`, () => {
      const broken = original.replace(good, bad);
      const found = problems(broken);
      expect(found.length).toBeGreaterThan(0);
      expect(found[0]).toContain(`${file}:${lineOf(broken, bad)}:`);
      expect(found.join('\n')).toContain(expected);
    });
  }

  it('suggests the key meant by a misspelled one', () => {
    const found = problems(original.replace('numberedSteps: true', 'numberedStep: true'));
    expect(found.join('\n')).toContain('unknown key "numberedStep"');
    expect(found.join('\n')).toContain('did you mean "numberedSteps"?');
  });

  it('names the missing block label and the ones the log has', () => {
    const found = problems(original.replace('block: random 2K input } }', 'block: random 2k input } }'));
    expect(found.join('\n')).toContain('"other-cases/baseline.log" has no block labelled "random 2k input"');
    expect(found.join('\n')).toContain('did you mean "random 2K input"?');
  });

  it('a GPU count that does not divide the machine is refused', () => {
    const found = problems(
      original.replace(
        'optimized: { result: parallel/tp4.txt, gpus: 4 }',
        'optimized: { result: parallel/tp4.txt, gpus: 3 }',
      ),
    );
    expect(found.join('\n')).toContain('3 GPUs do not divide the machine');
  });
});
