// The server a measurement needs: the serving command guide.yaml gives, or the one its backend
// parameters imply for their engine, and where it listens.
import { engineFamily, type EngineFamily } from '../serving/entry-points.ts';
import { argsWords, configKey, servedModels, wordFlags } from '../serving/flags.ts';
import type { Guide } from '../schema/guide-yaml.ts';
import { flagValue, fromShellText, planned, withFlag, type PlannedCommand } from './command-words.ts';

/** Where each engine's server listens when its command gives no --port. */
export const DEFAULT_PORTS: Readonly<Record<EngineFamily, number>> = {
  vllm: 8000,
  sglang: 30000,
  trtllm: 8000,
  mindie: 1025,
};

export type PlannedServer = PlannedCommand & {
  /** the guide's engine id */
  engine: string;
  family: EngineFamily | undefined;
  /** the host and port health and benchmark requests go to */
  host: string;
  port: number;
  /** the model name requests ask for: --served-model-name, or the model the command serves */
  model: string;
  /** the model the server loads (its tokenizer), for benchmark clients that tokenize */
  modelPath: string;
};

/** A serving configuration of guide.yaml: a full command, or backend parameters of an engine. */
export type ServingConfig = { engine: string; args?: readonly string[] | undefined; command?: string | undefined };

export type ServerOptions = {
  /** start every server on this port (an operator's setting: the default port may be taken) */
  port?: number | undefined;
};

const LISTEN_ANYWHERE = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * The serving command of a configuration and where it listens, or why plan cannot tell: an engine
 * whose server perflab cannot start from parameters alone, or a command a shell would not run as written.
 */
export function plannedServer(
  guide: Guide,
  config: ServingConfig,
  options: ServerOptions = {},
): { server: PlannedServer } | { problem: string } {
  const engine = guide.engines.find((e) => e.id === config.engine);
  const family = engine ? engineFamily(engine) : undefined;
  let command: PlannedCommand;
  if (config.command !== undefined) {
    const read = fromShellText(config.command);
    if (read.problems.length > 0)
      return { problem: `the serving command is not one plain command: ${read.problems[0]}` };
    if (read.words.length === 0) return { problem: 'the serving command is empty' };
    command = read;
  } else {
    const args = argsWords(config.args ?? []);
    const model = servedModels(args).length > 0 ? [] : [guide.model.name];
    if (family === 'vllm') command = planned(['vllm', 'serve', ...model, ...args]);
    else if (family === 'sglang')
      command = planned([
        'python3',
        '-m',
        'sglang.launch_server',
        ...(model.length > 0 ? ['--model-path', ...model] : []),
        ...args,
      ]);
    else if (family === 'trtllm') command = planned(['trtllm-serve', ...model, ...args]);
    else
      return {
        problem: `perflab does not know how to start ${engine?.name ?? config.engine} from backend parameters: give the run its serving command (command:)`,
      };
  }
  let words = command.words;
  if (options.port !== undefined) words = withFlag(words, ['--port'], String(options.port));
  const portText = flagValue(words, ['--port']);
  const port = portText === undefined ? DEFAULT_PORTS[family ?? 'vllm'] : Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    return { problem: `the serving command's --port ${portText ?? ''} is not a port number` };
  const hostText = flagValue(words, ['--host']);
  const host = hostText === undefined || LISTEN_ANYWHERE.has(hostText) ? '127.0.0.1' : hostText;
  const modelPath = servedModels(words)[0]?.value ?? guide.model.name;
  const model = flagValue(words, ['--served-model-name']) ?? modelPath;
  return {
    server: {
      ...planned(words, command.environment),
      engine: config.engine,
      family,
      host,
      port,
      model,
      modelPath,
    },
  };
}

/**
 * Two measurements share a server when it runs the same configuration: the same engine, program,
 * environment and flags (aliases under one name, in any order), on the same port.
 */
export function serverKey(server: PlannedServer): string {
  return JSON.stringify([configIdentity(server), server.port]);
}

/** What a server runs, wherever it listens: engine, program, environment and flags (aliases under one name, any order). */
export function configIdentity(server: PlannedServer): string {
  const firstFlag = server.words.findIndex((w) => w.startsWith('-'));
  const program = firstFlag === -1 ? server.words : server.words.slice(0, firstFlag);
  return JSON.stringify([configKey(server.engine, wordFlags(server.words)), program, server.environment]);
}
