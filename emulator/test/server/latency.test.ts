import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initializeApp, deleteApp, type FirebaseApp } from 'firebase/app';
import { getDatabase, ref, runTransaction, set, get, goOffline } from 'firebase/database';
import { RawClient } from './raw-client.js';
import { startEmulator, type RunningEmulator } from '../../src/index.js';
import { DelayLine, defaultJitter } from '../../src/server/latency.js';
import { parseCliArgs } from '../../src/cli.js';

describe('DelayLine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers a message once its delay has passed, not a millisecond before', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const delivered: string[] = [];
    const line = new DelayLine({ latencyMs: 40, jitterMs: 0 });
    line.push(() => delivered.push('a'));
    vi.advanceTimersByTime(39);
    expect(delivered).toEqual([]);
    expect(line.pending).toBe(1);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['a']);
    expect(line.pending).toBe(0);
  });

  it('draws each delay from latency ± jitter', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const delivered: string[] = [];
    // random() = 0 → latency − jitter; random() → 1 → latency + jitter
    const draws = [0, 0.999999];
    const early = new DelayLine({ latencyMs: 40, jitterMs: 10, random: () => draws[0] });
    const late = new DelayLine({ latencyMs: 40, jitterMs: 10, random: () => draws[1] });
    early.push(() => delivered.push('early'));
    late.push(() => delivered.push('late'));
    vi.advanceTimersByTime(29);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['early']);
    vi.advanceTimersByTime(19);
    expect(delivered).toEqual(['early']);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual(['early', 'late']);
  });

  it('keeps the order of a connection: a message drawn a shorter delay waits for the one before it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const delivered: number[] = [];
    const draws = [0.999999, 0, 0.5];
    let i = 0;
    const line = new DelayLine({ latencyMs: 40, jitterMs: 10, random: () => draws[i++] });
    line.push(() => delivered.push(1)); // 50 ms
    vi.advanceTimersByTime(5);
    line.push(() => delivered.push(2)); // 5 + 30 = 35 ms, held behind the first
    line.push(() => delivered.push(3)); // 5 + 40 = 45 ms
    vi.advanceTimersByTime(44);
    expect(delivered).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(delivered).toEqual([1, 2, 3]);
  });

  it('drops what is in flight when cleared', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const delivered: string[] = [];
    const line = new DelayLine({ latencyMs: 40, jitterMs: 0 });
    line.push(() => delivered.push('lost'));
    line.clear();
    vi.advanceTimersByTime(1000);
    expect(delivered).toEqual([]);
  });

  it('refuses a negative or absurd latency', () => {
    expect(() => new DelayLine({ latencyMs: -1, jitterMs: 0 })).toThrow(RangeError);
    expect(() => new DelayLine({ latencyMs: 40, jitterMs: Number.NaN })).toThrow(RangeError);
  });
});

describe('--latency on the command line', () => {
  it('parses the latency and the jitter, with a quarter of the latency as the default jitter', () => {
    expect(parseCliArgs(['--latency', '40'])).toMatchObject({ latencyMs: 40 });
    expect(parseCliArgs(['--latency', '40', '--latency-jitter', '5'])).toMatchObject({
      latencyMs: 40,
      latencyJitterMs: 5,
    });
    expect(defaultJitter(40)).toBe(10);
  });

  it('refuses a bad value and a jitter without a latency', () => {
    expect(() => parseCliArgs(['--latency', 'fast'])).toThrow(/--latency "fast"/);
    expect(() => parseCliArgs(['--latency', '-3'])).toThrow(/--latency/);
    expect(() => parseCliArgs(['--latency-jitter', '5'])).toThrow(/needs --latency/);
  });
});

describe('an emulator started with latency', () => {
  const LATENCY = 40;
  let emu: RunningEmulator;
  let app: FirebaseApp;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, latencyMs: LATENCY, latencyJitterMs: 0 });
  });
  afterAll(async () => {
    if (app) {
      goOffline(getDatabase(app));
      await deleteApp(app);
    }
    await emu.close();
  });

  it('answers a request no sooner than one delay each way', async () => {
    const client = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=lat1`);
    await client.opened;
    for (let i = 0; i < 3; i++) {
      const sent = performance.now();
      const answer = await client.request('p', { p: '/x', d: i });
      const roundTrip = performance.now() - sent;
      expect(answer).toEqual({ s: 'ok', d: '' });
      // A lower bound only: a loaded machine can make it later, never earlier. 1 ms for timer rounding.
      expect(roundTrip).toBeGreaterThanOrEqual(2 * LATENCY - 1);
    }
    client.close();
  });

  it('keeps the order of messages on a connection', async () => {
    const client = new RawClient(`ws://127.0.0.1:${emu.port}/.ws?v=5&ns=lat2`);
    await client.opened;
    await client.request('q', { p: '/list', h: '' });
    const writes = Array.from({ length: 20 }, (_, i) =>
      client.request('p', { p: `/list/k${String(i).padStart(2, '0')}`, d: i }),
    );
    await Promise.all(writes);
    const values = client.pushes.filter((p) => p.a === 'd' && String(p.b.p).startsWith('/list/')).map((p) => p.b.d);
    expect(values).toEqual(Array.from({ length: 20 }, (_, i) => i));
    client.close();
  });

  it('serves REST through the same delay', async () => {
    const sent = performance.now();
    const response = await fetch(`${emu.url}/rest.json?ns=lat3`, { method: 'PUT', body: '{"a":1}' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ a: 1 });
    expect(performance.now() - sent).toBeGreaterThanOrEqual(2 * LATENCY - 1);
  });

  it('runs the SDK transactions, and counts the requests they needed', async () => {
    app = initializeApp({ databaseURL: `http://127.0.0.1:${emu.port}?ns=lat4`, projectId: 'lat4' }, 'latency-test');
    const db = getDatabase(app);
    await set(ref(db, 'counter'), { last: 5 });
    const counts = async () =>
      (await (await fetch(`${emu.url}/.emulator/requests?ns=lat4`)).json()) as Record<string, number>;
    const before = await counts();
    // Nothing is cached at `counter` (no listener): the first attempt carries the hash of null,
    // the server answers datastale, and the SDK retries with the value its listen brought.
    const result = await runTransaction(ref(db, 'counter'), (cur: { last: number } | null) => ({
      last: (cur?.last ?? 0) + 1,
    }));
    expect(result.committed).toBe(true);
    expect((await get(ref(db, 'counter'))).val()).toEqual({ last: 6 });
    const after = await counts();
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    expect(delta('transaction')).toBe(2);
    expect(delta('datastale')).toBe(1);
    expect(delta('listen')).toBeGreaterThanOrEqual(1);
  });
});
