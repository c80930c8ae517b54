// Size limits against a running server: what one client may make the emulator hold in memory
// (WebSocket messages, long-poll segments, REST bodies), and the answers production gives to
// writes over its limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import WebSocket from 'ws';
import { startEmulator, type RunningEmulator } from '../../src/index.js';
import { MAX_FRAME_SIZE, MessageTooLargeError } from '../../src/server/frames.js';
import { InvalidSegmentError, SegmentAssembler } from '../../src/server/longpoll.js';

const MiB = 1024 * 1024;
// Production limits (firebase.google.com/docs/database/usage/limits, "Writes"): a single write
// request may be 16 MB from the SDKs and 256 MB from the REST API.
const SDK_WRITE_LIMIT = 16 * MiB;
const REST_WRITE_LIMIT = 256 * MiB;
/** Frames of a message of 256 MB of one-byte characters, cut as the SDK cuts it. */
const MAX_REST_FRAMES = REST_WRITE_LIMIT / MAX_FRAME_SIZE;
// The answer production gives to a write over the limit (the SDKs show it as
// "WRITE_TOO_BIG: Data to write exceeds ..."; REST as a 400 with this error).
const WRITE_TOO_BIG = 'Data to write exceeds the maximum size that can be modified with a single request.';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
});
afterAll(async () => {
  await emu.close();
});

/** A raw protocol-v5 connection that frames like the SDK and records how it ended. */
class Connection {
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number }>;
  readonly controls: unknown[] = [];
  private readonly answers = new Map<number, (b: { s: string; d: unknown }) => void>();
  private nextRequest = 1;

  constructor(ns: string) {
    this.ws = new WebSocket(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=${ns}`);
    this.opened = new Promise((resolve) => this.ws.once('open', () => resolve()));
    this.closed = new Promise((resolve) => this.ws.once('close', (code) => resolve({ code })));
    this.ws.on('error', () => {});
    this.ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString());
      if (message.t === 'c') this.controls.push(message.d);
      else if (message.d.r !== undefined) this.answers.get(message.d.r)?.(message.d.b);
    });
  }

  /** Sends one message split as the SDK splits it (a frame-count frame, then 16384-character frames). */
  sendFramed(text: string): void {
    if (text.length <= MAX_FRAME_SIZE) {
      this.ws.send(text);
      return;
    }
    const frames: string[] = [];
    for (let i = 0; i < text.length; i += MAX_FRAME_SIZE) frames.push(text.slice(i, i + MAX_FRAME_SIZE));
    this.ws.send(String(frames.length));
    for (const frame of frames) this.ws.send(frame);
  }

  request(a: string, b: Record<string, unknown>): Promise<{ s: string; d: unknown }> {
    const r = this.nextRequest++;
    return new Promise((resolve) => {
      this.answers.set(r, resolve);
      this.sendFramed(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }
}

/**
 * A WebSocket client on a plain TCP socket that writes prebuilt frames (masked with a zero key,
 * which leaves the payload as is), so that sending hundreds of megabytes costs the test nothing,
 * and reads the server's frames (texts and the close code).
 */
class RawWebSocket {
  readonly texts: string[] = [];
  closeCode: number | null = null;
  ended = false;
  readonly closed: Promise<void>;
  private pending = Buffer.alloc(0);

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = true;
        resolve();
      }),
    );
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => this.read(chunk));
  }

  static async open(ns: string): Promise<RawWebSocket> {
    const socket = connect(emu.port, '127.0.0.1');
    socket.write(
      `GET /.ws?v=5&ns=${ns} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    const head = await new Promise<Buffer>((resolve) => socket.once('data', resolve));
    const end = head.indexOf('\r\n\r\n');
    expect(head.toString('latin1', 0, end)).toMatch(/^HTTP\/1\.1 101/);
    const client = new RawWebSocket(socket);
    if (head.length > end + 4) client.read(head.subarray(end + 4));
    return client;
  }

  static textFrame(text: string): Buffer {
    const payload = Buffer.from(text, 'utf8');
    const header =
      payload.length < 126
        ? Buffer.from([0x81, 0x80 | payload.length])
        : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
    return Buffer.concat([header, Buffer.alloc(4), payload]);
  }

  sendText(text: string): void {
    this.socket.write(RawWebSocket.textFrame(text));
  }

  /** Resolves once the socket can take more (or is gone). */
  write(data: Buffer): Promise<void> {
    if (this.ended || this.socket.write(data)) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.on('drain', done);
      this.socket.on('close', done);
    });
  }

  private read(chunk: Buffer): void {
    this.pending = Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.pending.length < 2) return;
      let length = this.pending[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.pending.length < 4) return;
        length = this.pending.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.pending.length < 10) return;
        length = Number(this.pending.readBigUInt64BE(2));
        offset = 10;
      }
      if (this.pending.length < offset + length) return;
      const opcode = this.pending[0] & 0x0f;
      const payload = this.pending.subarray(offset, offset + length);
      if (opcode === 0x1) this.texts.push(payload.toString('utf8'));
      if (opcode === 0x8) {
        this.closeCode = payload.readUInt16BE(0);
        this.socket.destroy();
      }
      this.pending = this.pending.subarray(offset + length);
    }
  }
}

