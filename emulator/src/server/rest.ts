import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  DEFAULT_QUERY,
  DatabaseError,
  isDefaultQuery,
  loadsAllData,
  parsePath,
  pathToString,
  queryParamsFromRest,
  setJsonProperty,
  type Path,
  type QueryParams,
} from '../core/index.js';
import { ANONYMOUS, OWNER, type Principal } from './database.js';
import type { Databases } from './namespaces.js';
import { Listen, type ListenSink } from './listens.js';
import { nextPushId } from './pushid.js';
import { WRITE_TOO_BIG_MESSAGE } from './frames.js';
import { EXPIRED_TOKEN_MESSAGE, TokenError, parseCredential, restCredential } from './tokens.js';

/** Production accepts a single write request of up to 256 MB through the REST API. */
const MAX_REST_WRITE_BYTES = 256 * 1024 * 1024;
const QUERY_KEYS = ['orderBy', 'startAt', 'startAfter', 'endAt', 'endBefore', 'equalTo', 'limitToFirst', 'limitToLast'];
const SSE_KEEPALIVE_MS = 30_000;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface RestTarget {
  kind: 'data' | 'rules';
  /** the raw path string ('/a/b'), for writes that may end in /.priority */
  pathString: string;
}

/** Splits `/a/b%20c.json` into a path string; null when the URL is not a REST resource. */
export function parseRestPath(pathname: string): RestTarget | null {
  if (!pathname.endsWith('.json')) return null;
  const bare = pathname.slice(0, -'.json'.length);
  if (bare === '/.settings/rules') return { kind: 'rules', pathString: '/' };
  let segments: string[];
  try {
    segments = bare
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw new HttpError(400, 'Invalid path: Invalid token in path');
  }
  return { kind: 'data', pathString: '/' + segments.join('/') };
}

/**
 * The principal of a REST request (owner, an emulator user token, or anonymous) and when its token
 * expires (ms since the epoch; null when never). An invalid or expired token is a 401.
 */
function restAuth(
  search: URLSearchParams,
  authorization: string | undefined,
): { principal: Principal; expiresAt: number | null } {
  const cred = restCredential(search, authorization);
  if (cred === null) return { principal: ANONYMOUS, expiresAt: null };
  try {
    const parsed = parseCredential(cred);
    return parsed.kind === 'owner'
      ? { principal: OWNER, expiresAt: null }
      : { principal: { owner: false, auth: parsed.auth }, expiresAt: parsed.expiresAt };
  } catch (error) {
    if (error instanceof TokenError) throw new HttpError(401, error.message);
    throw error;
  }
}

export function restPrincipal(search: URLSearchParams, authorization: string | undefined): Principal {
  return restAuth(search, authorization).principal;
}

export function restQuery(search: URLSearchParams): QueryParams {
  const hasQuery = QUERY_KEYS.some((key) => search.has(key));
  if (!hasQuery) return DEFAULT_QUERY;
  if (search.get('shallow') === 'true')
    throw new HttpError(400, "Mixing 'shallow' and querying parameters is not supported");
  return queryParamsFromRest(search);
}

export function shallowValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, true> = {};
  for (const key of Object.keys(value as Record<string, unknown>))
    if (!key.startsWith('.')) setJsonProperty(out, key, true);
  return out;
}

export function formatBody(value: unknown, print: string | null): string {
  return print === 'pretty' ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

/** How long the rest of a refused body is read and discarded before its connection is closed. */
const REFUSED_BODY_LINGER_MS = 2_000;

/**
 * The request body, up to MAX_REST_WRITE_BYTES. A larger one (announced by Content-Length, or
 * counted as it streams in) is refused with production's answer, a 400 with `WRITE_TOO_BIG_MESSAGE`,
 * as soon as it is known: what was read is released, and the rest is read and discarded for a while
 * before the connection is closed (a lingering close, RFC 9112 §9.6). Closing at once while the
 * client is still sending makes the kernel answer its next bytes with a reset, and the client can
 * lose the answer with it.
 */
function readBody(req: IncomingMessage, res: ServerResponse): Promise<string> {
  return new Promise((resolve, reject) => {
    const tooBig = (): void => {
      res.once('finish', () => {
        req.resume();
        if (req.complete) return;
        const linger = setTimeout(() => req.socket.destroy(), REFUSED_BODY_LINGER_MS);
        linger.unref();
        req.once('end', () => clearTimeout(linger));
        req.once('close', () => clearTimeout(linger));
      });
      reject(new HttpError(400, WRITE_TOO_BIG_MESSAGE));
    };
    const announced = Number(req.headers['content-length']);
    if (announced > MAX_REST_WRITE_BYTES) {
      tooBig();
      return;
    }
    let chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > MAX_REST_WRITE_BYTES) {
        chunks = [];
        req.off('data', onData);
        tooBig();
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, "Invalid data; couldn't parse JSON object, array, or value.");
  }
}

function send(
  res: ServerResponse,
  status: number,
  value: unknown,
  print: string | null,
  extraHeaders: Record<string, string> = {},
): void {
  if (print === 'silent' && status < 300) {
    res.writeHead(204, extraHeaders);
    res.end();
    return;
  }
  const body = formatBody(value, print);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    ...extraHeaders,
  });
  res.end(body);
}

