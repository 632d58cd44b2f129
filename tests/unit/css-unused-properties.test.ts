// The built stylesheets lose the custom properties nothing reads (src/lib/css-unused-properties.ts).
import { describe, expect, it } from 'vitest';
import { withoutUnreadProperties } from '../../src/lib/css-unused-properties.ts';

const prune = (sheets: Record<string, string>, readers: string[] = []) =>
  Object.fromEntries(withoutUnreadProperties(new Map(Object.entries(sheets)), readers));

describe('custom properties nothing reads', () => {
  it('go, with a rule left empty; those read by a rule of any stylesheet stay', () => {
    expect(
      prune({
        'a.css': ':root{--used:1px;--unused:red;--other:blue}.x{margin:var(--used)}.only{--unused-too:0}',
        'b.css': '@media print{:root{--other:green;--unused:black}}.y{color:var(--other)}',
      }),
    ).toEqual({
      'a.css': ':root{--used:1px;--other:blue}.x{margin:var(--used)}',
      'b.css': '@media print{:root{--other:green}}.y{color:var(--other)}',
    });
  });

  it('one read only by another that goes goes too; a fallback is a read', () => {
    expect(
      prune({
        'a.css': ':root{--hue:200;--red:hsl(var(--hue),50%,50%);--a:1px;--b:2px}.x{padding:var(--a, var(--b))}',
      }),
    ).toEqual({ 'a.css': ':root{--a:1px;--b:2px}.x{padding:var(--a, var(--b))}' });
  });

  it('a page, a script or another stylesheet that reads one keeps it', () => {
    expect(
      prune({ 'a.css': ':root{--inline:1;--scripted:2;--gone:3}' }, [
        '<td style="inline-size:var(--inline)">',
        'el.style.width = `var(--scripted)`',
      ]),
    ).toEqual({ 'a.css': ':root{--inline:1;--scripted:2}' });
  });
});
