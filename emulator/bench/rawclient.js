// A minimal Realtime Database wire-protocol (v5) client over a minimal WebSocket (wsclient.js), used
// to drive every server in the benchmark identically: no SDK-side caching, merging or event raising
// can favour one of them.
import { BenchWebSocket } from './wsclient.js';

const MAX_FRAME = 16384;

export class RawClient {
  /** @param {string} url ws://host:port/.ws?v=5&ns=... */
  static async connect(url) {
    const client = new RawClient();
    client.ws = await BenchWebSocket.connect(url, (text, arrivedAt) => {
      client.arrivedAt = arrivedAt;
      client.receive(text);
    });
    await client.handshake;
    return client;
  }

  constructor() {
    /** @type {BenchWebSocket} */
    this.ws = null;
    this.nextRequest = 1;
    /** @type {Map<number, (body: any) => void>} */
    this.pending = new Map();
    this.framesLeft = 0;
    this.frameBuffer = '';
    /** Called with the raw text of every server push (`a: d` / `a: m`), before any parsing, and its arrival time. */
    this.onPush = null;
    this.handshake = new Promise((resolve) => (this.onHandshake = resolve));
    this.arrivedAt = 0;
  }

  receive(text) {
    // A message may be announced by a frame count ("3") and then arrive in that many pieces.
    if (this.framesLeft === 0 && text.length <= 6 && /^\d+$/.test(text)) {
      this.framesLeft = Number(text);
      this.frameBuffer = '';
      return;
    }
    if (this.framesLeft > 0) {
      this.frameBuffer += text;
      if (--this.framesLeft > 0) return;
      text = this.frameBuffer;
      this.frameBuffer = '';
    }
    this.handle(text);
  }

  handle(text) {
    // Pushes are the hot path of the latency runs: hand them over unparsed.
    if (this.onPush && text.startsWith('{"t":"d","d":{"a":')) {
      this.onPush(text, this.arrivedAt);
      return;
    }
    const msg = JSON.parse(text);
    if (msg.t === 'c') {
      if (msg.d.t === 'h' && this.onHandshake) {
        const done = this.onHandshake;
        this.onHandshake = null;
        done(msg.d.d);
      }
      return;
    }
    const d = msg.d;
    if (typeof d.r === 'number') {
      const callback = this.pending.get(d.r);
      if (callback) {
        this.pending.delete(d.r);
        callback(d.b);
      }
    } else if (this.onPush && d.a) {
      this.onPush(text, this.arrivedAt);
    }
  }

  sendData(message) {
    const text = JSON.stringify({ t: 'd', d: message });
    if (text.length <= MAX_FRAME) {
      this.ws.send(text);
      return;
    }
    const frames = Math.ceil(text.length / MAX_FRAME);
    this.ws.send(String(frames));
    for (let i = 0; i < frames; i++) this.ws.send(text.slice(i * MAX_FRAME, (i + 1) * MAX_FRAME));
  }

  /** Sends a request and resolves with the response body `{s, d}`. */
  request(action, body) {
    const r = this.nextRequest++;
    return new Promise((resolve) => {
      this.pending.set(r, resolve);
      this.sendData({ r, a: action, b: body });
    });
  }

  /** Like request(), but calls back instead of allocating a promise (throughput loop). */
  requestCb(action, body, callback) {
    const r = this.nextRequest++;
    this.pending.set(r, callback);
    this.sendData({ r, a: action, b: body });
  }

  async auth(token) {
    const res = await this.request('auth', { cred: token });
    if (res.s !== 'ok') throw new Error(`auth refused: ${JSON.stringify(res)}`);
  }

  async listen(path) {
    const res = await this.request('q', { p: path, h: '' });
    if (res.s !== 'ok') throw new Error(`listen on ${path} refused: ${JSON.stringify(res)}`);
  }

  close() {
    return this.ws.close();
  }
}

/** An emulator ID token, as the Auth emulator and @firebase/rules-unit-testing make them: unsigned. */
export function emulatorToken(uid, projectId = 'demo-bench') {
  const b64 = (obj) => Buffer.from(JSON.stringify(obj)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'none', kid: 'fakekid', typ: 'JWT' };
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    sub: uid,
    user_id: uid,
    firebase: { identities: {}, sign_in_provider: 'custom' },
  };
  return `${b64(header)}.${b64(payload)}.`;
}
