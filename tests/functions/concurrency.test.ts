import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, settleCalls, startEventEnv, stopEnv } from './helpers.js';
import { placeOrder } from './participants.js';
import { product, ticketType } from './fixtures.js';
import { registrationRecords } from '../helpers/registration.mjs';
import type { Refusal, TestEnv, TestUser } from './helpers.js';

// 200 buyers race for the last 50 tickets of a type (and, separately, the last 50 pieces of one merch
// variant). Exactly 50 must win, every loser must get a clear Polish refusal, and every counter must
// agree with the orders that exist.
const BUYERS = 200;
const LEFT = 50;

let env: TestEnv;
let admin: TestUser;
let buyers: TestUser[] = [];

async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  await env.db
    .ref('ticketTypes/ostatnie')
    .set(ticketType({ name: 'Karnet — ostatnia pula', quota: 250, sold: 250 - LEFT }));
  await env.db
    .ref('products/kubek')
    .set(
      product({ name: 'Kubek', variants: { std: { label: 'standard', stock: 60, sold: 60 - LEFT, sortOrder: 1 } } }),
    );
  buyers = await inBatches(
    Array.from({ length: BUYERS }, (_, i) => i),
    25,
    () => createUser(env),
  );
  // Profiles and the holder's own participant entry as completeRegistration writes them (covered by
  // its own tests); written directly here so the race is only about placing orders.
  const now = Date.now();
  const fixtures: Record<string, unknown> = {};
  buyers.forEach((b, i) => {
    Object.assign(fixtures, registrationRecords(b, { firstName: 'Kupujący', lastName: `Nr ${i}` }, now));
    fixtures[`baskets/${b.uid}`] = {
      tickets: { self: { ticketTypeId: 'ostatnie' } },
      merch: { 'l-k': { productId: 'kubek', variantId: 'std', quantity: 1 } },
      updatedAt: now,
    };
  });
  await env.db.ref().update(fixtures);
}, 600_000);
afterAll(() => stopEnv(env));

const RACE_TIMEOUT = 600_000;

async function race(callable: 'placeTicketOrder' | 'placeMerchOrder') {
  const started = Date.now();
  const { answers: won, refusals: lost } = await settleCalls(buyers.map((b) => placeOrder(b, callable)));
  console.log(`${callable}: ${BUYERS} concurrent calls settled in ${Date.now() - started} ms`, summarize(lost));
  return { won, lost };
}

function summarize(lost: Refusal[]) {
  return lost.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [`${r.code}/${r.reason}`]: (acc[`${r.code}/${r.reason}`] ?? 0) + 1 }),
    {},
  );
}

describe('no oversell under contention', () => {
  let ticketOrders: { orderId: string; number: string }[] = [];

  it(
    `${BUYERS} buyers, last ${LEFT} tickets: exactly ${LEFT} orders, the rest refused as sold out`,
    async () => {
      const { won, lost } = await race('placeTicketOrder');
      expect(summarize(lost)).toEqual({ 'resource-exhausted/sold-out': BUYERS - LEFT });
      expect(won).toHaveLength(LEFT);
      for (const r of lost) expect(r.message).toBe('Bilety „Karnet — ostatnia pula” są wyprzedane');
      ticketOrders = won;

      const tt = (await env.db.ref('ticketTypes/ostatnie').get()).val();
      expect(tt.sold).toBe(tt.quota);
      const orders = Object.values((await env.db.ref('orders').get()).val() ?? {}) as {
        kind: string;
        number: string;
        uid: string;
      }[];
      expect(orders.filter((o) => o.kind === 'tickets')).toHaveLength(LEFT);
      expect(new Set(orders.map((o) => o.number)).size).toBe(orders.length);
      const tickets = (await env.db.ref('tickets').get()).val() ?? {};
      expect(Object.keys(tickets)).toHaveLength(LEFT);
      const idem = Object.values((await env.db.ref('idempotency').get()).val() ?? {}).flatMap((byKey) =>
        Object.values(byKey as object),
      ) as { status: string }[];
      expect(idem.map((r) => r.status)).toEqual(Array(LEFT).fill('done'));
      expect((await env.db.ref('stats/admin/orders/pending').get()).val()).toBe(LEFT);
      expect((await env.db.ref('stats/admin/revenue/pendingGross').get()).val()).toBe(LEFT * 14900);
      // the winners' baskets lost their ticket part, the losers' baskets are intact
      const baskets = (await env.db.ref('baskets').get()).val();
      const winners = new Set(orders.map((o) => o.uid));
      for (const b of buyers) expect(Boolean(baskets[b.uid]?.tickets)).toBe(!winners.has(b.uid));
    },
    RACE_TIMEOUT,
  );

  it(
    `${BUYERS} buyers, last ${LEFT} pieces of one variant: exactly ${LEFT} orders`,
    async () => {
      const { won, lost } = await race('placeMerchOrder');
      expect(summarize(lost)).toEqual({ 'resource-exhausted/out-of-stock': BUYERS - LEFT });
      expect(won).toHaveLength(LEFT);
      for (const r of lost) expect(r.message).toBe('Kubek (standard) — wyprzedane');
      const v = (await env.db.ref('products/kubek/variants/std').get()).val();
      expect(v).toMatchObject({ stock: 60, sold: 60 });
      const orders = Object.values((await env.db.ref('orders').get()).val()) as { kind: string }[];
      expect(orders.filter((o) => o.kind === 'merch')).toHaveLength(LEFT);
    },
    RACE_TIMEOUT,
  );

  it(
    'cancelling concurrently returns exactly what was reserved',
    async () => {
      const toCancel = ticketOrders.slice(0, 20);
      ticketOrders = ticketOrders.slice(20);
      await Promise.all(toCancel.map((o) => admin.call('cancelOrder', { orderId: o.orderId })));
      expect((await env.db.ref('ticketTypes/ostatnie/sold').get()).val()).toBe(250 - 20);
      expect((await env.db.ref('stats/admin/orders/pending').get()).val()).toBe(2 * LEFT - 20);
    },
    RACE_TIMEOUT,
  );

  it(
    'concurrent payment confirmations get unique, gapless invoice numbers',
    async () => {
      const admin2 = await createUser(env, { claims: { admin: true } });
      const orders = ticketOrders; // 30 pending ticket orders
      // every order is confirmed twice at once (two admins clicking): one wins, the other is refused
      const { answers: ok, refusals: refused } = await settleCalls(
        orders.flatMap((o) => [
          admin.call('confirmPayment', { orderId: o.orderId }),
          admin2.call('confirmPayment', { orderId: o.orderId }),
        ]),
      );
      expect(new Set(ok.map((r) => r.orderId)).size).toBe(orders.length);
      expect(ok).toHaveLength(orders.length);
      for (const r of refused) expect(['busy', 'already-paid']).toContain(r.reason);
      const sequences = ok.map((r) => Number(r.invoiceNumber.split('/')[2])).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: orders.length }, (_, i) => i + 1));
      const year = ok[0].invoiceNumber.split('/')[1];
      expect((await env.db.ref(`counters/invoices/${year}`).get()).val()).toEqual({ last: orders.length });
      const invoices = Object.values((await env.db.ref('invoices').get()).val()).flatMap((byUser) =>
        Object.values(byUser as object),
      ) as { number: string }[];
      expect(invoices.map((i) => i.number).sort()).toEqual(ok.map((r) => r.invoiceNumber).sort());
      expect((await env.db.ref('stats/admin/orders/paid').get()).val()).toBe(orders.length);
    },
    RACE_TIMEOUT,
  );
});
