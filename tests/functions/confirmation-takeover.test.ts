// A payment confirmation that stalls past its lock's TTL (a Functions instance frozen mid-way) while
// another confirmation takes the lock over and books the payment: when the stalled one resumes it must
// stop before its final update instead of booking the payment a second time. The stalled confirmation
// runs in this test process (the functions' own modules against the layer's database emulator), split
// at its lock, so the takeover happens exactly in between; the one taking over is the real callable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_LOCK_TTL_MS, sellerSchema, parseWith } from '../../functions/src/domain/index.js';
import { configureFunctionsProcess, startEventEnv, stopEnv } from './helpers.js';
import { ticketType } from './fixtures.js';
import { placeOrder, registeredUser, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

type Confirmation = typeof import('../../functions/src/orders/confirmation.js');
type Admin = typeof import('../../functions/src/lib/admin.js');

let env: TestEnv;
let admin: TestUser;
let confirmation: Confirmation;
let functionsAdmin: Admin;

beforeAll(async () => {
  configureFunctionsProcess();
  functionsAdmin = await import('../../functions/src/lib/admin.js');
  confirmation = await import('../../functions/src/orders/confirmation.js');
  ({ env, admin } = await startEventEnv());
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 10 }));
}, 120_000);
afterAll(async () => {
  await functionsAdmin?.db.goOffline();
  await stopEnv(env);
});

const val = async (path: string) => (await env.db.ref(path).get()).val();

async function seller() {
  const parsed = parseWith(sellerSchema, await val('event/seller'));
  if (!parsed.ok) throw new Error('The event fixture has no valid seller');
  return parsed.data;
}

/** A placed order whose confirmation took its lock and then stalled for longer than the lock's TTL. */
async function stalledConfirmation(orderId: string) {
  const startedAt = Date.now();
  const lock = await confirmation.lockForConfirmation(orderId, { uid: admin.uid }, startedAt, false);
  await env.db.ref(`orders/${orderId}/lock/at`).set(startedAt - CONFIRM_LOCK_TTL_MS - 1_000);
  return {
    resume: async () =>
      confirmation.finishConfirmation(lock, {
        seller: await seller(),
        caller: { uid: admin.uid },
        now: startedAt,
        options: {},
      }),
  };
}

async function ticketOrder(): Promise<{ uid: string; orderId: string }> {
  const buyer = await registeredUser(env);
  await setTicketBasket(env, buyer.uid, { self: 'karnet' });
  return { uid: buyer.uid, orderId: (await placeOrder(buyer, 'placeTicketOrder')).orderId };
}

describe('a confirmation whose lock was taken over', () => {
  it('stops with "busy" when it resumes, and the payment stays booked once: one invoice, one count', async () => {
    const { orderId } = await ticketOrder();
    const stalled = await stalledConfirmation(orderId);
    const paidBefore = ((await val('stats/admin/orders/paid')) ?? 0) as number;

    const booked = await admin.call('confirmPayment', { orderId });
    const afterTakeover = { order: await val(`orders/${orderId}`), counter: await val('counters/invoices') };

    await expect(stalled.resume()).rejects.toMatchObject({ details: { reason: 'busy' } });
    expect(await val(`orders/${orderId}`)).toEqual(afterTakeover.order);
    expect(afterTakeover.order).toMatchObject({ status: 'paid', invoiceNumber: booked.invoiceNumber });
    expect(afterTakeover.order.lock).toBeUndefined();
    // No second count and no number reserved for an invoice nobody issues.
    expect(await val('stats/admin/orders/paid')).toBe(paidBefore + 1);
    expect(await val('counters/invoices')).toEqual(afterTakeover.counter);
    expect(Object.values(afterTakeover.counter as Record<string, { pending?: unknown }>)[0].pending).toBeUndefined();
  });

  it('of an expired order stops at the ticket already paid and gives back the quota it took again', async () => {
    const { uid, orderId } = await ticketOrder();
    await env.db.ref(`orders/${orderId}/payBy`).set(Date.now() - 1);
    expect((await admin.call('expireUnpaidOrders', {})).expired).toHaveLength(1);
    const soldBefore = (await val('ticketTypes/karnet/sold')) as number;
    const stalled = await stalledConfirmation(orderId);

    await admin.call('confirmPayment', { orderId });
    expect(await val('ticketTypes/karnet/sold')).toBe(soldBefore + 1);

    await expect(stalled.resume()).rejects.toMatchObject({ details: { reason: 'busy' } });
    expect(await val('ticketTypes/karnet/sold')).toBe(soldBefore + 1);
    expect(await val(`tickets/${uid}/self/karnet`)).toEqual({ orderId, status: 'paid' });
    expect(await val(`orders/${orderId}/status`)).toBe('paid');
  });
});
