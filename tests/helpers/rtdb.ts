// Shared plumbing for the portable Realtime Database conformance suite.
//
// The suite talks to a server only through the official SDKs and plain HTTP. This file is the one
// place that knows where that server comes from: when RTDB_EMULATOR_HOST=host:port is set, the tests
// run against that server (for example the official emulator on a machine where it can run);
// otherwise each test file starts its own instance of our emulator on a free port.
import { randomBytes } from 'node:crypto';
import { initializeApp as initializeWebApp, deleteApp as deleteWebApp, onLog, type FirebaseApp } from 'firebase/app';
import {
  getDatabase as getWebDatabase,
  connectDatabaseEmulator,
  goOffline,
  ref as webRef,
  onValue,
  type Database as WebDatabase,
  type DataSnapshot,
  type Query,
} from 'firebase/database';
import {
  initializeApp as initializeAdminApp,
  deleteApp as deleteAdminApp,
  type App as AdminApp,
} from 'firebase-admin/app';
import { getDatabase as getAdminDatabase, type Database as AdminDatabase } from 'firebase-admin/database';
import { createMockUserToken } from '@firebase/util';

const OPEN_RULES = JSON.stringify({ rules: { '.read': true, '.write': true } });

export interface RtdbTarget {
  host: string;
  port: number;
  /** "host:port" */
  hostPort: string;
  /** http://host:port */
  origin: string;
  /** true when RTDB_EMULATOR_HOST names a server this suite did not start */
  external: boolean;
  close(): Promise<void>;
}

interface StartedEmulator {
  port: number;
  host: string;
  url: string;
  close(): Promise<void>;
}
type StartEmulator = (options: {
  port?: number;
  host?: string;
  rulesSource?: string;
  dataDir?: string;
}) => Promise<StartedEmulator>;

async function loadStartEmulator(): Promise<StartEmulator> {
  // The built package first (what users get); the dist path for a tree where the workspace link
  // points somewhere unexpected. Both are the package's public entry point, never its internals.
  // RTDB_EMULATOR_ENTRY names another entry (e.g. emulator/src/index.ts, which vitest compiles on
  // the fly) for working on the emulator without rebuilding it.
  const override = process.env.RTDB_EMULATOR_ENTRY?.trim();
  const candidates = override
    ? [new URL(`../../${override.replace(/^\.\//, '')}`, import.meta.url).href]
    : ['@panel/rtdb-emulator', '../../emulator/dist/index.js'];
  const errors: string[] = [];
  for (const specifier of candidates) {
    try {
      const mod = (await import(/* @vite-ignore */ specifier)) as { startEmulator?: StartEmulator };
      if (typeof mod.startEmulator === 'function') return mod.startEmulator;
      errors.push(`${specifier}: no startEmulator export`);
    } catch (error) {
      errors.push(`${specifier}: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  throw new Error(
    `Cannot load startEmulator (build the emulator with "npm run build -w emulator"):\n${errors.join('\n')}`,
  );
}

export function externalHost(): string | undefined {
  const value = process.env.RTDB_EMULATOR_HOST?.trim();
  return value ? value : undefined;
}

/** Starts (or, with RTDB_EMULATOR_HOST, attaches to) the server under test. */
export async function startTarget(): Promise<RtdbTarget> {
  // The helpers pass the server's address explicitly; a stray FIREBASE_DATABASE_EMULATOR_HOST
  // would silently send the Admin SDK somewhere else.
  delete process.env.FIREBASE_DATABASE_EMULATOR_HOST;
  const external = externalHost();
  if (external) {
    const url = new URL(`http://${external}`);
    const host = url.hostname;
    const port = Number(url.port || '80');
    return {
      host,
      port,
      hostPort: `${host}:${port}`,
      origin: `http://${host}:${port}`,
      external: true,
      close: async () => {},
    };
  }
  const startEmulator = await loadStartEmulator();
  const emulator = await startEmulator({ port: 0, host: '127.0.0.1' });
  const host = emulator.host || '127.0.0.1';
  return {
    host,
    port: emulator.port,
    hostPort: `${host}:${emulator.port}`,
    origin: `http://${host}:${emulator.port}`,
    external: false,
    close: () => emulator.close(),
  };
}

/** A namespace no other test file uses, so files can run in parallel against one server. */
export function uniqueNs(label: string): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 20);
  return `conf-${clean}-${randomBytes(4).toString('hex')}`;
}

let appCounter = 0;
function appName(label: string): string {
  appCounter += 1;
  return `conf-${label}-${process.pid}-${appCounter}-${randomBytes(3).toString('hex')}`;
}