/** Data of about `bytes` bytes of JSON, in strings under the 10 MB string limit. */
function dataOfSize(bytes: number): Record<string, string> {
  const out: Record<string, string> = {};
  const piece = 4 * MiB;
  for (let i = 0; bytes > 0; i++, bytes -= piece) out[`part${i}`] = 'x'.repeat(Math.min(piece, bytes));
  return out;
}

describe('WebSocket: messages a connection may send', () => {
  it('drops a connection whose unfinished multi-frame message passes 256 MB, before it ends', async () => {
    // A frame count within the limit, then frames of two-byte characters: the bytes pass the limit
    // at about half of the announced frames, and the message never finishes. Only the first 16 MB
    // are held in memory; the rest is read and discarded. The frames are prebuilt (this is about
    // the server's reading, not the client's encoding).
    const c = await RawWebSocket.open('lim1');
    c.sendText(String(MAX_REST_FRAMES));
    const frame = RawWebSocket.textFrame('é'.repeat(MAX_FRAME_SIZE));
    const batch = Buffer.concat(Array.from({ length: 64 }, () => frame));
    for (let sent = 0; !c.ended && sent < MAX_REST_FRAMES - 64; sent += 64) await c.write(batch);
    await c.closed;
    expect(c.closeCode).toBe(1009);
    expect(c.texts.map((text) => JSON.parse(text))).toContainEqual({ t: 'c', d: { t: 'e', d: 'Write too large' } });
  }, 60_000);

  it('drops a connection that announces more frames than a message within 256 MB can have', async () => {
    const c = new Connection('lim2');
    await c.opened;
    c.ws.send(String(MAX_REST_FRAMES + 1));
    expect((await c.closed).code).toBe(1009);
  });

  it('drops a connection that sends a message over 16 MB that is not a write', async () => {
    const c = new Connection('lim2b');
    await c.opened;
    c.sendFramed(
      JSON.stringify({ t: 'd', d: { r: 1, a: 'q', b: { p: '/', q: { sp: 'x'.repeat(SDK_WRITE_LIMIT) } } } }),
    );
    expect((await c.closed).code).toBe(1009);
  }, 30_000);

  it('drops a connection that sends one WebSocket frame over 16 MB (the SDK sends many small frames)', async () => {
    const c = new Connection('lim3');
    await c.opened;
    c.ws.send(JSON.stringify({ t: 'd', d: { r: 1, a: 'p', b: { p: '/big', d: dataOfSize(SDK_WRITE_LIMIT + 1024) } } }));
    expect((await c.closed).code).toBe(1009); // "message too big"
  }, 30_000);

  it('refuses a write over 16 MB with write_too_big, as production does, and keeps the connection', async () => {
    const c = new Connection('lim4');
    await c.opened;
    expect(await c.request('p', { p: '/big', d: dataOfSize(SDK_WRITE_LIMIT + 1024) })).toEqual({
      s: 'write_too_big',
      d: WRITE_TOO_BIG,
    });
    expect(await c.request('m', { p: '/', d: { big: dataOfSize(SDK_WRITE_LIMIT + 1024) } })).toEqual({
      s: 'write_too_big',
      d: WRITE_TOO_BIG,
    });
    expect(await c.request('o', { p: '/big', d: dataOfSize(SDK_WRITE_LIMIT + 1024) })).toEqual({
      s: 'write_too_big',
      d: WRITE_TOO_BIG,
    });
    expect(await c.request('g', { p: '/big' })).toEqual({ s: 'ok', d: null });
    expect(await c.request('p', { p: '/big', d: dataOfSize(SDK_WRITE_LIMIT - 1024) })).toEqual({ s: 'ok', d: '' });
    expect(c.isOpen).toBe(true);
    c.ws.close();
  }, 30_000);
});

