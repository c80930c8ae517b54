import { parseArgs } from 'node:util';
import { EmulatorStartError, describeRepair, startEmulator, type EmulatorOptions } from './index.js';
import { CorruptDataError } from './persistence/index.js';
import { defaultJitter } from './server/latency.js';

const USAGE = `Usage: rtdb-emulator [--port 9000] [--host 127.0.0.1] [--rules database.rules.json]
                     [--data DIR [--repair]] [--import DIR] [--namespace NAME] [--verbose]
                     [--latency MS [--latency-jitter MS]]
  --latency MS         delay every message by MS in each direction (simulates the round trips to a
                       production database; a round trip costs 2 × MS)
  --latency-jitter MS  each message's delay is MS ± this (default: a quarter of --latency)`;

export function parseCliArgs(argv: string[]): EmulatorOptions & { help?: boolean; verbose?: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', short: 'p' },
      host: { type: 'string' },
      rules: { type: 'string' },
      data: { type: 'string' },
      import: { type: 'string' },
      namespace: { type: 'string' },
      verbose: { type: 'boolean' },
      repair: { type: 'boolean' },
      latency: { type: 'string' },
      'latency-jitter': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const out: EmulatorOptions & { help?: boolean; verbose?: boolean } = {};
  if (values.port !== undefined) {
    const port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535)
      throw new EmulatorStartError(`Invalid --port "${values.port}": expected 0-65535`);
    out.port = port;
  }
  if (values.host) out.host = values.host;
  if (values.rules) out.rules = values.rules;
  if (values.data) out.dataDir = values.data;
  if (values.import) out.importDir = values.import;
  if (values.namespace) out.defaultNamespace = values.namespace;
  if (values.verbose) out.verbose = true;
  if (values.repair) {
    if (!values.data) throw new EmulatorStartError('--repair needs --data DIR (the directory whose journal to repair)');
    out.repair = true;
  }
  const milliseconds = (flag: string, text: string): number => {
    const ms = Number(text);
    if (text.trim() === '' || !Number.isFinite(ms) || ms < 0 || ms > 60_000)
      throw new EmulatorStartError(`Invalid ${flag} "${text}": expected milliseconds 0-60000`);
    return ms;
  };
  if (values.latency !== undefined) out.latencyMs = milliseconds('--latency', values.latency);
  if (values['latency-jitter'] !== undefined) {
    if (values.latency === undefined) throw new EmulatorStartError('--latency-jitter needs --latency MS');
    out.latencyJitterMs = milliseconds('--latency-jitter', values['latency-jitter']);
  }
  if (values.help) out.help = true;
  return out;
}

export async function main(argv: string[]): Promise<void> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(argv);
  } catch (error) {
    process.stderr.write(`rtdb-emulator: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const log = (line: string): void => {
    if (options.verbose) process.stderr.write(`${line}\n`);
  };
  try {
    const emulator = await startEmulator({ ...options, log });
    // Always shown (not only with --verbose): the user must know what the repair dropped.
    if (emulator.repaired) process.stderr.write(`rtdb-emulator: ${describeRepair(emulator.repaired)}\n`);
    const details = [
      `rules: ${options.rules ?? 'open (default)'}`,
      `data: ${options.dataDir ?? 'in-memory'}`,
      ...(options.importDir ? [`imported: ${options.importDir}`] : []),
      ...(options.latencyMs
        ? [`latency: ${options.latencyMs} ± ${options.latencyJitterMs ?? defaultJitter(options.latencyMs)} ms each way`]
        : []),
    ];
    process.stdout.write(`RTDB emulator ready on ${emulator.url} (${details.join(', ')})\n`);
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      emulator.close().then(
        () => process.exit(0),
        (error) => {
          process.stderr.write(`rtdb-emulator: error while stopping: ${String(error)}\n`);
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  } catch (error) {
    const message =
      error instanceof EmulatorStartError ||
      error instanceof CorruptDataError ||
      (error as Error)?.name === 'DataDirLockedError'
        ? (error as Error).message
        : `unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    process.stderr.write(`rtdb-emulator: ${message}\n`);
    if (error instanceof CorruptDataError) {
      process.stderr.write(
        error.repairable
          ? `rtdb-emulator: refusing to start over existing data. Start once with --repair (rtdb-emulator --data ${options.dataDir} --repair) to keep every journal record before the damage and drop the rest; the original files are kept in ${options.dataDir}/repair-<time>/ and the emulator prints what it dropped.\n`
          : 'rtdb-emulator: refusing to start over existing data; fix or move the file, or point --data elsewhere.\n',
      );
    }
    process.exitCode = 1;
  }
}
