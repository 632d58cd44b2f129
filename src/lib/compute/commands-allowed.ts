// What the GPU box would refuse to run (src/lib/plan/allow-list.ts), each an error at its word of
// guide.yaml: the same refusals plan makes, where the author can change them.
import { quoteFound } from '../diagnostics/diagnostics.ts';
import type { YamlPath } from '../guide-source/yaml-source.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { allowedText, commandRefusals, type CommandRole } from '../plan/allow-list.ts';
import { engineFamily } from '../serving/entry-points.ts';
import { parseShellCommand } from '../serving/shell-words.ts';
import type { ComputeContext } from './context.ts';
import { placedWords, type CommandSite } from './commands.ts';

/** Every exact benchmark command of guide.yaml that plan runs: a step's, a case's, an accuracy check's. */
export function benchmarkSites(guide: Guide): { path: YamlPath; benchmark: string }[] {
  const sites: { path: YamlPath; benchmark: string | undefined }[] = [
    ...guide.steps.map((step, i) => ({ path: ['steps', i], benchmark: step.benchmark })),
    ...guide.comparison.cases.map((c, k) => ({ path: ['comparison', 'cases', k], benchmark: c.benchmark })),
    ...guide.accuracy.map((check, c) => ({ path: ['accuracy', c], benchmark: check.benchmark })),
  ];
  return sites.flatMap((site) =>
    site.benchmark === undefined ? [] : [{ path: site.path, benchmark: site.benchmark }],
  );
}

const ALLOWED_EXPECTED = (role: CommandRole) =>
  `a command of ${allowedText(role)}, its flags and settings as data (README, "Running the experiment")`;

/**
 * What the GPU box would refuse to run (src/lib/plan/allow-list.ts), each an error at its word of
 * guide.yaml. A serving command of an engine perflab does not start (a bare program it does not
 * know) is left to E_COMMAND_ENGINE's rule: a reader may run it; plan will not.
 */
export function checkAllowed(ctx: ComputeContext, path: YamlPath, text: string, role: CommandRole): void {
  const parsed = parseShellCommand(text);
  if (parsed.words.length === 0) return;
  const command = {
    words: parsed.words.map((w) => w.value),
    environment: parsed.environment.map(({ name, value }) => ({ name, value })),
  };
  for (const refusal of commandRefusals(command, role)) {
    if (role === 'serving' && refusal.unknownProgram) continue;
    const word =
      'word' in refusal.at ? parsed.words[refusal.at.word] : parsed.environment[refusal.at.environment]?.word;
    if (!word) continue;
    ctx.errorIn(path, word.offset, 'E_COMMAND_NOT_ALLOWED', `the ${role} command ${refusal.message}`, {
      expected: ALLOWED_EXPECTED(role),
      found: quoteFound(word.raw),
    });
  }
}

/** The words plan starts an engine with before its backend parameters (src/lib/plan/serving.ts). */
const PROGRAM_WORDS: Partial<Record<string, readonly string[]>> = {
  vllm: ['vllm', 'serve'],
  sglang: ['python3', '-m', 'sglang.launch_server'],
  trtllm: ['trtllm-serve'],
};

/** A serving command, or backend parameters as plan starts their engine with them. */
export function checkServingAllowed(ctx: ComputeContext, site: CommandSite): void {
  if (site.command !== undefined) {
    checkAllowed(ctx, [...site.path, 'command'], site.command, 'serving');
    return;
  }
  const engine = ctx.guide.engines.find((e) => e.id === (site.engine ?? ctx.guide.recommended.engine));
  const prefix = engine ? PROGRAM_WORDS[engineFamily(engine) ?? ''] : undefined;
  if (!prefix) return;
  const words = placedWords(site);
  const refusals = commandRefusals({ words: [...prefix, ...words.map((w) => w.value)], environment: [] }, 'serving');
  for (const refusal of refusals) {
    const at = 'word' in refusal.at ? words[refusal.at.word - prefix.length] : undefined;
    if (!at) continue;
    ctx.errorIn(at.path, at.offset, 'E_COMMAND_NOT_ALLOWED', `the serving command ${refusal.message}`, {
      expected: ALLOWED_EXPECTED('serving'),
      found: quoteFound(at.value),
    });
  }
}
