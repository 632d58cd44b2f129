// A yes/no question at the author's terminal (run-plan asks before running a command the trusted
// ref does not hold). None without a terminal: a job or a pipe cannot answer, and is refused.
import { createInterface } from 'node:readline';

export function terminalQuestion(): ((question: string) => Promise<boolean>) | undefined {
  if (!process.stdin.isTTY || !process.stderr.isTTY) return undefined;
  return (question) =>
    new Promise<boolean>((answer) => {
      const terminal = createInterface({ input: process.stdin, output: process.stderr });
      // Ctrl-C, or the end of input, at the question is a no.
      terminal.once('close', () => answer(false));
      terminal.once('SIGINT', () => {
        answer(false);
        terminal.close();
      });
      terminal.question(question, (reply) => {
        answer(/^\s*y(es)?\s*$/i.test(reply));
        terminal.close();
      });
    });
}
