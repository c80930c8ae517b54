// The sales-rush mechanics of order placement, run in this test process against the layer's database
// emulator: the shared value listeners (functions/src/lib/liveNodes.ts) and the way concurrent
// reservations of one ticket type in one process (one Cloud Functions instance serving many calls)
// are decided — queued by the SDK behind one transaction write per round trip, each decided in
// arrival order on what the earlier ones left (docs/data-model.md, "Sales rush").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue, OrderLine, TicketType } from '../../functions/src/domain/index.js';
import { configureFunctionsProcess, startEnv, stopEnv } from './helpers.js';
import { ticketType } from './fixtures.js';
import type { TestEnv } from './helpers.js';

type LiveNodes = typeof import('../../functions/src/lib/liveNodes.js');
type Reservations = typeof import('../../functions/src/orders/reservations.js');
type Admin = typeof import('../../functions/src/lib/admin.js');

let env: TestEnv;
let live: LiveNodes;
let reservations: Reservations;
let functionsAdmin: Admin;

beforeAll(async () => {
  configureFunctionsProcess();
  functionsAdmin = await import('../../functions/src/lib/admin.js');
  live = await import('../../functions/src/lib/liveNodes.js');
  reservations = await import('../../functions/src/orders/reservations.js');
  env = await startEnv();
  expect(functionsAdmin.db.app.name).not.toBe(env.admin.name);
}, 120_000);
afterAll(async () => {
  await functionsAdmin?.db.goOffline();
  await stopEnv(env);
});

/** Protocol requests the emulator received so far, by kind (an emulator-only endpoint). */
async function requestCounts(): Promise<Record<string, number>> {
  const response = await fetch(`${env.stack.urls.rtdb}/.emulator/requests?ns=${env.stack.namespace}`);
  return (await response.json()) as Record<string, number>;
}

const ticketLine = (ticketTypeId: string, memberId: string): OrderLine => ({
  type: 'ticket',
  name: 'Karnet',
  unitGross: 14_900,
  quantity: 1,
  vatRate: 8,
  ticketTypeId,
  memberId,
  memberName: `Uczestnik ${memberId}`,
});

interface RefusalDetails {
  reason: string;
  message: string;
  left?: number;
}
const detailsOf = (result: PromiseSettledResult<unknown>): RefusalDetails | 'ok' =>
  result.status === 'fulfilled' ? 'ok' : (result.reason as { details: RefusalDetails }).details;

describe('held nodes (lib/liveNodes.ts)', () => {
  it('answer reads from the process’s cache, follow the server, and are shared until the last release', async () => {
    await env.db.ref('ticketTypes/held').set(ticketType({ name: 'Karnet', sold: 0 }));
    const first = await live.holdNode('ticketTypes', { lingerMs: 0 });
    const second = await live.holdNode('ticketTypes', { lingerMs: 0 });
    expect(first.value('held/sold')).toBe(0);
    expect(live.heldPaths().filter((p) => p === 'ticketTypes')).toHaveLength(1);

    // A read below a held node does not ask the server.
    const before = await requestCounts();
    const read = (await functionsAdmin.db.ref('ticketTypes/held').get()).val() as TicketType;
    expect(read.sold).toBe(0);
    expect((await requestCounts()).get ?? 0).toBe(before.get ?? 0);

    // Another connection's write reaches the held value.
    await env.db.ref('ticketTypes/held/sold').set(5);
    await expect.poll(() => second.value('held/sold'), { timeout: 10_000 }).toBe(5);

    first.release();
    first.release(); // a second release of the same hold changes nothing
    expect(live.heldPaths()).toContain('ticketTypes');
    second.release();
    expect(live.heldPaths()).not.toContain('ticketTypes');
  });

  it('keep listening for their linger after the last release, and a new hold in that time reuses the listener', async () => {
    const held = await live.holdNode('counters/orders/2026', { lingerMs: 300 });
    held.release();
    expect(live.heldPaths()).toContain('counters/orders/2026');
    const again = await live.holdNode('counters/orders/2026', { lingerMs: 300 });
    again.release();
    await expect.poll(() => live.heldPaths().includes('counters/orders/2026'), { timeout: 10_000 }).toBe(false);
  });

  it('NodeHolds gives back a hold that arrives after its operation released everything', async () => {
    const holds = new live.NodeHolds();
    const late = holds.hold('event');
    holds.releaseAll();
    await late;
    expect(live.heldPaths()).not.toContain('event');
  });
});

