// Golden-file tests: every tests/fixtures/<format>/<case>/input.* is parsed and compared with
// expected.json next to it. UPDATE_GOLDEN=1 rewrites the expectations (review the diff!).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseGsm8kSglang } from '../../src/lib/parse/gsm8k-sglang.ts';
import { parseServingBlocks } from '../../src/lib/parse/serving-block.ts';
import type { ParseResult } from '../../src/lib/parse/index.ts';
import { sourceLines } from '../../src/lib/parse/source-lines.ts';
import { stableJson } from '../../src/lib/stable-json.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const parsers: Record<string, (text: string, options: { file: string }) => ParseResult> = {
  'serving-block': parseServingBlocks,
  'gsm8k-sglang': parseGsm8kSglang,
};

for (const [format, parse] of Object.entries(parsers)) {
  describe(`${format} fixtures`, () => {
    for (const name of readdirSync(join(fixtures, format)).sort()) {
      const dir = join(fixtures, format, name);
      const inputName = readdirSync(dir).find((f) => f.startsWith('input.'))!;
      const text = readFileSync(join(dir, inputName), 'utf8');
      const result = parse(text, { file: `${format}/${name}/${inputName}` });

      it(`${name}: matches expected.json`, () => {
        const expectedPath = join(dir, 'expected.json');
        if (process.env.UPDATE_GOLDEN === '1' || !existsSync(expectedPath)) writeFileSync(expectedPath, stableJson(result));
        expect(stableJson(result)).toBe(readFileSync(expectedPath, 'utf8'));
      });

      it(`${name}: every value is the number printed on its line`, () => {
        const lines = sourceLines(text);
        for (const run of result.runs) {
          for (const [key, metric] of Object.entries(run.metrics)) {
            const line = lines[metric.line - 1]!;
            expect(line.text, `${key} at line ${metric.line}`).toContain(metric.printed);
            const printed = Number(metric.printed.replace(/,/g, ''));
            const factor = metric.printedUnit === 's' && metric.unit === 'ms' ? 1000 : 1;
            expect(metric.value).toBeCloseTo(printed * factor, 9);
          }
        }
      });
    }
  });
}
