import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * Simulated network latency, so that production's round trips between a Cloud Function and the
 * database (tens of milliseconds each way) can be reproduced on loopback. Every chunk of bytes, in
 * each direction, is delivered `latencyMs` ± `jitterMs` after it was sent, and in the order it was
 * sent (as over one TCP connection: jitter never reorders a connection's bytes).
 */
interface LatencyOptions {
  /** one-way delay added to every message, in ms (a round trip costs twice this) */
  latencyMs: number;
  /** each message's delay is drawn uniformly from latencyMs ± jitterMs (never below 0) */
  jitterMs: number;
  /** [0, 1) source for the jitter; Math.random when omitted */
  random?: () => number;
}

/** The jitter used when only the latency is given: a quarter of it (40 ms → 30…50 ms). */
export function defaultJitter(latencyMs: number): number {
  return Math.round(latencyMs / 4);
}

export function validateLatency(options: LatencyOptions): void {
  for (const [name, value] of [
    ['latency', options.latencyMs],
    ['latency jitter', options.jitterMs],
  ] as const) {
    if (!Number.isFinite(value) || value < 0 || value > 60_000)
      throw new RangeError(`Invalid ${name} ${value}: expected 0-60000 ms`);
  }
}

/**
 * One direction of a link: `push(deliver)` runs `deliver` once the message's delay has passed,
 * never before a message pushed earlier. One timer at a time, armed for the oldest message.
 */
export class DelayLine {
  private queue: { at: number; deliver: () => void }[] = [];
  private head = 0;
  private lastAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private readonly random: () => number;

  constructor(
    private readonly options: LatencyOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    validateLatency(options);
    this.random = options.random ?? Math.random;
  }

  /** The delay the next message gets, before ordering. */
  private nextDelay(): number {
    const { latencyMs, jitterMs } = this.options;
    return Math.max(0, latencyMs + (this.random() * 2 - 1) * jitterMs);
  }

  push(deliver: () => void): void {
    const at = Math.max(this.now() + this.nextDelay(), this.lastAt);
    this.lastAt = at;
    this.queue.push({ at, deliver });
    if (this.timer === null) this.arm();
  }

  /** Messages not yet delivered. */
  get pending(): number {
    return this.queue.length - this.head;
  }

  /** Drops everything not yet delivered (the connection is gone). */
  clear(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    this.head = 0;
  }

  private arm(): void {
    const wait = Math.max(0, this.queue[this.head].at - this.now());
    this.timer = setTimeout(() => this.flush(), Math.ceil(wait));
  }

  private flush(): void {
    this.timer = null;
    const now = this.now();
    while (this.head < this.queue.length && this.queue[this.head].at <= now) {
      const { deliver } = this.queue[this.head];
      this.head++;
      deliver();
    }
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else {
      if (this.head > 1024) {
        this.queue = this.queue.slice(this.head);
        this.head = 0;
      }
      this.arm();
    }
  }
}

export interface LatencyProxy {
  server: Server;
  /** Ends every proxied connection at once. */
  closeConnections(): void;
}

/**
 * A TCP front for the emulator's real listener at `target`: each accepted connection is joined to a
 * fresh connection to `target`, and the bytes between them go through one DelayLine per direction.
 * Working below HTTP, it delays the WebSocket protocol, long polling and REST alike; end-of-stream
 * travels through the same line, after the bytes sent before it.
 */
export function createLatencyProxy(target: { host: string; port: number }, options: LatencyOptions): LatencyProxy {
  validateLatency(options);
  const pairs = new Set<{ client: Socket; upstream: Socket; lines: DelayLine[] }>();
  // Half-open sockets: each side's end-of-stream is forwarded through its line, after its bytes.
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ host: target.host, port: target.port, allowHalfOpen: true });
    const toServer = new DelayLine(options);
    const toClient = new DelayLine(options);
    const pair = { client, upstream, lines: [toServer, toClient] };
    pairs.add(pair);
    // Nagle's algorithm would add its own delay to small messages.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on('data', (chunk) => toServer.push(() => upstream.write(chunk)));
    upstream.on('data', (chunk) => toClient.push(() => client.write(chunk)));
    client.on('end', () => toServer.push(() => upstream.end()));
    upstream.on('end', () => toClient.push(() => client.end()));
    // A side that closed without a clean end (destroyed) is ended on the other side after what it sent.
    client.on('close', () => toServer.push(() => upstream.end()));
    upstream.on('close', () => toClient.push(() => client.end()));
    const forget = (): void => {
      if (!client.destroyed || !upstream.destroyed) return;
      pairs.delete(pair);
      toServer.clear();
      toClient.clear();
    };
    client.on('close', forget);
    upstream.on('close', forget);
    // A reset loses what is in flight, as on a real network.
    const reset = (): void => {
      toServer.clear();
      toClient.clear();
      client.destroy();
      upstream.destroy();
    };
    client.on('error', reset);
    upstream.on('error', reset);
  });
  return {
    server,
    closeConnections(): void {
      for (const pair of [...pairs]) {
        pairs.delete(pair);
        for (const line of pair.lines) line.clear();
        pair.client.destroy();
        pair.upstream.destroy();
      }
    },
  };
}
