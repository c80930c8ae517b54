// The smallest WebSocket client that is still a correct one (RFC 6455), on a plain TCP socket:
// the benchmark's measuring instrument. Every server is driven through it alike; being lean keeps
// what it adds to each measured latency small, and it stamps each message with the time its bytes
// were read from the socket (before any parsing), which is when the message arrived.
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { performance } from 'node:perf_hooks';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
// Shared by every socket: a read is parsed before the next one starts, and leftovers are copied.
const readBuffer = Buffer.allocUnsafe(256 * 1024);

export class BenchWebSocket {
  /**
   * @param {string} url ws://host:port/path?query
   * @param {(text: string, arrivedAt: number) => void} onMessage every complete text message, with
   *   the time its last bytes were read; set before the first message can arrive.
   */
  static connect(url, onMessage) {
    const { hostname, port, pathname, search } = new URL(url);
    return new Promise((resolve, reject) => {
      const key = randomBytes(16).toString('base64');
      let head = Buffer.alloc(0);
      let ws = null;
      // Bytes are read into one shared buffer and handed straight to the parser (no stream
      // machinery, no buffer allocated per read): the client's own cost per message is part of every
      // measured latency, so it is kept as small as a correct client can make it.
      const onRead = (nread, buffer) => {
        const arrivedAt = performance.now();
        const chunk = buffer.subarray(0, nread);
        if (ws) {
          ws.receive(chunk, arrivedAt);
          return;
        }
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('error', reject);
        const lines = head.subarray(0, end).toString('latin1').split('\r\n');
        const accept = lines
          .find((l) => /^sec-websocket-accept:/i.test(l))
          ?.split(':')[1]
          .trim();
        const expected = createHash('sha1')
          .update(key + GUID)
          .digest('base64');
        if (!/^HTTP\/1\.1 101/.test(lines[0]) || accept !== expected) {
          socket.destroy();
          reject(new Error(`WebSocket handshake refused: ${lines[0]}`));
          return;
        }
        ws = new BenchWebSocket(socket, onMessage);
        resolve(ws);
        const rest = head.subarray(end + 4);
        if (rest.length > 0) ws.receive(rest, arrivedAt);
      };
      const socket = net.connect({
        port: Number(port),
        host: hostname,
        onread: { buffer: readBuffer, callback: onRead },
      });
      socket.setNoDelay(true);
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.write(
          `GET ${pathname}${search} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
        );
      });
    });
  }

  constructor(socket, onMessage) {
    this.socket = socket;
    this.onMessage = onMessage;
    this.pending = null; // bytes of an incomplete frame
    this.fragments = null; // payloads of a fragmented message
    this.closed = new Promise((resolve) => socket.once('close', resolve));
    socket.on('error', () => {});
  }

  /** @param {Buffer} chunk bytes just read (only valid during this call) */
  receive(chunk, arrivedAt) {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let offset = 0;
    while (buf.length - offset >= 2) {
      const b0 = buf[offset];
      const b1 = buf[offset + 1];
      let length = b1 & 0x7f;
      let header = 2;
      if (length === 126) {
        if (buf.length - offset < 4) break;
        length = buf.readUInt16BE(offset + 2);
        header = 4;
      } else if (length === 127) {
        if (buf.length - offset < 10) break;
        length = buf.readUInt32BE(offset + 2) * 2 ** 32 + buf.readUInt32BE(offset + 6);
        header = 10;
      }
      if (b1 & 0x80) throw new Error('a server must not mask its frames');
      if (buf.length - offset < header + length) break;
      const payload = buf.subarray(offset + header, offset + header + length);
      offset += header + length;
      this.frame(b0 & 0x80, b0 & 0x0f, payload, arrivedAt);
    }
    if (offset < buf.length) this.pending = Buffer.from(buf.subarray(offset));
  }

  frame(fin, opcode, payload, arrivedAt) {
    if (opcode === 0x8) {
      this.socket.end(this.encode(0x8, payload.subarray(0, 2)));
      return;
    }
    if (opcode === 0x9) {
      this.socket.write(this.encode(0xa, payload));
      return;
    }
    if (opcode === 0xa) return;
    if (opcode === 0x0) {
      this.fragments.push(Buffer.from(payload));
      if (!fin) return;
      const whole = Buffer.concat(this.fragments);
      this.fragments = null;
      this.onMessage(whole.toString('utf8'), arrivedAt);
      return;
    }
    if (!fin) {
      this.fragments = [Buffer.from(payload)];
      return;
    }
    this.onMessage(payload.toString('utf8'), arrivedAt);
  }

  /** A masked client frame (RFC 6455 5.3). */
  encode(opcode, payload) {
    const length = payload.length;
    const header = length < 126 ? 2 : length <= 0xffff ? 4 : 10;
    const out = Buffer.allocUnsafe(header + 4 + length);
    out[0] = 0x80 | opcode;
    if (length < 126) out[1] = 0x80 | length;
    else if (length <= 0xffff) {
      out[1] = 0x80 | 126;
      out.writeUInt16BE(length, 2);
    } else {
      out[1] = 0x80 | 127;
      out.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
      out.writeUInt32BE(length >>> 0, 6);
    }
    const mask = randomBytes(4);
    mask.copy(out, header);
    for (let i = 0; i < length; i++) out[header + 4 + i] = payload[i] ^ mask[i & 3];
    return out;
  }

  send(text) {
    this.socket.write(this.encode(0x1, Buffer.from(text, 'utf8')));
  }

  close() {
    if (this.socket.destroyed) return Promise.resolve();
    this.socket.end(this.encode(0x8, Buffer.from([0x03, 0xe8])));
    const timer = setTimeout(() => this.socket.destroy(), 2000);
    timer.unref();
    return this.closed;
  }
}
