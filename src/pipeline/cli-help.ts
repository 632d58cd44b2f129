// Every command answers --help (or -h) with what it does and how to call it, exit 0, before it
// reads or writes anything: each of scripts/*.ts calls answerHelp first.

/** With --help or -h among the arguments: prints `usage` to stdout and exits 0. */
export function answerHelp(usage: string, args: readonly string[] = process.argv.slice(2)): void {
  if (!args.some((arg) => arg === '--help' || arg === '-h')) return;
  process.stdout.write(`${usage.trim()}\n`);
  process.exit(0);
}
