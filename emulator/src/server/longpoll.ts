import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Databases } from './namespaces.js';
import { OversizedWrite, ProtocolSession, WebSocketTransport, type Transport } from './session.js';
import { MAX_WRITE_REQUEST_BYTES, MESSAGE_TOO_LARGE_TEXT, MessageTooLargeError } from './frames.js';

// The long-polling transport of the web SDK (realtime/BrowserPollConnection.ts): JSONP script tags in
// a hidden iframe. The start request gets the session id and password plus packet 0 (the hello);
// later polls carry the client's messages as base64 segments in the URL (seg<i>, ts<i>, d<i>) and are
// held open until the server has packets for the client. A `dframe` request stays open for the life
// of the page: when it closes, the client is gone.

const POLL_HOLD_MS = 20_000; // below the client's 25 s keep-alive request interval
const IDLE_TIMEOUT_MS = 45_000;

/** The SDK's web-safe base64 uses '-', '_' and '.' for padding. */
export function decodeWebSafeBase64(data: string): string {
  return Buffer.from(data.replace(/-/g, '+').replace(/_/g, '/').replace(/\./g, '='), 'base64').toString('utf8');
}

// The SDK cuts the base64 of a message into URL segments of at most 1840 characters.
const SDK_SEGMENT_SIZE = 1840;
/** Base64 characters of the largest write production takes from an SDK. */
const MAX_BUFFERED_SEGMENT_CHARS = Math.ceil(MAX_WRITE_REQUEST_BYTES / 3) * 4;
/** The most segments a message within the limit has when cut as the SDK cuts it. */
const MAX_SEGMENTS_PER_MESSAGE = Math.ceil(MAX_BUFFERED_SEGMENT_CHARS / SDK_SEGMENT_SIZE);

/** A segment number or count that no client sends (a count of 0 would never complete a message). */
export class InvalidSegmentError extends Error {}

/**
 * Reassembles the client's messages from URL segments that may arrive out of order. Segments
 * waiting to complete a message are held up to the size of the largest write production takes
 * from an SDK; past it, or for a message announcing more segments than such a message has,
 * add() throws MessageTooLargeError and the session is ended.
 */
export class SegmentAssembler {
  private readonly segments = new Map<number, { total: number; data: string }>();
  private next = 0;
  private bufferedChars = 0;

  add(seg: number, total: number, data: string): string[] {
    if (!Number.isInteger(seg) || !Number.isInteger(total) || total < 1) {
      throw new InvalidSegmentError(`Invalid long-poll segment ${seg} of ${total}`);
    }
    if (total > MAX_SEGMENTS_PER_MESSAGE) {
      throw new MessageTooLargeError(
        `Incoming message announced as ${total} segments (at most ${MAX_SEGMENTS_PER_MESSAGE})`,
      );
    }
    const replaced = this.segments.get(seg);
    this.bufferedChars += data.length - (replaced ? replaced.data.length : 0);
    if (this.bufferedChars > MAX_BUFFERED_SEGMENT_CHARS) {
      this.segments.clear();
      this.bufferedChars = 0;
      throw new MessageTooLargeError(`Unfinished long-poll messages over ${MAX_BUFFERED_SEGMENT_CHARS} characters`);
    }
    this.segments.set(seg, { total, data });
    const messages: string[] = [];
    for (;;) {
      const first = this.segments.get(this.next);
      if (!first) break;
      const parts: string[] = [];
      for (let i = 0; i < first.total; i++) {
        const part = this.segments.get(this.next + i);
        if (!part) return messages;
        parts.push(part.data);
      }
      for (let i = 0; i < first.total; i++) this.segments.delete(this.next + i);
      this.next += first.total;
      const joined = parts.join('');
      this.bufferedChars -= joined.length;
      messages.push(decodeWebSafeBase64(joined));
    }
    return messages;
  }
}

function script(res: ServerResponse, body: string): void {
  res.writeHead(200, {
    'Content-Type': 'application/javascript; charset=utf-8',
    'Cache-Control': 'no-cache, no-store',
  });
  res.end(body);
}