export interface WebClient {
  app: FirebaseApp;
  db: WebDatabase;
  close(): Promise<void>;
}

/**
 * A web SDK client (`firebase/database`) on its own app instance, which means its own connection.
 * `uid` signs it in with an emulator token (an unsigned JWT, as the Auth emulator issues).
 */
export function webClient(
  target: RtdbTarget,
  ns: string,
  options: { uid?: string; claims?: Record<string, unknown> } = {},
): WebClient {
  const app = initializeWebApp({ projectId: ns, apiKey: 'fake-api-key' }, appName('web'));
  const db = getWebDatabase(app, `https://${ns}.firebaseio.com`);
  const mockUserToken = options.uid ? { user_id: options.uid, sub: options.uid, ...(options.claims ?? {}) } : undefined;
  connectDatabaseEmulator(db, target.host, target.port, mockUserToken ? { mockUserToken } : {});
  return closable(app, db, async () => {
    goOffline(db);
    await deleteWebApp(app);
  });
}

/**
 * A client whose `close` does its work the first time only (a test may close what closeAll closes
 * again).
 */
function closable<App, Db>(app: App, db: Db, close: () => Promise<void>): { app: App; db: Db; close(): Promise<void> } {
  let closed = false;
  return {
    app,
    db,
    async close() {
      if (closed) return;
      closed = true;
      await close();
    },
  };
}

export interface AdminClient {
  app: AdminApp;
  db: AdminDatabase;
  close(): Promise<void>;
}

/** Runs `use` with a web client of its own (its own connection, no cache) and closes it afterwards. */
export async function withWebClient<T>(
  target: RtdbTarget,
  ns: string,
  use: (client: WebClient) => Promise<T>,
): Promise<T> {
  const client = webClient(target, ns);
  try {
    return await use(client);
  } finally {
    await client.close();
  }
}

/** A firebase-admin client; against an emulator URL (http, ?ns=) it authenticates as `owner`. */
export function adminClient(target: RtdbTarget, ns: string): AdminClient {
  const app = initializeAdminApp({ projectId: ns, databaseURL: `${target.origin}?ns=${ns}` }, appName('admin'));
  const db = getAdminDatabase(app);
  return closable(app, db, async () => {
    db.goOffline();
    await deleteAdminApp(app);
  });
}

/** An emulator ID token for REST `auth=` / `Authorization: Bearer` (same shape the SDKs send). */
export function mockIdToken(ns: string, uid: string, claims: Record<string, unknown> = {}): string {
  return createMockUserToken({ user_id: uid, sub: uid, ...claims } as Parameters<typeof createMockUserToken>[0], ns);
}

