// Raw protocol v5 client for the server tests: what the SDK sends, without the SDK's caching in between.
import WebSocket from 'ws';

export type Push = { a: string; b: Record<string, unknown> };

export class RawClient {
  private readonly ws: WebSocket;
  private nextId = 1;
  readonly pushes: Push[] = [];
  private readonly pending = new Map<number, (b: { s: string; d: unknown }) => void>();
  private waiters: Array<() => void> = [];
  hello: Record<string, unknown> | null = null;
  readonly opened: Promise<void>;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.on('error', reject);
      this.ws.on('message', (raw) => {
        const msg = JSON.parse(raw.toString());
        if (msg.t === 'c' && msg.d.t === 'h') {
          this.hello = msg.d.d;
          resolve();
        } else if (msg.t === 'd' && msg.d.r !== undefined) {
          this.pending.get(msg.d.r)?.(msg.d.b);
        } else if (msg.t === 'd') {
          this.pushes.push(msg.d);
          for (const w of this.waiters.splice(0)) w();
        }
      });
    });
  }

  request(a: string, b: Record<string, unknown>): Promise<{ s: string; d: unknown }> {
    const r = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(r, resolve);
      this.ws.send(JSON.stringify({ t: 'd', d: { r, a, b } }));
    });
  }

  async waitFor(predicate: (p: Push) => boolean): Promise<Push> {
    for (;;) {
      const found = this.pushes.find(predicate);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): void {
    this.ws.close();
  }
}