class LongPollTransport implements Transport {
  private queue: unknown[] = [];
  private held: { res: ServerResponse; timer: NodeJS.Timeout } | null = null;
  private nextPacket = 0;
  private flushScheduled = false;
  private closing = false;

  constructor(private readonly cb: string) {}

  send(message: unknown): void {
    this.queue.push(message);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Coalesce the messages of one tick into one packet.
      setImmediate(() => {
        this.flushScheduled = false;
        if (this.held) this.release();
      });
    }
  }

  packetScript(): string {
    if (this.queue.length === 0) return '';
    const packet = this.nextPacket++;
    const messages = this.queue;
    this.queue = [];
    return `parent.pRTLPCB${this.cb}(${packet},${JSON.stringify(messages)});`;
  }

  /** Answers the held poll with whatever is queued (possibly nothing). */
  release(): void {
    const held = this.held;
    if (!held) return;
    this.held = null;
    clearTimeout(held.timer);
    script(held.res, this.body());
  }

  private body(): string {
    let body = this.packetScript();
    if (this.closing) body += `parent.pLPCommand${this.cb}('close',${this.nextPacket - 1});`;
    return body;
  }

  /** A new poll: the previous one is answered, this one is held until there is something to say. */
  poll(res: ServerResponse): void {
    this.release();
    if (this.queue.length > 0 || this.closing) {
      script(res, this.body());
      return;
    }
    const timer = setTimeout(() => this.release(), POLL_HOLD_MS);
    timer.unref();
    this.held = { res, timer };
    res.on('close', () => {
      if (this.held?.res === res) {
        clearTimeout(this.held.timer);
        this.held = null;
      }
    });
  }

  close(): void {
    this.closing = true;
    this.release();
  }
}

interface LpEntry {
  id: string;
  pw: string;
  session: ProtocolSession;
  transport: LongPollTransport;
  assembler: SegmentAssembler;
  lastSeen: number;
  disconnectFrame: ServerResponse | null;
  upgraded: boolean;
}

