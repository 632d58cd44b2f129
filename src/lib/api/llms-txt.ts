import type { ComputedGuide } from '../schema/computed.ts';
import { answerView, type ChangeSentence } from '../view/answer-view.ts';
import { viewContext, type ProseHtml } from '../view/view-context.ts';
import { publicUrl } from '../site-paths.ts';
import { schemaUrl, type ApiSite } from './links.ts';
import { decisionLines } from './llms-decision.ts';
import { appendAll } from '../append-all.ts';

/**
 * llms.txt (https://llmstxt.org): what the site is, for a language model that reads it — an H1,
 * a blockquote summary, then sections of links, one line per guide with its page and its JSON.
 * llms-full.txt adds each guide's answer in plain text. Markdown the way the convention writes it;
 * every title and label is escaped (an author's text never becomes a link or markup).
 */

export type LlmsGuide = { guide: ComputedGuide; title: string; prose: ProseHtml };

const SUMMARY =
  'perflab publishes tuning guides for serving large language models, one per model and hardware: a recommended serving command, its measured gain over a baseline, every tuning step with its variants, and the raw benchmark output each number was read from. Pages are in English and Chinese; every guide is also JSON for programs.';

export function llmsTxt(guides: readonly LlmsGuide[], at: ApiSite): string {
  const url = (path: string) => publicUrl(at.site, path);
  const lines = [
    '# perflab',
    '',
    `> ${SUMMARY}`,
    '',
    `Programs start at the index of every guide, ${url(at.paths.api.index())} (JSON Schema ${schemaUrl(at, 'index')}). Each guide's JSON names its JSON Schema in \`$schema\` (${schemaUrl(at, 'guide')}); every measured run is also published as an llm-d Benchmark Report v0.2.1, linked from the guide's JSON. Fields are only added within a major version (\`schemaVersion\`).`,
    '',
    '## Guides',
    '',
    ...sorted(guides).map(
      ({ guide, title }) =>
        `- [${linkText(title)}](${url(at.paths.guide('en', guide.id))}): ${guide.objective}, ${guide.hardware.gpus} × ${linkText(guide.hardware.name)}; [JSON](${url(at.paths.api.guide(guide.id))}), [中文](${url(at.paths.guide('zh', guide.id))})`,
    ),
    '',
    '## Data and API',
    '',
    `- [Data and API](${url(at.paths.dataApi('en'))}): every published file, an example of each, and the stability promise`,
    `- [Guide index](${url(at.paths.api.index())}): every guide with its recommended command and headline figure`,
    `- [Guide JSON Schema](${schemaUrl(at, 'guide')})`,
    `- [Index JSON Schema](${schemaUrl(at, 'index')})`,
    '',
    '## Optional',
    '',
    `- [llms-full.txt](${url(at.paths.api.llmsFullTxt())}): each guide's answer, per-GPU throughput and cost, measured date, noise verdict, where it loses, and recommended command in plain text`,
    `- [How the numbers are computed](${url(at.paths.methodology('en'))})`,
  ];
  return `${lines.join('\n')}\n`;
}

export function llmsFullTxt(guides: readonly LlmsGuide[], at: ApiSite): string {
  const url = (path: string) => publicUrl(at.site, path);
  const parts = ['# perflab', '', `> ${SUMMARY}`, ''];
  for (const { guide, title, prose } of sorted(guides)) {
    const answer = answerView(viewContext(guide, prose, 'en'));
    const text = [answer.gain, answer.cost]
      .filter((s): s is ChangeSentence => s !== undefined)
      .map(sentence)
      .join(answer.separator);
    parts.push(
      `## ${plain(title)}`,
      '',
      `Page: ${url(at.paths.guide('en', guide.id))}`,
      `JSON: ${url(at.paths.api.guide(guide.id))}`,
      '',
      text,
      '',
    );
    appendAll(parts, decisionLines(guide, plain));
    parts.push('', `Recommended command (${guide.recommended.engine.name}):`, '', fence(guide.recommended.command), '');
  }
  return `${parts.join('\n').replace(/\n+$/, '')}\n`;
}

const sentence = (s: ChangeSentence) => `${s.before}${s.delta ?? ''}${s.after}`;

const sorted = (guides: readonly LlmsGuide[]) =>
  [...guides].sort((a, b) => (a.guide.id < b.guide.id ? -1 : a.guide.id > b.guide.id ? 1 : 0));

/** Text inside a link's brackets: brackets, backslashes and line breaks cannot end it or start markup. */
function linkText(text: string): string {
  return plain(text).replace(/[\\[\]<>*_`]/g, (c) => `\\${c}`);
}

/** One line of plain text. */
function plain(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A command in a fence longer than any run of backticks it holds. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const mark = '`'.repeat(longest + 1);
  return `${mark}sh\n${text.replace(/\n+$/, '')}\n${mark}`;
}
