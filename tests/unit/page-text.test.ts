// The page-text helper the build tests read pages through (tests/helpers/page-text.ts): a matcher
// that a number inside a longer number does not satisfy, and a "without raw logs" that really
// leaves the raw logs out (and refuses a page whose raw logs it does not recognise).
import { describe, expect, it } from 'vitest';
import {
  missingNumbers,
  pageText,
  rawResultCount,
  showsNumber,
  textOf,
  withoutRawResults,
} from '../helpers/page-text.ts';

describe('showsNumber', () => {
  it('finds a number standing on its own, whatever surrounds it that is not part of a number', () => {
    for (const text of [
      '14.76',
      'x 14.76 y',
      '(14.76 tok/s)',
      'is 14.76.',
      '14.76, then',
      '+14.76%',
      'Total TPS:14.76x2',
    ])
      expect(showsNumber(text, '14.76'), text).toBe(true);
  });

  it('does not find a number inside a longer one', () => {
    for (const text of ['1314.76', '14.765', '0.14.76', '1,14.76', '14.76,5', '14.76.5', '214.760'])
      expect(showsNumber(text, '14.76'), text).toBe(false);
  });

  it('matches the fragment literally, not as a pattern', () => {
    expect(showsNumber('14x76', '14.76')).toBe(false);
    expect(showsNumber('Total TPS: 7081.34x2 (+134.8%)', 'Total TPS: 7081.34x2 (+134.8%)')).toBe(true);
  });

  it('checks the boundary only where the fragment begins or ends with a digit', () => {
    // "+219.70%" begins with "+" and ends with "%": what stands beside them is not part of the number.
    expect(showsNumber('1+219.70%3', '+219.70%')).toBe(true);
    expect(showsNumber('+219.70%', '219.70')).toBe(true);
    expect(showsNumber('+219.701%', '219.70')).toBe(false);
    expect(showsNumber('Mean TPOT(ms): 800.25', 'TPOT(ms): 800.2')).toBe(false);
  });

  it('with trailingZeros, lets a decimal be shown with more zeros, and still not inside a longer number', () => {
    expect(showsNumber('19.00', '19.0')).toBe(false);
    expect(showsNumber('19.00', '19.0', { trailingZeros: true })).toBe(true);
    expect(showsNumber('19.05', '19.0', { trailingZeros: true })).toBe(false);
    expect(showsNumber('119.00', '19.0', { trailingZeros: true })).toBe(false);
    // An integer gains no zeros: "19" is not "190".
    expect(showsNumber('190', '19', { trailingZeros: true })).toBe(false);
  });

  it('missingNumbers lists what a text does not show, in order', () => {
    expect(missingNumbers('a 1.5 b 2.25 c 1314.76', ['1.5', '14.76', '2.25', '3'])).toEqual(['14.76', '3']);
    expect(missingNumbers('1.5', [])).toEqual([]);
  });
});

describe('textOf', () => {
  it('drops tags, scripts and styles; decodes entities; joins inline markup; collapses whitespace', () => {
    expect(
      textOf(
        '<p>a &lt;b&gt; &amp; &quot;c&quot; &#39;d&#x27; &#20013;</p><script>x = 1.5</script><style>.a{}</style>\n<td>1<strong>4</strong>.76</td><td>2</td>',
      ),
    ).toBe(`a <b> & "c" 'd' 中 14.76 2`);
  });
});

const RAW = (id: string, text: string) =>
  `<details class="raw-result" id="${id}" data-pagefind-ignore><summary>Benchmark result</summary><pre class="raw-text"><code>${text}</code></pre></details>`;

describe('withoutRawResults', () => {
  it('removes every raw result, attributes in any order, and what is nested inside one', () => {
    const html = `<p>1.5</p>${RAW('raw-1', 'Total 1314.76')}<p>2.5</p><details data-x class="raw-result"><details><summary>inner</summary>9.9</details><pre class="raw-text">8.8</pre></details><p>3.5</p>`;
    expect(rawResultCount(html)).toBe(2);
    expect(textOf(withoutRawResults(html))).toBe('1.5 2.5 3.5');
  });

  it('leaves other <details> alone', () => {
    expect(textOf(withoutRawResults('<details open><summary>More</summary>4.2</details>'))).toBe('More 4.2');
  });

  it('refuses raw log text it cannot leave out, so a changed page fails instead of passing', () => {
    expect(() => withoutRawResults('<div class="raw-log"><pre class="raw-text">1.5</pre></div>')).toThrow(
      /raw log text .* stands outside/,
    );
    expect(() => withoutRawResults('<details class="raw-result"><pre class="raw-text">1.5</pre>')).toThrow(
      /never closed/,
    );
  });
});

describe('pageText', () => {
  const html = `<html><nav><h2 id="starlight__on-this-page">On this page</h2>7.7</nav><main lang="en"><h1>Guide</h1><p>0.5</p>
<h2 id="conclusion"><a href="#conclusion">Conclusion</a></h2><table><td>1005.63</td></table>
<h2 id="results">Results</h2><p>Result: 6.1</p>${RAW('raw-1', 'Total Token throughput (tok/s): 5481.90')}
</main><footer>8.8</footer></html>`;
  const page = pageText(html);

  it('reads only the article', () => {
    expect(page.text).not.toContain('7.7');
    expect(page.text).not.toContain('8.8');
    expect(page.text).toContain('0.5');
  });

  it('splits the article at each <h2>, the part before the first one having the id ""', () => {
    expect(page.sections.map((s) => [s.id, s.heading])).toEqual([
      ['', ''],
      ['conclusion', 'Conclusion'],
      ['results', 'Results'],
    ]);
    expect(page.section('conclusion').text).toBe('Conclusion 1005.63');
    expect(page.section('results').text).toContain('5481.90');
    expect(page.section('results').outsideRaw).toBe('Results Result: 6.1');
    expect(() => page.section('setup')).toThrow('no section "setup": the page has "", "conclusion", "results"');
  });

  it('outsideRaw leaves the raw logs out of the whole article', () => {
    expect(showsNumber(page.text, '5481.90')).toBe(true);
    expect(showsNumber(page.outsideRaw, '5481.90')).toBe(false);
    expect(missingNumbers(page.outsideRaw, ['0.5', '1005.63', '6.1'])).toEqual([]);
  });

  it('refuses a page without <main>', () => {
    expect(() => pageText('<html><p>1.5</p></html>')).toThrow('the page has no <main> element');
  });
});
