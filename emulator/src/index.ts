import { readFile } from 'node:fs/promises';
import { nodeFromJSON } from './core/index.js';
import { OPEN_RULES_SOURCE } from './rules/index.js';
import { openDurableStore, importDatabases, type DurableStore, type RepairReport } from './persistence/index.js';
import { compileRulesState, type RulesState } from './server/database.js';
import { Databases } from './server/namespaces.js';
import { createRtdbServer } from './server/http.js';
import { createLatencyProxy, defaultJitter, validateLatency, type LatencyProxy } from './server/latency.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** path of a database.rules.json (comments allowed) */
  rules?: string;
  /** rules text; wins over `rules` */
  rulesSource?: string;
  /** durable data directory; without it the emulator is in-memory */
  dataDir?: string;
  /** a `firebase emulators:export` directory to load at start */
  importDir?: string;
  log?: (line: string) => void;
  /** namespace for requests that name none (no `ns` parameter, no Host subdomain) */
  defaultNamespace?: string;
  /**
   * With `dataDir`: a damaged journal is cut back to its last good record instead of refusing to
   * start (the originals are kept in `<dataDir>/repair-<time>/`); `repaired` says what was dropped.
   */
  repair?: boolean;
  /**
   * Simulated network delay in ms added to every message in each direction (a round trip costs
   * twice this), so production's round trips can be reproduced locally. 0 or absent: none.
   */
  latencyMs?: number;
  /** Each message's delay is latencyMs ± this (uniform); defaults to a quarter of latencyMs. */
  latencyJitterMs?: number;
}

export interface RunningEmulator {
  port: number;
  host: string;
  url: string;
  /** What `repair` dropped from the journal at start; null when nothing needed repairing. */
  repaired: RepairReport | null;
  close(): Promise<void>;
}

/** One line on what a repair dropped, for logs. */
export function describeRepair(report: RepairReport): string {
  const records = `${report.droppedRecords} ${report.droppedRecords === 1 ? 'record' : 'records'}`;
  const files = report.droppedFiles.length > 0 ? ` and ${report.droppedFiles.length} newer journal file(s)` : '';
  return (
    `repaired the journal: dropped ${records} (${report.droppedBytes} bytes) from ${report.file} at byte ${report.offset} (${report.problem})${files}; ` +
    `the original files are kept in ${report.backupDir}`
  );
}

/** A start-up problem the CLI reports as one line (port in use, bad rules, unreadable data). */
export class EmulatorStartError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'EmulatorStartError';
  }
}

async function loadRules(options: EmulatorOptions): Promise<RulesState> {
  let text = OPEN_RULES_SOURCE;
  let origin = 'the default rules';
  if (options.rulesSource !== undefined) {
    text = options.rulesSource;
    origin = 'the given rules';
  } else if (options.rules) {
    origin = options.rules;
    try {
      text = await readFile(options.rules, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new EmulatorStartError(`Cannot read the rules file ${options.rules}${code ? ` (${code})` : ''}`, error);
    }
  }
  try {
    return compileRulesState(text);
  } catch (error) {
    throw new EmulatorStartError(
      `Invalid rules in ${origin}: ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const host = options.host ?? '127.0.0.1';
  const requestedPort = options.port ?? 9000;
  const log = options.log ?? (() => {});
  const rules = await loadRules(options);
  const latency = options.latencyMs
    ? { latencyMs: options.latencyMs, jitterMs: options.latencyJitterMs ?? defaultJitter(options.latencyMs) }
    : null;
  if (latency) {
    try {
      validateLatency(latency);
    } catch (error) {
      throw new EmulatorStartError((error as Error).message, error);
    }
  }

  let store: DurableStore | null = null;
  // CorruptDataError propagates: never start empty over data.
  if (options.dataDir) store = await openDurableStore(options.dataDir, { repair: options.repair === true });
  if (store?.repaired) log(`rtdb: ${describeRepair(store.repaired)}`);
  try {
    const databases = new Databases(rules, store);
    if (store) for (const [ns, json] of store.initial) databases.get(ns).root = nodeFromJSON(json);
    if (options.importDir) {
      let imported: Map<string, unknown>;
      try {
        imported = await importDatabases(options.importDir);
      } catch (error) {
        throw new EmulatorStartError(
          `Cannot import ${options.importDir}: ${error instanceof Error ? error.message : String(error)}`,
          error,
        );
      }
      await Promise.all([...imported].map(([ns, json]) => databases.get(ns).replaceRoot(json)));
    }
    store?.setSnapshotSource(() => databases.snapshot());

    const rtdb = createRtdbServer({ databases, log, defaultNamespace: options.defaultNamespace ?? 'default' });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: NodeJS.ErrnoException): void => {
        if (error.code === 'EADDRINUSE') {
          reject(
            new EmulatorStartError(
              `Port ${requestedPort} on ${host} is already in use. Stop the process using it (e.g. \`lsof -i :${requestedPort}\`) or choose another port with --port.`,
              error,
            ),
          );
        } else if (error.code === 'EACCES') {
          reject(
            new EmulatorStartError(
              `Not allowed to listen on ${host}:${requestedPort} (EACCES); choose a port above 1024 with --port.`,
              error,
            ),
          );
        } else if (error.code === 'EADDRNOTAVAIL') {
          reject(
            new EmulatorStartError(`Cannot listen on host ${host} (EADDRNOTAVAIL); choose another --host.`, error),
          );
        } else reject(error);
      };
      // With latency, the database listens on a loopback port of its own and the requested port
      // belongs to the delaying proxy in front of it.
      rtdb.server.once('error', onError);
      rtdb.server.listen(latency ? 0 : requestedPort, latency ? '127.0.0.1' : host, () => {
        rtdb.server.off('error', onError);
        resolve();
      });
    });
    let proxy: LatencyProxy | null = null;
    if (latency) {
      const inner = rtdb.server.address();
      const front = createLatencyProxy(
        { host: '127.0.0.1', port: typeof inner === 'object' && inner ? inner.port : 0 },
        latency,
      );
      proxy = front;
      await new Promise<void>((resolve, reject) => {
        front.server.once('error', (error: NodeJS.ErrnoException) => {
          rtdb.closeConnections();
          rtdb.server.close();
          reject(
            error.code === 'EADDRINUSE'
              ? new EmulatorStartError(
                  `Port ${requestedPort} on ${host} is already in use. Stop the process using it (e.g. \`lsof -i :${requestedPort}\`) or choose another port with --port.`,
                  error,
                )
              : error,
          );
        });
        front.server.listen(requestedPort, host, () => resolve());
      });
    }
    const address = (proxy?.server ?? rtdb.server).address();
    const port = typeof address === 'object' && address ? address.port : requestedPort;
    let closing: Promise<void> | null = null;
    return {
      port,
      host,
      url: formatUrl(host, port),
      repaired: store?.repaired ?? null,
      close(): Promise<void> {
        closing ??= (async () => {
          if (proxy) {
            proxy.closeConnections();
            await new Promise<void>((resolve) => proxy!.server.close(() => resolve()));
          }
          rtdb.closeConnections();
          await new Promise<void>((resolve) => rtdb.server.close(() => resolve()));
          await store?.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await store?.close().catch(() => {});
    throw error;
  }
}

export { CorruptDataError, type RepairReport } from './persistence/index.js';