describe('long polling: segments a session may leave unfinished', () => {
  it('refuses segments past the message limit', () => {
    const assembler = new SegmentAssembler();
    const chunk = 'A'.repeat(MiB);
    // Segment 0 never arrives: everything after it waits, up to the limit.
    expect(() => {
      for (let seg = 1; seg <= 64; seg++) assembler.add(seg, 100, chunk);
    }).toThrow(MessageTooLargeError);
  });

  it('refuses a message announcing more segments than a message within the limit can have', () => {
    expect(() => new SegmentAssembler().add(0, 10_000_000, 'A')).toThrow(MessageTooLargeError);
  });

  it('refuses a segment count of 0, which would never complete a message', () => {
    // Before, a single poll with `ts0=0` kept the server in an endless loop.
    expect(() => new SegmentAssembler().add(0, 0, 'QQ')).toThrow(InvalidSegmentError);
  });
});

describe('REST: write size', () => {
  /** Sends raw request bytes and resolves with the status line and body of the answer. */
  function rawRequest(
    head: string,
    body: (write: (chunk: Buffer | string) => boolean) => Promise<void>,
  ): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(emu.port, '127.0.0.1');
      let received = '';
      let answered = false;
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
        const end = received.indexOf('\r\n\r\n');
        if (end === -1) return;
        const length = /content-length: (\d+)/i.exec(received.slice(0, end));
        if (length && received.length >= end + 4 + Number(length[1])) {
          answered = true;
          resolve({
            status: Number(received.split(' ')[1]),
            body: received.slice(end + 4, end + 4 + Number(length[1])),
          });
          socket.destroy();
        }
      });
      // A write may still fail (EPIPE) once the server closes after its answer: a socket error only
      // stops the writing, and the close decides whether an answer came.
      let failure: Error | undefined;
      socket.on('error', (error) => {
        failure = error;
      });
      socket.on('close', () => {
        if (!answered) reject(failure ?? new Error(`connection closed without an answer: ${received.slice(0, 200)}`));
      });
      socket.write(head);
      const write = (chunk: Buffer | string): boolean =>
        !answered && failure === undefined && !socket.destroyed && socket.write(chunk);
      body(write).catch(reject);
    });
  }

  it('refuses a body announced over 256 MB with 400 and the production error, without reading it', async () => {
    const answer = await rawRequest(
      `PUT /big.json?ns=lim5 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${REST_WRITE_LIMIT + 1}\r\n\r\n`,
      async (write) => void write('{"a":"'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: WRITE_TOO_BIG });
  });

  it('refuses a chunked body growing over 256 MB with 400 and the production error', async () => {
    const chunk = Buffer.alloc(MiB, 'x');
    const answer = await rawRequest(
      'PUT /big.json?ns=lim6 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
      async (write) => {
        const frame = (data: Buffer | string): boolean =>
          [write(`${Buffer.byteLength(data).toString(16)}\r\n`), write(data), write('\r\n')].every(Boolean);
        frame('"');
        // A little over the limit; the answer may come before all of it is sent.
        for (let sent = 0; sent <= REST_WRITE_LIMIT + 4 * MiB; sent += chunk.length) {
          if (!frame(chunk)) await new Promise((resolve) => setTimeout(resolve, 1));
        }
      },
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({ error: WRITE_TOO_BIG });
    const read = await fetch(`${emu.url}/big.json?ns=lim6`);
    expect(await read.json()).toBeNull();
  }, 30_000);

  it('accepts a REST write over the 16 MB SDK limit', async () => {
    const res = await fetch(`${emu.url}/big.json?ns=lim7`, {
      method: 'PUT',
      body: JSON.stringify(dataOfSize(SDK_WRITE_LIMIT + 1024)),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
  }, 30_000);
});
