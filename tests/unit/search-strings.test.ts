// The search UI's strings (src/lib/search-strings.ts): the label is the placeholder, Pagefind's keys lose their prefix.
import { describe, expect, it } from 'vitest';
import { pagefindStrings } from '../../src/lib/search-strings.ts';

describe('pagefind strings', () => {
  it('takes the pagefind.* strings under their own keys, the label as placeholder, nothing else', () => {
    expect(
      pagefindStrings('搜索指南', {
        'search.label': '搜索指南',
        'pagefind.clear_search': '清除',
        'pagefind.zero_results': '没有找到“[SEARCH_TERM]”的结果',
        'page.editLink': '编辑页面',
      }),
    ).toEqual({ placeholder: '搜索指南', clear_search: '清除', zero_results: '没有找到“[SEARCH_TERM]”的结果' });
  });
});