/** Long-polling sessions of one server, and their upgrade to a WebSocket. */
export class LongPollSessions {
  private readonly byId = new Map<string, LpEntry>();
  private readonly bySessionId = new Map<string, LpEntry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly databases: Databases,
    private readonly log: (line: string) => void,
    private readonly sessions: Set<ProtocolSession>,
  ) {
    this.sweeper = setInterval(() => this.sweep(), 5_000);
    this.sweeper.unref();
  }

  private sweep(): void {
    const now = Date.now();
    for (const entry of this.byId.values()) {
      if (entry.disconnectFrame === null && now - entry.lastSeen > IDLE_TIMEOUT_MS) this.end(entry);
    }
  }

  private end(entry: LpEntry): void {
    this.byId.delete(entry.id);
    this.bySessionId.delete(entry.session.sessionId);
    if (!entry.upgraded) {
      entry.transport.close();
      entry.session.end();
    }
  }

  handle(req: IncomingMessage, res: ServerResponse, url: URL, nsName: string): void {
    const search = url.searchParams;
    if (search.get('start') === 't') {
      const cb = (search.get('cb') ?? '').replace(/[^0-9A-Za-z_$]/g, '');
      const transport = new LongPollTransport(cb);
      const session: ProtocolSession = new ProtocolSession(
        transport,
        this.databases,
        nsName,
        req.headers.host ?? 'localhost',
        this.log,
        (s) => this.sessions.delete(s),
      );
      this.sessions.add(session);
      const entry: LpEntry = {
        id: randomBytes(8).toString('hex'),
        pw: randomBytes(8).toString('hex'),
        session,
        transport,
        assembler: new SegmentAssembler(),
        lastSeen: Date.now(),
        disconnectFrame: null,
        upgraded: false,
      };
      this.byId.set(entry.id, entry);
      this.bySessionId.set(session.sessionId, entry);
      transport.send(session.helloMessage());
      script(
        res,
        `parent.pLPCommand${cb}('start',${JSON.stringify(entry.id)},${JSON.stringify(entry.pw)});${transport.packetScript()}`,
      );
      return;
    }
    const entry = this.byId.get(search.get('id') ?? '');
    if (!entry || entry.pw !== search.get('pw')) {
      // Unknown or ended session: a failing script makes the client close the transport and reconnect.
      res.writeHead(404, { 'Content-Type': 'application/javascript; charset=utf-8' });
      res.end();
      return;
    }
    entry.lastSeen = Date.now();
    if (search.get('dframe') === 't') {
      entry.disconnectFrame = res;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache, no-store' });
      res.write('<html><body></body></html>');
      res.on('close', () => {
        if (entry.disconnectFrame === res) {
          entry.disconnectFrame = null;
          if (!entry.upgraded) this.end(entry);
        }
      });
      return;
    }
    for (let i = 0; search.has(`seg${i}`); i++) {
      let received: string[];
      try {
        received = entry.assembler.add(
          Number(search.get(`seg${i}`)),
          Number(search.get(`ts${i}`)),
          search.get(`d${i}`) ?? '',
        );
      } catch (error) {
        if (!(error instanceof MessageTooLargeError || error instanceof InvalidSegmentError)) throw error;
        this.log(`rtdb: ${error.message}, closing the long-polling session`);
        if (error instanceof MessageTooLargeError)
          entry.transport.send({ t: 'c', d: { t: 'e', d: MESSAGE_TOO_LARGE_TEXT } });
        this.end(entry);
        entry.transport.poll(res);
        return;
      }
      for (const text of received) {
        try {
          const message = JSON.parse(text) as { t?: unknown; d?: { t?: unknown } };
          if (entry.upgraded && message.t === 'c' && message.d?.t === 'n') {
            // The client's last message on the long poll after switching to the WebSocket: now
            // the long poll can be shut down without losing anything the client queued on it.
            entry.transport.close();
            continue;
          }
          entry.session.receive(message);
        } catch {
          this.log('rtdb: invalid long-poll message, closing the session');
          this.end(entry);
        }
      }
    }
    entry.transport.poll(res);
  }

  /**
   * A WebSocket opened with `s=<session id>` of a long-polling session: the SDK's transport upgrade
   * (realtime/Connection.ts). Pings are answered on the WebSocket; when the client acknowledges the
   * switch ('a'), the long poll ends with 'n' and the session continues on the WebSocket.
   * Returns false when the id names no long-polling session.
   */
  upgrade(ws: WebSocket, socket: Duplex, transportSessionId: string): boolean {
    const entry = this.bySessionId.get(transportSessionId);
    if (!entry || entry.upgraded || entry.session.isClosed) return false;
    const wsTransport = new WebSocketTransport(ws, socket);
    let switched = false;
    wsTransport.send({ t: 'c', d: { t: 'a', d: {} } });
    ws.on('message', (data: Buffer) => {
      let message: ReturnType<WebSocketTransport['receive']>;
      try {
        message = wsTransport.receive(data.toString(), data.length);
      } catch (error) {
        if (error instanceof MessageTooLargeError) wsTransport.refuseMessage();
        else ws.terminate();
        return;
      }
      if (message === null) return;
      if (!switched && !(message instanceof OversizedWrite)) {
        const control = message.t === 'c' ? (message.d as { t?: string } | undefined) : undefined;
        if (control?.t === 'p') {
          wsTransport.send({ t: 'c', d: { t: 'o', d: {} } });
          return;
        }
        if (control?.t === 'a') {
          switched = true;
          entry.upgraded = true;
          entry.transport.send({ t: 'c', d: { t: 'n', d: {} } });
          entry.session.setTransport(wsTransport);
          this.bySessionId.delete(entry.session.sessionId);
          // The long poll stays open until the client's own 'n' arrives on it (see handle): client
          // messages queued on it before the switch still arrive there and belong to this session.
          // It is swept when idle in case that never happens.
          this.log(`rtdb: long-polling session ${entry.session.sessionId} upgraded to a WebSocket`);
          return;
        }
        if (message.t !== 'd') return;
      }
      entry.session.receive(message);
    });
    ws.on('close', () => {
      if (switched) entry.session.end();
    });
    ws.on('error', () => {});
    return true;
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const entry of [...this.byId.values()]) this.end(entry);
  }
}