/** The REST URL of `path` in namespace `ns`, with query parameters as given (values used verbatim). */
export function restUrl(target: RtdbTarget, ns: string, path: string, params: Record<string, string> = {}): string {
  const clean = path.replace(/^\/+|\/+$/g, '');
  const url = new URL(`${target.origin}/${clean}.json`);
  url.searchParams.set('ns', ns);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export async function rest(
  target: RtdbTarget,
  ns: string,
  method: string,
  path: string,
  options: { body?: unknown; rawBody?: string; params?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await fetch(restUrl(target, ns, path, options.params), { method, body, headers: options.headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON (e.g. an HTML error page): callers look at `text`.
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Loads rules for one namespace the way rules-unit-testing and the Admin SDK do. */
export async function putRules(
  target: RtdbTarget,
  ns: string,
  rules: string,
): Promise<{ status: number; text: string }> {
  const response = await fetch(`${target.origin}/.settings/rules.json?ns=${encodeURIComponent(ns)}`, {
    method: 'PUT',
    headers: { Authorization: 'Bearer owner' },
    body: rules,
  });
  return { status: response.status, text: await response.text() };
}

export async function openNamespace(target: RtdbTarget, ns: string, rules = OPEN_RULES): Promise<void> {
  const result = await putRules(target, ns, rules);
  if (result.status !== 200) throw new Error(`PUT /.settings/rules.json failed: ${result.status} ${result.text}`);
}

/** What a conformance file works against: the target, a namespace of its own and an Admin SDK client on it. */
interface NamespaceUnderTest {
  target: RtdbTarget;
  ns: string;
  admin: AdminClient;
}

/**
 * The set-up the conformance files share (in their beforeAll): the target under test, a namespace no
 * other file uses — open to everyone, or with `rules` loaded — and an Admin SDK client on it.
 */
export async function namespaceUnderTest(label: string, rules = OPEN_RULES): Promise<NamespaceUnderTest> {
  const target = await startTarget();
  const ns = uniqueNs(label);
  await openNamespace(target, ns, rules);
  return { target, ns, admin: adminClient(target, ns) };
}

/** Closes the clients, then the target (in afterAll); what a failed beforeAll left undefined is skipped. */
export async function closeAll(
  target: RtdbTarget | undefined,
  ...clients: Array<{ close(): Promise<void> } | undefined>
): Promise<void> {
  await Promise.all(clients.map((client) => client?.close()));
  await target?.close();
}

/** Resolves once `predicate` holds; the test timeout bounds the wait (no timed assertion). */
export async function waitUntil(predicate: () => boolean, what: string, signal?: { failed?: Error }): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (signal?.failed) throw signal.failed;
    if (Date.now() - started > 20_000) throw new Error(`Timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Waits for the first value event of `query` that satisfies `predicate`. */
export function nextValue(
  query: Query,
  predicate: (snapshot: DataSnapshot) => boolean = () => true,
): Promise<DataSnapshot> {
  return new Promise((resolve, reject) => {
    let done = false;
    const unsubscribe: () => void = onValue(
      query,
      (snapshot) => {
        if (done || !predicate(snapshot)) return;
        done = true;
        // The first callback can fire synchronously inside onValue, before unsubscribe exists.
        queueMicrotask(() => unsubscribe());
        resolve(snapshot);
      },
      (error) => {
        done = true;
        reject(error);
      },
    );
  });
}

/**
 * A delivery barrier between a writer and a listening client: write a fresh token through the
 * writer and wait until the listener's connection has delivered it. The server handles a connection's
 * messages in order, so everything the writer wrote before the token has been pushed to the listener
 * by then. This is what lets query-window tests assert "after this write the window is exactly X"
 * without timing assumptions.
 */
export class Barrier {
  private seen = -1;
  private next = 0;
  private unsubscribe?: () => void;
  constructor(
    private readonly listener: WebDatabase,
    private readonly write: (path: string, value: number) => Promise<unknown>,
    private readonly path = `__barrier/${randomBytes(4).toString('hex')}`,
  ) {}

  async start(): Promise<void> {
    await this.write(this.path, 0);
    this.unsubscribe = onValue(webRef(this.listener, this.path), (snapshot) => {
      const value = snapshot.val();
      if (typeof value === 'number') this.seen = value;
    });
    await waitUntil(() => this.seen === 0, 'barrier listener attached');
  }

  async sync(): Promise<void> {
    this.next += 1;
    const token = this.next;
    await this.write(this.path, token);
    await waitUntil(() => this.seen >= token, `barrier ${token} delivered`);
  }

  stop(): void {
    this.unsubscribe?.();
  }
}

/** A string of `length` characters that does not compress into a repeated pattern. */
export function bigString(length: number, seed = 'x'): string {
  const chunk = randomBytes(Math.ceil(length / 2)).toString('hex');
  return (seed + chunk).slice(0, length);
}

/** Error code of a rejected SDK call, normalised across the web and compat SDKs. */
export function errorText(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return `${e?.code ?? ''} ${e?.message ?? String(error)}`.toLowerCase();
}

/**
 * Collects the web SDK's "Using an unspecified index" warnings, which it logs when the server's
 * listen answer carries `no_index`. Call `stop()` (in a finally) to detach the log handler.
 */
export function captureIndexWarnings(): { warnings: string[]; stop: () => void } {
  const warnings: string[] = [];
  onLog(
    (entry) => {
      const text = entry.args.map(String).join(' ');
      if (text.includes('Using an unspecified index')) warnings.push(text);
    },
    { level: 'warn' },
  );
  return { warnings, stop: () => onLog(null) };
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/**
 * Reads a REST event stream (`Accept: text/event-stream`) as its chunks arrive: each complete block
 * (ended by a blank line) goes into `events` as its event name and its data, parsed as JSON where it
 * is JSON (some events, such as auth_revoked, may carry plain text).
 */
export function eventStreamReader(events: StreamEvent[]): (chunk: Uint8Array) => void {
  const decoder = new TextDecoder();
  let buffer = '';
  return (chunk) => {
    buffer += decoder.decode(chunk, { stream: true });
    let split: number;
    while ((split = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, split);
      buffer = buffer.slice(split + 2);
      const dataLine = /^data: ?(.*)$/m.exec(block)?.[1] ?? 'null';
      let data: unknown = dataLine;
      try {
        data = JSON.parse(dataLine);
      } catch {
        // Plain text: kept as it came.
      }
      events.push({ event: /^event: ?(.*)$/m.exec(block)?.[1] ?? '', data });
    }
  };
}
