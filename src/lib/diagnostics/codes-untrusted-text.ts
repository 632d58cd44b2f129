import type { CodeInfo } from './codes.ts';

/**
 * The codes of text a pull request writes that a page shows (prose, names and labels of
 * guide.yaml): markup, links, images, characters that read otherwise, labels that state results.
 * Part of GUIDE_CODES (codes-guide.ts). See codes.ts.
 */
export const UNTRUSTED_TEXT_CODES = {
  E_PROSE_HTML: {
    severity: 'error',
    meaning: 'raw HTML in prose',
    hint: 'write it in Markdown (emphasis, lists, tables, links); comments other than slot markers are refused too',
  },
  E_UNSAFE_URL: {
    severity: 'error',
    meaning: 'a link is neither https: nor relative',
    hint: 'link to an https: address or to a page of this site',
  },
  E_REMOTE_IMAGE: {
    severity: 'error',
    meaning: 'an image in prose is a URL: pages load nothing from third parties',
    hint: 'add the image to the site and link it by a relative path',
  },
  E_BIDI_CONTROL: {
    severity: 'error',
    meaning: 'a bidirectional control character can make text read differently than it is stored',
    hint: 'delete it; right-to-left text needs no control characters',
  },
  E_CONFUSABLE: {
    severity: 'error',
    meaning:
      'a label, id or name mixes scripts or holds a character that stands for another (a Cyrillic р for a Latin p, a fullwidth ｐ, an invisible character), so it reads as a name it is not',
    hint: 'type the name again in one script (Latin, or Latin with Chinese); a look-alike label lets guide.yaml pick another block than the one it seems to',
  },
  E_LABEL_RESULT: {
    severity: 'error',
    meaning:
      'a label states a result (a signed percentage, a delta, a verdict word beside a number): the page shows it beside the computed numbers, where a reader takes it for one',
    hint: 'keep the label a name and move what it says about the result to the prose (en.md, zh.md), where it is your words',
  },
} as const satisfies Record<string, CodeInfo>;