export function sendError(res: ServerResponse, error: unknown, print: string | null = null): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  let status = 500;
  let message = error instanceof Error ? error.message : String(error);
  if (error instanceof HttpError) status = error.status;
  else if (error instanceof DatabaseError) {
    status = error.code === 'permission_denied' ? 401 : error.code === 'datastale' ? 412 : 400;
    if (error.code === 'permission_denied') message = 'Permission denied';
  } else if (error && typeof error === 'object' && (error as Error).name === 'RulesError') status = 400;
  send(res, status, { error: message }, print === 'silent' ? null : print);
}

function etagOf(hash: string): string {
  return hash === '' ? 'null_etag' : hash;
}

// setTimeout fires at once for delays above 2^31-1 ms; a later expiry is re-armed in steps.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An `Accept: text/event-stream` listener. */
class EventStreamSink implements ListenSink {
  pushedWrite = 0;
  private readonly keepAlive: NodeJS.Timeout;
  private expiry: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly base: Path,
    private readonly onEnd: () => void,
    expiresAt: number | null,
  ) {
    this.keepAlive = setInterval(() => this.event('keep-alive', null), SSE_KEEPALIVE_MS);
    this.keepAlive.unref();
    if (expiresAt !== null) this.armExpiry(expiresAt);
  }

  /**
   * The stream's credential expired: `auth_revoked`, as the REST API sends, then the stream ends —
   * a REST stream's auth is fixed by its request, so the client reconnects with a fresh token.
   */
  private armExpiry(expiresAt: number): void {
    this.expiry = setTimeout(
      () => {
        this.expiry = null;
        if (Date.now() < expiresAt) {
          this.armExpiry(expiresAt);
          return;
        }
        this.event('auth_revoked', EXPIRED_TOKEN_MESSAGE);
        this.end();
      },
      Math.max(0, Math.min(expiresAt - Date.now(), MAX_TIMER_MS)),
    );
    this.expiry.unref();
  }

  private relative(path: Path): string {
    return pathToString(path.slice(this.base.length));
  }

  event(name: string, data: unknown): void {
    this.res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  set(path: Path, data: unknown): void {
    this.event('put', { path: this.relative(path), data: stripPriorities(data) });
  }

  merge(path: Path, data: Record<string, unknown>): void {
    const plain: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(data)) setJsonProperty(plain, key, stripPriorities(value));
    this.event('patch', { path: this.relative(path), data: plain });
  }

  revoked(): void {
    this.event('cancel', null);
    this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.keepAlive);
    if (this.expiry !== null) clearTimeout(this.expiry);
    this.onEnd();
    this.res.end();
  }
}

/** Drops `.priority` and unwraps `.value` from export-format JSON (the REST API's plain format). */
export function stripPriorities(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if ('.value' in obj) return obj['.value'];
  let out: Record<string, unknown> | null = null;
  for (const [key, child] of Object.entries(obj)) {
    if (key === '.priority') continue;
    setJsonProperty((out ??= {}), key, stripPriorities(child));
  }
  return out;
}

