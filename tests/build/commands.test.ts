// Every command a built page prints is what was measured: it survives `bash -n`, and bash's own
// word split of the printed text (what the copy button copies) equals the words perflab read from
// guide.yaml (data/guides). The page's commands are found in order: the recommendation, then each
// step's variants (parameters, then command), then the other cases; the compare pages' too.
import { execFileSync } from 'node:child_process';
import { globSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { argsWords } from '../../src/lib/serving/flags.ts';
import { parseShellCommand } from '../../src/lib/serving/shell-words.ts';
import type { ComputedGuide } from '../../src/lib/schema/computed.ts';
import { builtPage, dist } from '../helpers/page-text.ts';

const repo = join(import.meta.dirname, '../..');
const BASH = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
const scratch = mkdtempSync(join(tmpdir(), 'perflab-commands-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const guides = globSync('data/guides/**/*.json', { cwd: repo }).map(
  (file) => JSON.parse(readFileSync(join(repo, file), 'utf8')) as ComputedGuide,
);

type Printed = { kind: string; text: string };
type Expected = { kind: string; words: string[] };

/** The `<code class="command" data-command=…>` elements of a page, in order, as their text (unmarked: a variant's `command`). */
function printedCommands(html: string): Printed[] {
  return [...html.matchAll(/<code class="command[^"]*"(?: data-command="([a-z]+)")?>([\s\S]*?)<\/code>/g)].map((m) => ({
    kind: m[1] ?? 'command',
    text: decode((m[2] ?? '').replace(/<[^>]+>/g, '')),
  }));
}

function decode(text: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) =>
    name.startsWith('#x') || name.startsWith('#X')
      ? String.fromCodePoint(parseInt(name.slice(2), 16))
      : name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (named[name.toLowerCase()] ?? whole),
  );
}

/** Every word of a command as perflab reads it: export lines, NAME=value prefixes, the command's words. */
const commandWords = (command: string) => parseShellCommand(command).lines.flatMap((l) => l.words.map((w) => w.value));

/** What a guide page should print, in page order, from the computed guide. */
function expectedCommands(guide: ComputedGuide): Expected[] {
  const expected: Expected[] = [{ kind: 'recommended', words: commandWords(guide.recommended.command) }];
  for (const step of guide.steps)
    for (const variant of step.variants) {
      if (variant.args?.length) expected.push({ kind: 'args', words: argsWords(variant.args) });
      if (variant.command) expected.push({ kind: 'command', words: commandWords(variant.command) });
    }
  const sides =
    guide.otherCases.layout === 'by-config'
      ? [guide.otherCases]
      : guide.comparison.map((c) => ({ baseline: c.baseline, optimized: c.optimized }));
  for (const side of sides)
    for (const kind of ['baseline', 'optimized'] as const) {
      const config = side[kind];
      if (config.command) expected.push({ kind, words: commandWords(config.command) });
      else if (config.args?.length) expected.push({ kind, words: argsWords(config.args) });
    }
  return expected;
}

/** `bash -n`: the text is shell syntax a shell reads to its end. */
function bashSyntaxOk(text: string): boolean {
  try {
    execFileSync(BASH, ['-n'], { input: text, env: { PATH: '/nonexistent' } });
    return true;
  } catch {
    return false;
  }
}

/**
 * The words bash splits the text into, one logical line at a time (a parameter list is one item
 * a line). Each line is first read by perflab's parser, which must find nothing a shell would run
 * or expand; only then does bash split it with `eval "set -- …"`, restricted, without PATH, in an
 * empty folder.
 */
function bashWords(text: string): string[] {
  const lines = text.split(/(?<!\\)\n/);
  for (const line of lines) expect(parseShellCommand(line).problems, line).toEqual([]);
  const split = 'for line in "$@"; do eval "set -- $line"; [ $# -eq 0 ] || printf "%s\\0" "$@"; done';
  const out = execFileSync(BASH, ['-r', '-c', split, '_', ...lines], {
    cwd: scratch,
    env: { PATH: '/nonexistent' },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('every command on every built page is what was measured', () => {
  it('there are guides, and their pages print commands', () => {
    expect(guides.length).toBeGreaterThan(20);
    expect(printedCommands(builtPage('en/guides/glm-4.x/h200')).length).toBeGreaterThan(5);
  });

  for (const guide of guides)
    for (const lang of ['en', 'zh'] as const)
      it(`${lang}/guides/${guide.id}`, () => {
        const printed = printedCommands(builtPage(`${lang}/guides/${guide.id}`));
        const expected = expectedCommands(guide);
        expect(printed.map((p) => p.kind)).toEqual(expected.map((e) => e.kind));
        printed.forEach((command, i) => {
          expect(bashSyntaxOk(command.text), command.text).toBe(true);
          expect(bashWords(command.text), command.text).toEqual(expected[i]?.words);
        });
      });

  it('the compare pages print each guide’s recommended command as measured', () => {
    const pages = globSync('*/compare/**/index.html', { cwd: dist });
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const html = readFileSync(join(dist, page), 'utf8');
      // The summary's rows, one per guide with its command (the case tables have a row per guide too).
      const summary = /<table class="compare-summary[^"]*">[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
      const rows = [...summary.matchAll(/<tr data-guide="([^"]+)">/g)].map((m) => m[1]);
      const printed = printedCommands(html).filter((c) => c.kind === 'recommended');
      expect(printed.length, page).toBe(rows.length);
      printed.forEach((command, i) => {
        const guide = guides.find((g) => g.id === rows[i]);
        expect(guide, `${page}: ${rows[i]}`).toBeDefined();
        expect(bashWords(command.text)).toEqual(commandWords(guide?.recommended.command ?? ''));
      });
    }
  });
});
