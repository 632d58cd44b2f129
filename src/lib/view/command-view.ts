import { configFlags } from '../serving/flags.ts';

/**
 * A serving command or backend-parameter list cut into what it runs and its flags, so the page can
 * put one flag on a line and mark the ones that changed. The pieces joined give the text back
 * unchanged: copying the command copies exactly what was measured.
 */
export type CommandView = {
  pieces: { text: string; flag?: true; changed?: true }[];
  /** the text already breaks its lines (a `\` continuation or a parameter list): the page adds none */
  multiline: boolean;
};

// `python3 -m sglang.launch_server`: -m names the module to run, it is not a flag to set.
const FLAG = /^--[A-Za-z]|^-(?!m$)[A-Za-z]/;

/** The settings one flag piece makes ("--tp 4" → tensor-parallel-size=4), spelled as compared. */
function settingsOf(piece: string): [string, string][] {
  return [...configFlags({ args: [piece.trim()] })];
}

/**
 * `text` cut before each flag; with `previous` (the configuration the reader saw just before), a
 * flag whose setting is new or different there is `changed`.
 */
export function commandView(text: string, previous?: ReadonlyMap<string, string>): CommandView {
  const pieces: CommandView['pieces'] = [];
  // Tokens with the whitespace (and `\` continuations) before them; a comment line stays plain text.
  for (const match of text.matchAll(/((?:\s|\\\n)*)(#[^\n]*|[^\s]+)/g)) {
    const [, space = '', token = ''] = match;
    const current = pieces.at(-1);
    if (FLAG.test(token)) {
      // On one line, the space before a flag goes with it: the page breaks the line there.
      if (space.includes('\n')) pieces.push({ text: space });
      pieces.push({ text: space.includes('\n') ? token : space + token, flag: true });
    } else if (current?.flag && !space.includes('\n') && !token.startsWith('#')) current.text += space + token;
    else if (current && !current.flag) current.text += space + token;
    else pieces.push({ text: space + token });
  }
  const trailing = /\s*$/.exec(text)?.[0] ?? '';
  if (trailing) pieces.push({ text: trailing });
  if (previous)
    for (const piece of pieces)
      if (piece.flag && settingsOf(piece.text).some(([name, value]) => previous.get(name) !== value))
        piece.changed = true;
  return { pieces, multiline: text.includes('\n') };
}