/** Handles one REST request (everything except /.ws and /.lp). */
export async function handleRest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  databases: Databases,
  nsName: string,
  tracked: { add(end: () => void): () => void },
): Promise<void> {
  const search = url.searchParams;
  const print = search.get('print');
  try {
    const target = parseRestPath(url.pathname);
    if (target === null) throw new HttpError(404, 'Not Found');
    let method = (req.method ?? 'GET').toUpperCase();
    const override = req.headers['x-http-method-override'] ?? search.get('x-http-method');
    if (method === 'POST' && typeof override === 'string' && override !== '') method = override.toUpperCase();
    const { principal, expiresAt } = restAuth(search, req.headers.authorization);
    const ns = databases.get(nsName);

    if (target.kind === 'rules') {
      if (method === 'GET') {
        if (!principal.owner) throw new DatabaseError('permission_denied', 'Permission denied');
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(ns.rules.text);
        return;
      }
      if (method === 'PUT') {
        if (!principal.owner) throw new DatabaseError('permission_denied', 'Permission denied');
        const text = await readBody(req, res);
        try {
          databases.setRules(nsName, text);
        } catch (error) {
          throw new HttpError(400, error instanceof Error ? error.message : String(error));
        }
        send(res, 200, { status: 'ok' }, print);
        return;
      }
      throw new HttpError(405, 'Method not allowed');
    }

    switch (method) {
      case 'GET': {
        if (target.pathString === '/.priority' || target.pathString.endsWith('/.priority')) {
          const parent = parsePath(target.pathString.slice(0, -'.priority'.length));
          send(res, 200, ns.read(principal, parent, DEFAULT_QUERY).getPriority(), print);
          return;
        }
        const path = parsePath(target.pathString);
        const params = restQuery(search);
        const accept = String(req.headers.accept ?? '');
        if (accept.includes('text/event-stream')) {
          res.writeHead(200, {
            'Content-Type': 'text/event-stream',
            'Cache-Control': 'no-cache',
            Connection: 'keep-alive',
          });
          let listen: Listen | null = null;
          const untrack = tracked.add(() => sink.end());
          const sink: EventStreamSink = new EventStreamSink(
            res,
            path,
            () => {
              untrack();
              if (listen) ns.unlisten(listen);
            },
            expiresAt,
          );
          const isDefault = isDefaultQuery(params) || loadsAllData(params);
          listen = new Listen(
            sink,
            () => principal,
            path,
            params,
            isDefault,
            isDefault ? 'default' : 'rest',
            null,
            undefined,
          );
          req.on('close', () => sink.end());
          try {
            ns.listen(listen, undefined);
          } catch (error) {
            listen = null;
            sink.event(
              'cancel',
              error instanceof DatabaseError && error.code === 'permission_denied'
                ? 'Permission denied'
                : String((error as Error).message),
            );
            sink.end();
          }
          return;
        }
        const node = ns.read(principal, path, params);
        let value: unknown = search.get('format') === 'export' ? node.val(true) : node.val();
        if (search.get('shallow') === 'true') value = shallowValue(node.val());
        const headers: Record<string, string> = {};
        if (String(req.headers['x-firebase-etag'] ?? '') === 'true')
          headers.ETag = etagOf(ns.root.getChild(path).hash());
        send(res, 200, value, print, headers);
        return;
      }
      case 'PUT':
      case 'PATCH':
      case 'POST':
      case 'DELETE': {
        const data = method === 'DELETE' ? null : parseJsonBody(await readBody(req, res));
        let pathString = target.pathString;
        let pushName: string | null = null;
        if (method === 'POST') {
          pushName = nextPushId();
          pathString = pathString === '/' ? `/${pushName}` : `${pathString}/${pushName}`;
        }
        const ifMatch = req.headers['if-match'];
        if (typeof ifMatch === 'string' && method !== 'PATCH') {
          const current = ns.root.getChild(parsePath(pathString.replace(/\/\.priority$/, '')));
          if (etagOf(current.hash()) !== ifMatch) {
            send(res, 412, current.val(), print === 'silent' ? null : print, { ETag: etagOf(current.hash()) });
            return;
          }
        }
        if (method === 'PATCH') {
          // The answer is captured before awaiting durability: later writes may land meanwhile.
          const durable = ns.merge(principal, pathString, data);
          const base = parsePath(pathString);
          const out: Record<string, unknown> = {};
          for (const key of Object.keys(data as Record<string, unknown>))
            setJsonProperty(out, key, ns.root.getChild([...base, ...parsePath(key)]).val());
          await durable;
          send(res, 200, out, print);
        } else {
          const durable = ns.set(principal, pathString, data);
          const isPriority = pathString.endsWith('/.priority') || pathString === '/.priority';
          const written = isPriority ? data : ns.root.getChild(parsePath(pathString)).val();
          await durable;
          if (pushName !== null) send(res, 200, { name: pushName }, print);
          else if (method === 'DELETE') send(res, 200, null, print);
          else send(res, 200, written, print);
        }
        return;
      }
      default:
        throw new HttpError(405, 'Method not allowed');
    }
  } catch (error) {
    sendError(res, error, print);
  }
}