describe('concurrent reservations of one ticket type in one process', () => {
  const NOW = Date.now();

  async function reserveAll(
    ticketTypeId: string,
    requests: { uid: string; lines: OrderLine[] }[],
    catalogue: Catalogue,
  ) {
    const undos = requests.map(() => [] as { label: string; run: () => Promise<unknown> }[]);
    // Started in one go, as the calls an instance serves at the same moment.
    const settled = await Promise.allSettled(
      requests.map((r, i) =>
        reservations.reserveOrderLines(r.uid, `order-${r.uid}`, r.lines, catalogue, NOW, undos[i]),
      ),
    );
    // The caller (placeOrder) gives back what a refused order took.
    await Promise.all(
      settled.map((s, i) =>
        s.status === 'rejected'
          ? reservations.runUndo(undos[i], (label, error) => {
              throw new Error(`${label}: ${String(error)}`);
            })
          : null,
      ),
    );
    return settled;
  }

  it('are decided in arrival order — fit while there is room, exact refusals after — with fewer writes than orders', async () => {
    const type = ticketType({ name: 'Karnet', quota: 10, sold: 0 });
    await env.db.ref('ticketTypes/kolejka').set(type);
    const catalogue: Catalogue = { ticketTypes: new Map([['kolejka', type as TicketType]]), products: new Map() };
    const held = await live.holdNode('ticketTypes');
    const seen: number[] = [];
    const observer = env.db.ref('ticketTypes/kolejka/sold');
    const onSold = (snap: { val(): unknown }) => void seen.push(snap.val() as number);
    observer.on('value', onSold);
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBeGreaterThan(0);
    try {
      // 8 single tickets, then one order for 3 (only 2 left by then), then 11 more singles.
      const requests = Array.from({ length: 20 }, (_, i) => ({
        uid: `kolejka-${i}`,
        lines: i === 8 ? ['a', 'b', 'c'].map((m) => ticketLine('kolejka', m)) : [ticketLine('kolejka', 'self')],
      }));
      const settled = await reserveAll('kolejka', requests, catalogue);
      const outcomes = settled.map(detailsOf);
      expect(outcomes.slice(0, 8)).toEqual(Array(8).fill('ok'));
      expect(outcomes[8]).toMatchObject({ reason: 'sold-out', left: 2, message: 'Zostało tylko 2 bilety „Karnet”' });
      expect(outcomes.slice(9, 11)).toEqual(['ok', 'ok']);
      for (const o of outcomes.slice(11))
        expect(o).toMatchObject({ reason: 'sold-out', left: 0, message: 'Bilety „Karnet” są wyprzedane' });

      expect((await env.db.ref('ticketTypes/kolejka/sold').get()).val()).toBe(10);
      await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe(10);
      // The ten reservations reached the node in fewer writes than ten (the SDK sends what queued
      // while a write was in flight as one write): the observer saw sold jump, not step by one.
      expect(new Set(seen).size - 1).toBeLessThan(10);
      // What the refused orders took for a moment (claims, holdings) is given back.
      for (const i of [8, 11, 19]) {
        expect((await env.db.ref(`holdings/kolejka-${i}`).get()).exists()).toBe(false);
        expect((await env.db.ref(`tickets/kolejka-${i}`).get()).exists()).toBe(false);
      }
      expect((await env.db.ref('holdings/kolejka-3').get()).val()).toEqual({ tickets: { kolejka: 1 } });
    } finally {
      observer.off('value', onSold);
      held.release();
    }
  });

  it('never oversell when another writer changes the node meanwhile; a refused write does not stop the queue', async () => {
    const type = ticketType({ name: 'Karnet', quota: 60, sold: 0 });
    await env.db.ref('ticketTypes/wyscig').set(type);
    const catalogue: Catalogue = { ticketTypes: new Map([['wyscig', type as TicketType]]), products: new Map() };
    const held = await live.holdNode('ticketTypes');
    try {
      // Another instance takes tickets one by one (each its own transaction on its own connection)
      // while this process's 50 reservations queue: this process's writes are refused (datastale)
      // and re-decided on the new value.
      const other = Promise.all(
        Array.from({ length: 30 }, () =>
          env.db
            .ref('ticketTypes/wyscig/sold')
            .transaction((sold: number | null) => (sold === null ? null : sold < 60 ? sold + 1 : undefined)),
        ),
      );
      const requests = Array.from({ length: 50 }, (_, i) => ({
        uid: `wyscig-${i}`,
        lines: [ticketLine('wyscig', 'self')],
      }));
      const [settled, theirs] = await Promise.all([reserveAll('wyscig', requests, catalogue), other]);
      const ours = settled.filter((s) => s.status === 'fulfilled').length;
      const theirsCommitted = theirs.filter((t) => t.committed).length;
      for (const s of settled)
        if (s.status === 'rejected') expect(detailsOf(s)).toMatchObject({ reason: 'sold-out', left: 0 });
      expect(ours + theirsCommitted).toBe(60);
      expect((await env.db.ref('ticketTypes/wyscig/sold').get()).val()).toBe(60);

      // The queue goes on: a ticket given back is taken by the next reservation.
      await reservations.releaseTicketQuota('wyscig', 1);
      const next = await reserveAll(
        'wyscig',
        [{ uid: 'wyscig-next', lines: [ticketLine('wyscig', 'self')] }],
        catalogue,
      );
      expect(next.map(detailsOf)).toEqual(['ok']);
    } finally {
      held.release();
    }
  });

  it('all answer when the node is gone, and the queue serves the type again once it is back', async () => {
    const type = ticketType({ name: 'Karnet', quota: 5, sold: 0 });
    const catalogue: Catalogue = { ticketTypes: new Map([['znika', type as TicketType]]), products: new Map() };
    const held = await live.holdNode('ticketTypes');
    try {
      const gone = await reserveAll(
        'znika',
        Array.from({ length: 5 }, (_, i) => ({ uid: `znika-${i}`, lines: [ticketLine('znika', 'self')] })),
        catalogue,
      );
      for (const s of gone)
        expect(detailsOf(s)).toMatchObject({
          reason: 'ticket-type-missing',
          message: 'Bilet „Karnet” nie jest już dostępny',
        });
      await env.db.ref('ticketTypes/znika').set(type);
      const back = await reserveAll('znika', [{ uid: 'znika-back', lines: [ticketLine('znika', 'self')] }], catalogue);
      expect(back.map(detailsOf)).toEqual(['ok']);
      expect((await env.db.ref('ticketTypes/znika/sold').get()).val()).toBe(1);
    } finally {
      held.release();
    }
  });
});
