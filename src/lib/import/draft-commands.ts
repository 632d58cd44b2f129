// A page's command as a shell would take it. Pages print JSON arguments bare
// (`--speculative-config {"method":"mtp","num_speculative_tokens":1}`), which a shell splits by
// brace expansion into two words the engine would refuse, so the run that was measured cannot
// have been started that way: the draft quotes such a word (check refuses it unquoted,
// E_COMMAND_EXPANSION) and names it among the import's decisions.
import { parseShellCommand, shellWordText } from '../serving/shell-words.ts';

type Config = { command?: string | undefined };

/** `command` with each unquoted word that a shell would brace-expand quoted, and the words quoted. */
export function quoteBraceWords(command: string): { command: string; quoted: string[] } {
  const parsed = parseShellCommand(command);
  const words = parsed.lines.flatMap((line) => line.words);
  const targets = new Set(
    parsed.problems
      .filter((p) => p.kind === 'brace')
      .flatMap((p) =>
        words.filter((w) => w.offset <= p.offset && p.offset < w.offset + w.raw.length && !/['\\]/.test(w.raw)),
      ),
  );
  let text = command;
  for (const word of [...targets].sort((a, b) => b.offset - a.offset))
    // The word as printed is the argument meant (JSON keeps its double quotes): quoted whole.
    text = `${text.slice(0, word.offset)}${shellWordText({ ...word, value: word.raw })}${text.slice(word.offset + word.raw.length)}`;
  return { command: text, quoted: [...targets].sort((a, b) => a.offset - b.offset).map((w) => w.raw) };
}

/** Quotes brace-expanded words in every command of a draft guide, in place; the decisions it leaves. */
export function quoteDraftCommands(guide: {
  steps: readonly { variants: readonly Config[] }[];
  recommended: Config;
}): string[] {
  const decisions: string[] = [];
  const fix = (config: Config, where: string) => {
    if (config.command === undefined) return;
    const { command, quoted } = quoteBraceWords(config.command);
    if (quoted.length === 0) return;
    config.command = command;
    decisions.push(
      `the command of ${where} is quoted where the page prints ${quoted.join(', ')} bare, which a shell splits into several words: confirm it is the argument the run was started with`,
    );
  };
  guide.steps.forEach((step, i) => step.variants.forEach((variant, j) => fix(variant, `steps[${i}].variants[${j}]`)));
  fix(guide.recommended, 'recommended');
  return decisions;
}
