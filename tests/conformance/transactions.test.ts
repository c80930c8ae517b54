// Transactions: the SDK sends a put with the hash of the value it based its update on; the server
// refuses a stale hash with `datastale`, the SDK re-runs the update on fresh data and converges.
// That only works when the server computes node hashes exactly as the SDK does.
import { afterAll, describe, expect, it } from 'vitest';
import { get, onValue, ref, runTransaction, set, setWithPriority } from 'firebase/database';
import { closeAll, errorText, namespaceUnderTest, waitUntil, webClient } from '../helpers/rtdb.js';
import type { WebClient } from '../helpers/rtdb.js';

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin } = await namespaceUnderTest('transactions');
afterAll(() => closeAll(target, admin));

describe('transactions', () => {
  it('50 clients (50 connections) incrementing one counter concurrently end at exactly 50', async () => {
    const clients: WebClient[] = Array.from({ length: 50 }, () => webClient(target, ns));
    try {
      // Connect everyone first so the increments really overlap on the server.
      await Promise.all(clients.map((c) => get(ref(c.db, 'tx/warmup'))));
      let maxRetryRestarts = 0;
      const committedValues = await Promise.all(
        clients.map(async (c) => {
          // 25 retries is the SDK's own limit; under heavy contention an unlucky client may hit it
          // and an application would simply run the transaction again. A lost or doubled update
          // shows up in the final count either way.
          for (;;) {
            try {
              const result = await runTransaction(
                ref(c.db, 'tx/counter'),
                (current: number | null) => (current ?? 0) + 1,
              );
              expect(result.committed).toBe(true);
              return result.snapshot.val() as number;
            } catch (error) {
              if (!errorText(error).includes('maxretry')) throw error;
              maxRetryRestarts += 1;
            }
          }
        }),
      );
      expect((await admin.db.ref('tx/counter').once('value')).val()).toBe(50);
      // Every commit saw a distinct value: no two clients committed on top of the same state.
      expect([...committedValues].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
      expect(maxRetryRestarts).toBeLessThan(50);
    } finally {
      await Promise.all(clients.map((c) => c.close()));
    }
  });

  it('Admin SDK transactions commit and abort the same way', async () => {
    await admin.db.ref('tx/admin').set({ seats: 2 });
    const take = () =>
      admin.db.ref('tx/admin').transaction((current: { seats: number } | null) => {
        if (current === null) return current;
        if (current.seats <= 0) return undefined;
        return { seats: current.seats - 1 };
      });
    const results = await Promise.all([take(), take(), take()]);
    expect(results.map((r) => r.committed).sort()).toEqual([false, true, true]);
    expect((await admin.db.ref('tx/admin').once('value')).val()).toEqual({ seats: 0 });
  });

  it('a transaction based on a stale local value is refused and re-run on the server value', async () => {
    await admin.db.ref('tx/stale').set({ count: 10, note: 'server' });
    const client = webClient(target, ns);
    try {
      const seen: unknown[] = [];
      // The client has no cached data, so the first attempt runs on null and must be refused.
      const result = await runTransaction(ref(client.db, 'tx/stale'), (current: { count: number } | null) => {
        seen.push(current === null ? null : { ...current });
        if (current === null) return { count: 1 };
        return { ...current, count: current.count + 1 };
      });
      expect(result.committed).toBe(true);
      expect(result.snapshot.val()).toEqual({ count: 11, note: 'server' });
      expect(seen.at(-1)).toEqual({ count: 10, note: 'server' });
      expect((await admin.db.ref('tx/stale').once('value')).val()).toEqual({ count: 11, note: 'server' });
    } finally {
      await client.close();
    }
  });

  it('hashes agree for every value shape (priorities, floats, unicode, nested) so transactions commit', async () => {
    const shapes: Record<string, unknown> = {
      int: 7,
      float: 0.1,
      negative: -1e21,
      bool: false,
      text: 'zażółć "gęślą" \\ jaźń 😀',
      control: 'tab\tnewline\n\u0001',
      tiny: 5e-324,
      small: 2.2250738585072014e-308,
      huge: 1.7976931348623157e308,
      beyondSafe: 2 ** 53 + 2,
      fraction: 1 / 3,
      intKeys: { '1': 'a', '2': 'b', '10': 'c', '-1': 'd', x: 'e' },
      nested: { a: { b: { c: [1, 2, 3] } }, '10': 'x', '2': 'y', z: true },
    };
    const client = webClient(target, ns);
    try {
      for (const [key, value] of Object.entries(shapes)) {
        await admin.db.ref(`tx/shapes/${key}`).set(value);
        // Cache the server value locally first: the transaction then sends its hash, and a hash
        // the server disagrees with would be refused on every retry (maxretry).
        let cached = false;
        const off = onValue(ref(client.db, `tx/shapes/${key}`), () => {
          cached = true;
        });
        await waitUntil(() => cached, `cached ${key}`);
        const result = await runTransaction(ref(client.db, `tx/shapes/${key}`), (current: unknown) => ({
          was: current,
        }));
        off();
        expect(result.committed, key).toBe(true);
        expect((await admin.db.ref(`tx/shapes/${key}`).once('value')).val(), key).toEqual({ was: value });
      }
      await setWithPriority(ref(client.db, 'tx/shapes/prio'), { v: 1 }, 5);
      await admin.db.ref('tx/shapes/prio/w').setWithPriority('x', 'p');
      const result = await runTransaction(ref(client.db, 'tx/shapes/prio'), (current: { v: number } | null) =>
        current ? { ...current, v: current.v + 1 } : current,
      );
      expect(result.committed).toBe(true);
      expect((await admin.db.ref('tx/shapes/prio/v').once('value')).val()).toBe(2);
    } finally {
      await client.close();
    }
  });

  it('a transaction that returns undefined aborts: not committed, nothing written', async () => {
    await admin.db.ref('tx/abort').set({ stock: 0 });
    const client = webClient(target, ns);
    try {
      const result = await runTransaction(ref(client.db, 'tx/abort'), (current: { stock: number } | null) => {
        if (current === null) return current; // first pass without data: let the server answer
        if (current.stock <= 0) return undefined;
        return { stock: current.stock - 1 };
      });
      expect(result.committed).toBe(false);
      expect(result.snapshot.val()).toEqual({ stock: 0 });
      expect((await admin.db.ref('tx/abort').once('value')).val()).toEqual({ stock: 0 });
    } finally {
      await client.close();
    }
  });

  it('a transaction on a node that another client writes to concurrently converges on the latest data', async () => {
    await admin.db.ref('tx/contended').set({ tx: 0 });
    const writer = webClient(target, ns);
    const txClient = webClient(target, ns);
    try {
      const writes: Array<Promise<void>> = [];
      for (let i = 1; i <= 10; i += 1) {
        // One plain set of a field inside the node by another connection, racing each transaction.
        writes.push(set(ref(writer.db, `tx/contended/w${i}`), i));
        const result = await runTransaction(ref(txClient.db, 'tx/contended'), (current: { tx: number } | null) =>
          current ? { ...current, tx: current.tx + 1 } : { tx: 1 },
        );
        expect(result.committed).toBe(true);
        expect((result.snapshot.val() as { tx: number }).tx).toBe(i);
      }
      await Promise.all(writes);
      const final = (await admin.db.ref('tx/contended').once('value')).val() as Record<string, number>;
      expect(final.tx).toBe(10);
      // Each commit was checked against the server's current node (hash), so no racing write can
      // have been overwritten by a transaction that had not seen it.
      const expected: Record<string, number> = { tx: 10 };
      for (let i = 1; i <= 10; i += 1) expected[`w${i}`] = i;
      expect(final).toEqual(expected);
    } finally {
      await Promise.all([writer.close(), txClient.close()]);
    }
  });

  it('a transaction started right after another connection wrote the node works on that write', async () => {
    await admin.db.ref('tx/race').set(1);
    const client = webClient(target, ns);
    try {
      let cached: unknown;
      const off = onValue(ref(client.db, 'tx/race'), (s) => {
        cached = s.val();
      });
      await waitUntil(() => cached === 1, 'client cached 1');
      // Acknowledged by the server before the transaction starts; the client's cache may still
      // say 1, and a server that ignored the stale hash would end at 2.
      await admin.db.ref('tx/race').set(100);
      const result = await runTransaction(ref(client.db, 'tx/race'), (current: number | null) => (current ?? 0) * 2);
      off();
      expect(result.committed).toBe(true);
      expect(result.snapshot.val()).toBe(200);
      expect((await admin.db.ref('tx/race').once('value')).val()).toBe(200);
    } finally {
      await client.close();
    }
  });
});
