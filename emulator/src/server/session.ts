import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import {
  DEFAULT_QUERY,
  DatabaseError,
  isDefaultQuery,
  loadsAllData,
  parsePath,
  pathToString,
  queryIdentifier,
  queryParamsFromWire,
  type Path,
} from '../core/index.js';
import type { Databases } from './namespaces.js';
import { ANONYMOUS, OWNER, type Namespace, type Principal } from './database.js';
import {
  FrameAssembler,
  MESSAGE_TOO_LARGE_TEXT,
  MessageTooLargeError,
  OversizedMessage,
  WRITE_TOO_BIG_MESSAGE,
  encodeWebSocketMessage,
} from './frames.js';
import { Listen, type ListenSink, type SharedEncoding } from './listens.js';
import { EXPIRED_TOKEN_MESSAGE, ExpiredTokenError, TokenError, parseCredential } from './tokens.js';

const PROTOCOL_VERSION = '5';

// setTimeout fires at once for delays above 2^31-1 ms; a later expiry is re-armed in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;
/** How long a connection dropped over a too-large message may take to answer the close frame. */
const REFUSED_CLOSE_GRACE_MS = 1000;
/** Actions that write data: over MAX_WRITE_REQUEST_BYTES they are answered `write_too_big`. */
const WRITE_ACTIONS = new Set(['p', 'm', 'o', 'om']);
/** How the SDK starts a request (`{t:'d', d:{r, a, b}}` serialised in that order). */
const REQUEST_HEAD = /^\{"t":"d","d":\{"r":(\d+),"a":"(\w+)"/;

type IncomingMessage = { t?: unknown; d?: unknown };

/** Names of the request counters (Namespace.requestCounts) per wire action. */
const REQUEST_NAMES = new Map([
  ['q', 'listen'],
  ['n', 'unlisten'],
  ['p', 'set'],
  ['m', 'update'],
  ['g', 'get'],
  ['o', 'onDisconnect'],
  ['om', 'onDisconnect'],
  ['oc', 'onDisconnect'],
  ['auth', 'auth'],
  ['gauth', 'auth'],
  ['unauth', 'auth'],
  ['s', 'stats'],
]);

/** A write over MAX_WRITE_REQUEST_BYTES, discarded as it arrived: only its request number is known. */
export class OversizedWrite {
  constructor(readonly r: number) {}
}

/**
 * What is known of an oversized message: a write answers `write_too_big`; anything else that
 * large is no request of any SDK, and the connection is dropped (MessageTooLargeError).
 */
function oversizedWrite(message: OversizedMessage): OversizedWrite {
  const match = REQUEST_HEAD.exec(message.head);
  if (match && WRITE_ACTIONS.has(match[2])) return new OversizedWrite(Number(match[1]));
  throw new MessageTooLargeError('Incoming message over the write limit that is not a write');
}

type Body = Record<string, unknown>;
interface OnDisconnectOp {
  kind: 'set' | 'merge';
  path: string;
  data: unknown;
}

function wirePath(path: Path): string {
  return pathToString(path);
}

/** Translates any thrown error into a wire status and message. */
function errorStatus(error: unknown): { s: string; d: string } {
  if (error instanceof DatabaseError) return { s: error.code, d: error.message };
  if (error instanceof ExpiredTokenError) return { s: 'expired_token', d: error.message };
  if (error instanceof TokenError) return { s: 'invalid_token', d: error.message };
  return { s: 'error', d: error instanceof Error ? error.message : String(error) };
}

/** Where a session's outgoing messages go: a WebSocket, or a long-polling queue. */
export interface Transport {
  send(message: unknown, shared?: SharedEncoding): void;
  /** Ends the underlying connection (the session is ended by its owner). */
  close(): void;
}

/**
 * WebSocket transport: `ws` does the handshake, reading, pings and closing; outgoing messages are
 * written to the upgraded socket as ready-made WebSocket frames (frames over 16384 characters
 * split, as the SDK expects), one write per message. Writes go through the same stream as `ws`'s
 * own, so the order of everything sent on the connection is kept.
 */
export class WebSocketTransport implements Transport {
  private readonly assembler = new FrameAssembler();
  private refused = false;

  constructor(
    readonly socket: WebSocket,
    private readonly stream: Duplex,
  ) {}

  send(message: unknown, shared?: SharedEncoding): void {
    if (this.socket.readyState !== 1) return;
    // A push to many connections is serialised and framed once (see notify in database.ts).
    const wire = shared
      ? (shared.wire ??= encodeWebSocketMessage(JSON.stringify(message)))
      : encodeWebSocketMessage(JSON.stringify(message));
    this.stream.write(wire);
  }

  /**
   * Feeds one incoming frame of `frameBytes` UTF-8 bytes; returns the parsed message once complete
   * (null otherwise, and for anything after refuseMessage()). Throws on bad JSON, and
   * MessageTooLargeError for a message over the limit (then call refuseMessage()).
   */
  receive(frame: string, frameBytes?: number): IncomingMessage | OversizedWrite | null {
    if (this.refused) return null;
    const text = this.assembler.push(frame, frameBytes);
    if (text === null) return null;
    return typeof text === 'string' ? JSON.parse(text) : oversizedWrite(text);
  }

  /**
   * Drops the connection over a message too large to read: the server error production sends
   * (the SDK logs it as "Server Error: Write too large"), then a 1009 close ("message too big").
   * Frames still arriving are ignored; a client that does not answer the close is cut off.
   */
  refuseMessage(): void {
    if (this.refused) return;
    this.refused = true;
    this.send({ t: 'c', d: { t: 'e', d: MESSAGE_TOO_LARGE_TEXT } });
    this.socket.close(1009, 'Message too big');
    setTimeout(() => this.socket.terminate(), REFUSED_CLOSE_GRACE_MS).unref();
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * One client session speaking protocol v5: its auth, listens and onDisconnect ops. The transport can
 * change once (long polling upgraded to a WebSocket) without losing that state.
 */
export class ProtocolSession implements ListenSink {
  pushedWrite = 0;
  private principal: Principal = ANONYMOUS;
  /** Fires when the token of an authenticated connection expires; cleared on unauth, re-auth and close. */
  private expiryTimer: NodeJS.Timeout | null = null;
  private readonly statCounters = new Map<string, number>();
  private readonly listens = new Map<string, Listen>();
  private onDisconnectOps: OnDisconnectOp[] = [];
  private closed = false;
  readonly sessionId = randomBytes(12).toString('hex');
  private readonly ns: Namespace;

  constructor(
    private transport: Transport,
    databases: Databases,
    nsName: string,
    readonly host: string,
    private readonly log: (line: string) => void,
    private readonly onEnded: (session: ProtocolSession) => void = () => {},
  ) {
    this.ns = databases.get(nsName);
  }

  get isClosed(): boolean {
    return this.closed;
  }

  helloMessage(): unknown {
    return { t: 'c', d: { t: 'h', d: { ts: Date.now(), v: PROTOCOL_VERSION, h: this.host, s: this.sessionId } } };
  }

  sayHello(): void {
    this.send(this.helloMessage());
  }

  setTransport(transport: Transport): void {
    this.transport = transport;
  }

  private readonly principalFn = (): Principal => this.principal;

  private send(message: unknown, shared?: SharedEncoding): void {
    if (this.closed) return;
    this.transport.send(message, shared);
  }

  // ListenSink -------------------------------------------------------------------------------------
  set(path: Path, data: unknown, tag?: number, shared?: SharedEncoding): void {
    if (tag === undefined && shared) {
      // Every connection that gets this push gets the same message: built once, not per listener.
      this.send((shared.message ??= { t: 'd', d: { a: 'd', b: { p: wirePath(path), d: data } } }), shared);
      return;
    }
    const b: Body = { p: wirePath(path), d: data };
    if (tag !== undefined) b.t = tag;
    this.send({ t: 'd', d: { a: 'd', b } });
  }

  merge(path: Path, data: Record<string, unknown>, shared?: SharedEncoding): void {
    const build = () => ({ t: 'd', d: { a: 'm', b: { p: wirePath(path), d: data } } });
    this.send(shared ? (shared.message ??= build()) : build(), shared);
  }

  revoked(listen: Listen): void {
    this.listens.delete(this.listenKey(pathToString(listen.path), listen.queryId));
    const b: Body = { p: wirePath(listen.path) };
    if (!listen.isDefault) b.q = [listen.queryObject];
    this.send({ t: 'd', d: { a: 'c', b } });
  }

  // Incoming -------------------------------------------------------------------------------------
  /**
   * Handles one complete incoming message (envelope `{t, d}`), or answers a write over
   * production's 16 MB limit for SDK writes with `write_too_big`, as production does.
   */
  receive(message: IncomingMessage | OversizedWrite): void {
    if (this.closed) return;
    if (message instanceof OversizedWrite) {
      this.respond(message.r, { s: 'write_too_big', d: WRITE_TOO_BIG_MESSAGE });
      return;
    }
    if (message.t === 'c') {
      const control = message.d as { t?: string } | undefined;
      if (control?.t === 'p') this.send({ t: 'c', d: { t: 'o', d: {} } });
      return;
    }
    if (message.t !== 'd' || message.d === null || typeof message.d !== 'object') return;
    const { r, a, b } = message.d as { r?: number; a?: string; b?: Body };
    this.countRequest(String(a), b);
    try {
      this.onRequest(r, String(a), (b ?? {}) as Body);
    } catch (error) {
      this.respond(r, errorStatus(error));
    }
  }

  /** Counts a request under a readable name; a write with a hash is a transaction attempt. */
  private countRequest(action: string, b: Body | undefined): void {
    const name = REQUEST_NAMES.get(action) ?? action;
    const kind = (action === 'p' || action === 'm') && typeof b?.h === 'string' ? 'transaction' : name;
    this.ns.requestCounts.set(kind, (this.ns.requestCounts.get(kind) ?? 0) + 1);
  }

  private respond(r: number | undefined, body: { s: string; d?: unknown }): void {
    if (body.s === 'datastale')
      this.ns.requestCounts.set('datastale', (this.ns.requestCounts.get('datastale') ?? 0) + 1);
    if (r === undefined) return;
    this.send({ t: 'd', d: { r, b: body } });
  }

  private settle(r: number | undefined, durable: Promise<void>): void {
    durable.then(
      () => this.respond(r, { s: 'ok', d: '' }),
      (error) => {
        this.log(`rtdb: write failed to persist: ${error instanceof Error ? error.message : String(error)}`);
        this.respond(r, errorStatus(error));
      },
    );
  }

  private listenKey(pathString: string, queryId: string): string {
    return `${queryId}\u0000${pathString}`;
  }

  private onRequest(r: number | undefined, action: string, b: Body): void {
    switch (action) {
      case 'q': {
        const path = parsePath(String(b.p ?? '/'));
        const params =
          b.q && typeof b.q === 'object' ? queryParamsFromWire(b.q as Record<string, unknown>) : DEFAULT_QUERY;
        // A query that loads all data behaves like a default listen (the SDK does the same).
        const isDefault = isDefaultQuery(params) || (b.t === undefined && loadsAllData(params));
        const queryId = isDefault ? 'default' : queryIdentifier(params);
        const key = this.listenKey(pathToString(path), queryId);
        const previous = this.listens.get(key);
        if (previous) this.ns.unlisten(previous);
        const tag = typeof b.t === 'number' ? b.t : undefined;
        const listen = new Listen(
          this,
          this.principalFn,
          path,
          params,
          isDefault,
          queryId,
          b.q ?? {},
          isDefault ? undefined : tag,
        );
        this.listens.delete(key);
        this.ns.listen(listen, typeof b.h === 'string' ? b.h : undefined);
        this.listens.set(key, listen);
        const warnings = !isDefault && this.ns.missingIndex(path, params) ? { w: ['no_index'] } : {};
        this.respond(r, { s: 'ok', d: warnings });
        return;
      }
      case 'n': {
        const path = parsePath(String(b.p ?? '/'));
        const params =
          b.q && typeof b.q === 'object' ? queryParamsFromWire(b.q as Record<string, unknown>) : DEFAULT_QUERY;
        const isDefault = isDefaultQuery(params) || (b.t === undefined && loadsAllData(params));
        const key = this.listenKey(pathToString(path), isDefault ? 'default' : queryIdentifier(params));
        const listen = this.listens.get(key);
        if (listen) {
          this.listens.delete(key);
          this.ns.unlisten(listen);
        }
        this.respond(r, { s: 'ok', d: '' });
        return;
      }
      case 'p':
        this.settle(
          r,
          this.ns.set(this.principal, String(b.p ?? '/'), b.d === undefined ? null : b.d, {
            hash: typeof b.h === 'string' ? b.h : undefined,
          }),
        );
        return;
      case 'm':
        this.settle(
          r,
          this.ns.merge(this.principal, String(b.p ?? '/'), b.d, { hash: typeof b.h === 'string' ? b.h : undefined }),
        );
        return;
      case 'g': {
        const path = parsePath(String(b.p ?? '/'));
        const params =
          b.q && typeof b.q === 'object' ? queryParamsFromWire(b.q as Record<string, unknown>) : DEFAULT_QUERY;
        const node = this.ns.read(this.principal, path, params);
        this.respond(r, { s: 'ok', d: node.val(true) });
        return;
      }
      case 'o':
      case 'om': {
        const kind = action === 'o' ? 'set' : 'merge';
        const pathString = String(b.p ?? '/');
        const data = b.d === undefined ? null : b.d;
        this.ns.checkWrite(this.principal, kind, pathString, data);
        this.onDisconnectOps.push({ kind, path: pathString, data });
        this.respond(r, { s: 'ok', d: '' });
        return;
      }
      case 'oc': {
        const cancelled = parsePath(String(b.p ?? '/'));
        this.onDisconnectOps = this.onDisconnectOps.filter((op) => {
          let opPath: Path;
          try {
            opPath = parsePath(op.path.replace(/\/\.priority\/*$/, ''));
          } catch {
            return true;
          }
          return !(cancelled.length <= opPath.length && cancelled.every((k, i) => opPath[i] === k));
        });
        this.respond(r, { s: 'ok', d: '' });
        return;
      }
      case 'auth':
      case 'gauth': {
        const credential = parseCredential(b.cred);
        if (credential.kind === 'owner') {
          // The Admin SDK may ask to act as a given user (databaseAuthVariableOverride) or as nobody.
          if (b.noauth === true) this.principal = ANONYMOUS;
          else if (b.authvar && typeof b.authvar === 'object') {
            const authvar = b.authvar as Record<string, unknown>;
            this.principal = {
              owner: false,
              auth: {
                uid: String(authvar.uid ?? ''),
                token: authvar,
                ...(typeof authvar.provider === 'string' ? { provider: authvar.provider } : {}),
              },
            };
          } else this.principal = OWNER;
          this.respond(r, { s: 'ok', d: { auth: null, admin: true } });
          this.clearExpiry();
        } else {
          this.principal = { owner: false, auth: credential.auth };
          this.respond(r, { s: 'ok', d: { auth: credential.claims, expires: credential.expires } });
          this.armExpiry(credential.expiresAt);
        }
        this.ns.recheckListens([...this.listens.values()]);
        return;
      }
      case 'unauth':
        this.clearExpiry();
        this.principal = ANONYMOUS;
        this.respond(r, { s: 'ok', d: '' });
        this.ns.recheckListens([...this.listens.values()]);
        return;
      case 'appcheck':
      case 'unappeck':
      case 'unappcheck':
        this.respond(r, { s: 'ok', d: '' });
        return;
      case 's':
        this.recordStats(b.c);
        this.respond(r, { s: 'ok', d: '' });
        return;
      default:
        this.respond(r, { s: 'invalid_action', d: `Unknown action "${action}"` });
    }
  }

  /**
   * The SDK's StatsReporter sends `{c: {name: delta}}` with the increments since its last report;
   * the totals are summed per connection. Non-numeric entries are ignored (the real server only acks).
   */
  private recordStats(counters: unknown): void {
    if (counters === null || typeof counters !== 'object' || Array.isArray(counters)) return;
    for (const [name, delta] of Object.entries(counters as Record<string, unknown>)) {
      if (typeof delta !== 'number' || !Number.isFinite(delta)) continue;
      this.statCounters.set(name, (this.statCounters.get(name) ?? 0) + delta);
    }
  }

  /** The stats counters this connection reported, summed. */
  get stats(): ReadonlyMap<string, number> {
    return this.statCounters;
  }

  private clearExpiry(): void {
    if (this.expiryTimer !== null) clearTimeout(this.expiryTimer);
    this.expiryTimer = null;
  }

  private armExpiry(expiresAt: number | null): void {
    this.clearExpiry();
    if (expiresAt === null) return;
    const delay = expiresAt - Date.now();
    this.expiryTimer = setTimeout(
      () => {
        this.expiryTimer = null;
        if (Date.now() < expiresAt) this.armExpiry(expiresAt);
        else this.authExpired();
      },
      Math.max(0, Math.min(delay, MAX_TIMER_MS)),
    );
    this.expiryTimer.unref();
  }

  /**
   * The connection's token expired: tell the client (`ac`, as the real server does; the SDK then
   * reconnects with a fresh token), continue unauthenticated, and cancel the listens that this
   * loses. `ac` goes first so the SDK treats the cancellations as part of the re-auth, not as errors.
   */
  private authExpired(): void {
    if (this.closed) return;
    this.principal = ANONYMOUS;
    this.send({ t: 'd', d: { a: 'ac', b: { s: 'expired_token', d: EXPIRED_TOKEN_MESSAGE } } });
    this.ns.recheckListens([...this.listens.values()]);
  }

  /** The client is gone: drop its listens and run its onDisconnect ops as that user. */
  end(): void {
    if (this.closed) return;
    this.closed = true;
    this.clearExpiry();
    this.onEnded(this);
    for (const listen of this.listens.values()) this.ns.unlisten(listen);
    this.listens.clear();
    const ops = this.onDisconnectOps;
    this.onDisconnectOps = [];
    for (const op of ops) {
      try {
        const durable =
          op.kind === 'set'
            ? this.ns.set(this.principal, op.path, op.data)
            : this.ns.merge(this.principal, op.path, op.data);
        durable.catch((error) =>
          this.log(`rtdb: onDisconnect write at ${op.path} failed to persist: ${String(error)}`),
        );
      } catch (error) {
        this.log(`rtdb: onDisconnect ${op.kind} at ${op.path} refused: ${errorStatus(error).s}`);
      }
    }
  }

  /** Server shutdown: run the onDisconnect ops now, while the store is still open. */
  close(): void {
    this.end();
    this.transport.close();
  }
}
