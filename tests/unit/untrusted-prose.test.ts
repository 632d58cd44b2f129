// Prose and URLs from a pull request: front matter never runs code, links are https: or relative,
// and a slot marker shown inside a code block stays code.
import { describe, expect, it } from 'vitest';
import { readFrontMatter, RefusedEngine, splitFrontMatter } from '../../src/lib/guide-source/front-matter.ts';
import { parseProse } from '../../src/lib/guide-source/prose.ts';
import { isSafeUrl } from '../../src/lib/schema/safe-url.ts';

const catalogue = new Map([['notes', []]]);

describe('front matter', () => {
  it('is YAML only: a ---js block is refused and its code never runs', () => {
    const text = "---js\n{ title: (globalThis.PERFLAB_PWNED = 'ran', 'T'), description: 'd' }\n---\n";
    const result = parseProse(text, 'en.md', catalogue);
    expect(result.prose).toBeUndefined();
    expect(result.diagnostics.map((d) => d.code)).toEqual(['E_FRONTMATTER']);
    expect((globalThis as { PERFLAB_PWNED?: string }).PERFLAB_PWNED).toBeUndefined();
  });

  it('names the language at line 1: ---js, ---json, ---coffee are E_FRONTMATTER errors', () => {
    for (const language of ['js', 'javascript', 'json', 'coffee', ' yaml']) {
      const [problem] = readFrontMatter(`---${language}\ntitle: T\n---\n`, 'en.md').diagnostics;
      expect(problem, language).toMatchObject({ code: 'E_FRONTMATTER', line: 1, column: 1 });
      expect(problem?.message).toContain('front matter is YAML only');
    }
  });

  it("gray-matter's own engines are disarmed: only YAML is split off, every other engine refuses", () => {
    for (const language of ['js', 'javascript', 'json', 'coffee', 'toml']) {
      const text = `---${language}\n{ title: (globalThis.PERFLAB_PWNED = 'ran', 'T') }\n---\nbody`;
      expect(() => splitFrontMatter(text), language).toThrow(RefusedEngine);
    }
    expect((globalThis as { PERFLAB_PWNED?: string }).PERFLAB_PWNED).toBeUndefined();
    expect(splitFrontMatter('---\ntitle: T\n---\nbody\n')).toEqual({ yaml: 'title: T', body: 'body\n', bodyOffset: 3 });
  });

  it('a line that starts with --- inside the block is an error at that line, not a shorter block', () => {
    const [problem] = readFrontMatter('---\ntitle: T\n----\ndescription: D\n---\nbody', 'en.md').diagnostics;
    expect(problem).toMatchObject({ code: 'E_FRONTMATTER', line: 3, found: '"----"' });
  });

  it('reports YAML errors at their line in the file and keeps body line numbers', () => {
    expect(readFrontMatter('---\ntitle: [unclosed\n---\n', 'en.md').diagnostics[0]).toMatchObject({
      code: 'E_FRONTMATTER',
      line: 2,
    });
    const front = readFrontMatter('---\ntitle: T\ndescription: D\n---\nbody', 'en.md').front;
    expect(front).toMatchObject({ data: { title: 'T', description: 'D' }, body: 'body', bodyOffset: 4 });
    expect(front?.locate(['description'])).toEqual({ line: 3, column: 1 });
    expect(readFrontMatter('title: T\n', 'en.md').diagnostics[0]?.message).toBe('the file has no front matter');
    expect(readFrontMatter('---\ntitle: T\n', 'en.md').diagnostics[0]?.message).toBe(
      'the front matter is never closed',
    );
  });
});

describe('slot markers', () => {
  it('inside a fenced code block are code, not markers', () => {
    const text = '---\ntitle: T\ndescription: D\n---\n\n<!-- slot: notes -->\n```markdown\n<!-- slot: nots -->\n```\n';
    const result = parseProse(text, 'en.md', catalogue);
    expect(result.diagnostics).toEqual([]);
    expect(result.prose?.slots['notes']).toBe('```markdown\n<!-- slot: nots -->\n```');
  });
});

describe('isSafeUrl', () => {
  it.each([
    'https://example.com/',
    'https://github.com/org/repo/issues/new?x=1#y',
    '/en/methodology/',
    '../methodology/',
    '#notes',
    'guide.csv',
  ])('accepts %s', (url) => expect(isSafeUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'http://example.com/',
    '//evil.example/',
    'https:evil',
    'https://',
    '\\\\evil\\share',
    '',
  ])('refuses %j', (url) => expect(isSafeUrl(url)).toBe(false));
});
