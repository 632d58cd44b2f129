// Golden-file tests: every tests/fixtures/<parser>/<case>/input.* is parsed by
// src/lib/parse/<parser>.ts and compared with expected.json next to it.
// UPDATE_GOLDEN=1 rewrites the expectations (review the diff!); UPDATE_GOLDEN=<parser> only that
// parser's, so updating one format cannot silently rewrite another's.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expectGolden } from '../helpers/golden.ts';
import { describe, expect, it } from 'vitest';
import type { ParserModule } from '../../src/lib/parse/types.ts';
import { sourceLines } from '../../src/lib/parse/source-lines.ts';
import { stableJson } from '../../src/lib/stable-json.ts';

const fixtures = join(import.meta.dirname, '../fixtures');
const parserDirs = readdirSync(fixtures).filter((name) =>
  existsSync(join(import.meta.dirname, `../../src/lib/parse/${name}.ts`)),
);
const modules = Object.fromEntries(
  await Promise.all(
    parserDirs.map(async (name) => [name, (await import(`../../src/lib/parse/${name}.ts`)) as ParserModule] as const),
  ),
);

for (const format of parserDirs) {
  const parse = modules[format]!.parse;
  describe(`${format} fixtures`, () => {
    for (const name of readdirSync(join(fixtures, format)).sort()) {
      const dir = join(fixtures, format, name);
      const inputName = readdirSync(dir).find((f) => f.startsWith('input.'))!;
      const text = readFileSync(join(dir, inputName), 'utf8');
      const result = parse(text, { file: `${format}/${name}/${inputName}` });

      it(`${name}: matches expected.json`, () => {
        expectGolden(join(dir, 'expected.json'), stableJson(result), format);
      });

      it(`${name}: every value is the number printed on its line`, () => {
        const lines = sourceLines(text);
        for (const run of result.runs) {
          for (const [key, metric] of Object.entries(run.metrics)) {
            const line = lines[metric.line - 1]!;
            expect(line.text, `${key} at line ${metric.line}`).toContain(metric.printed);
            const printed = Number(metric.printed.replace(/,/g, ''));
            const factor = metric.printedUnit === 's' && metric.unit === 'ms' ? 1000 : 1;
            expect(metric.value, `${key} at line ${metric.line}`).toBeCloseTo(printed * factor, 6);
          }
        }
      });
    }
  });
}
