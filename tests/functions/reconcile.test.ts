// reconcileReservations: the repair for reservations left behind when a function instance dies
// between its steps (docs/data-model.md). The "crashes" are written with the Admin SDK exactly as a
// dead placement or cancellation leaves the data; everything else goes through the real callables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCaller, createUser, dump, refusal, startEventEnv, stopEnv } from './helpers.js';
import { PERSON, key, product, ticketType } from './fixtures.js';
import { registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

const MINUTE = 60_000;
let env: TestEnv;
let admin: TestUser;
let buyer: TestUser;

const sold = async (path: string) => (await env.db.ref(`${path}/sold`).get()).val() as number;

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  await env.db.ref('ticketTypes/karnet').set(ticketType());
  await env.db
    .ref('archivedTicketTypes/stary')
    .set({ ...ticketType({ name: 'Karnet 2025' }), sold: 4, archivedAt: 1, archivedBy: admin.uid });
  await env.db.ref('products/koszulka').set(product());
  buyer = await registeredUser(env, { 'm-anna': { firstName: 'Anna', lastName: 'Kowalska' } });
});
afterAll(() => stopEnv(env));

describe('reconcileReservations', () => {
  let ticketOrder: string;
  let merchOrder: string;
  let deadCancellation: string;

  it('recounts sold from the orders, releases what dead steps left, and says what it changed', async () => {
    await setTicketBasket(env, buyer.uid, { self: 'karnet', 'm-anna': 'karnet' });
    ticketOrder = (await buyer.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }))
      .orderId;
    await setMerchBasket(env, buyer.uid, { 'l-a': { productId: 'koszulka', variantId: 'm', quantity: 3 } });
    merchOrder = (await buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }))
      .orderId;
    await setMerchBasket(env, buyer.uid, { 'l-a': { productId: 'koszulka', variantId: 'm', quantity: 2 } });
    deadCancellation = (
      await buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true })
    ).orderId;
    expect(await sold('ticketTypes/karnet')).toBe(2);
    expect(await sold('products/koszulka/variants/m')).toBe(5);

    const now = Date.now();
    // A placement that died after reserving: quota taken, a ticket claim and a `processing` key, no order.
    await env.db.ref('ticketTypes/karnet/sold').set(5);
    await env.db.ref(`tickets/${buyer.uid}/m-kid/karnet`).set({ orderId: 'ghostOrder', status: 'pending' });
    await env.db
      .ref(`idempotency/${buyer.uid}/deadkey`)
      .set({ orderId: 'ghostOrder', kind: 'tickets', status: 'processing', createdAt: now - 11 * MINUTE });
    // A cancellation that died after its commit point: cancelled, but its 2 shirts never returned.
    await env.db
      .ref(`orders/${deadCancellation}`)
      .update({ status: 'cancelled', released: false, cancelledAt: now - 11 * MINUTE, cancelledBy: buyer.uid });
    // Drift both ways on a variant, and an archived type nobody holds.
    await env.db.ref('products/koszulka/variants/l/sold').set(4);
    const statsBefore = (await env.db.ref('stats/admin/orders').get()).val();

    const out = await admin.call('reconcileReservations', {});
    expect(out).toMatchObject({
      checkedTicketTypes: 2,
      checkedVariants: 2,
      releasedTicketClaims: 1,
      removedStaleAttempts: 1,
      completedCancellations: 1,
    });
    expect(out.corrections).toEqual(
      expect.arrayContaining([
        { kind: 'ticketType', id: 'karnet', name: 'Karnet 3-dniowy', soldBefore: 5, soldAfter: 2 },
        { kind: 'ticketType', id: 'stary', name: 'Karnet 2025', soldBefore: 4, soldAfter: 0 },
        { kind: 'variant', id: 'koszulka/l', name: 'Koszulka „Bałtyk” (L)', soldBefore: 4, soldAfter: 0 },
      ]),
    );
    // The completed cancellation returned its 2 shirts before the recount, which then agreed: no correction for M.
    expect(out.corrections.map((c) => c.id)).not.toContain('koszulka/m');
    expect(out.corrections).toHaveLength(3);

    expect(await sold('ticketTypes/karnet')).toBe(2);
    expect(await sold('archivedTicketTypes/stary')).toBe(0);
    expect(await sold('products/koszulka/variants/m')).toBe(3);
    expect(await sold('products/koszulka/variants/l')).toBe(0);
    expect((await env.db.ref(`tickets/${buyer.uid}/m-kid`).get()).exists()).toBe(false);
    expect((await env.db.ref(`tickets/${buyer.uid}/self/karnet`).get()).val()).toEqual({
      orderId: ticketOrder,
      status: 'pending',
    });
    expect((await env.db.ref(`tickets/${buyer.uid}/m-anna/karnet`).get()).val()).toEqual({
      orderId: ticketOrder,
      status: 'pending',
    });
    expect((await env.db.ref(`idempotency/${buyer.uid}/deadkey`).get()).exists()).toBe(false);
    expect((await env.db.ref(`orders/${deadCancellation}/released`).get()).val()).toBe(true);
    expect((await env.db.ref(`orders/${merchOrder}/status`).get()).val()).toBe('pending');
    const statsAfter = (await env.db.ref('stats/admin/orders').get()).val();
    expect(statsAfter).toMatchObject({ pending: statsBefore.pending - 1, cancelled: (statsBefore.cancelled ?? 0) + 1 });
    expect((await env.db.ref('maintenance').get()).exists()).toBe(false);
  });

  it('changes nothing when everything already agrees', async () => {
    const before = await dump(env.db);
    const out = await admin.call('reconcileReservations', {});
    expect(out).toEqual({
      checkedTicketTypes: 2,
      checkedVariants: 2,
      corrections: [],
      releasedTicketClaims: 0,
      removedStaleAttempts: 0,
      completedCancellations: 0,
      correctedHoldings: 0,
      correctedDiscountUses: 0,
    });
    expect(await dump(env.db)).toEqual(before);
  });

  it('leaves a cancellation that is still releasing alone and counts what it holds', async () => {
    await env.db
      .ref(`orders/${merchOrder}`)
      .update({ status: 'cancelled', released: false, cancelledAt: Date.now(), cancelledBy: buyer.uid });
    const out = await admin.call('reconcileReservations', {});
    expect(out.completedCancellations).toBe(0);
    expect(out.corrections).toEqual([]);
    expect(await sold('products/koszulka/variants/m')).toBe(3);
    await env.db
      .ref(`orders/${merchOrder}`)
      .update({ status: 'pending', released: null, cancelledAt: null, cancelledBy: null });
  });

  it('waits for a placement under way to finish before it recounts', async () => {
    const attempt = env.db.ref(`idempotency/${buyer.uid}/finishing`);
    await attempt.set({ orderId: 'finishing', kind: 'merch', status: 'processing', createdAt: Date.now() });
    await env.db.ref('products/koszulka/variants/l/sold').set(2);
    const flag = env.db.ref('maintenance/reconcile');
    const flagRaised = new Promise<void>((resolve) => {
      const onFlag = (snapshot: { exists(): boolean }) => {
        if (!snapshot.exists()) return;
        flag.off('value', onFlag);
        resolve();
      };
      flag.on('value', onFlag);
    });
    const running = admin.call('reconcileReservations', {});
    let returned = false;
    void running.then(
      () => (returned = true),
      () => (returned = true),
    );
    await flagRaised;
    // Started (the flag is up) and held back by the placement under way: nothing recounted, no answer yet.
    expect(await sold('products/koszulka/variants/l')).toBe(2);
    expect(returned).toBe(false);
    await attempt.update({ status: 'done' });
    const out = await running;
    expect(out.corrections).toEqual([
      { kind: 'variant', id: 'koszulka/l', name: 'Koszulka „Bałtyk” (L)', soldBefore: 2, soldAfter: 0 },
    ]);
    expect(await sold('products/koszulka/variants/l')).toBe(0);
    await attempt.remove();
  });

  it('waits for placements under way and refuses, writing nothing, when they do not finish', async () => {
    await env.db
      .ref(`idempotency/${buyer.uid}/running`)
      .set({ orderId: 'inFlight', kind: 'merch', status: 'processing', createdAt: Date.now() });
    await env.db.ref('ticketTypes/karnet/sold').set(7);
    const before = await dump(env.db);
    const r = await refusal(admin.call('reconcileReservations', {}));
    expect(r).toMatchObject({
      code: 'aborted',
      reason: 'orders-in-progress',
      message: 'Właśnie składane są zamówienia — spróbuj przeliczyć rezerwacje za chwilę',
    });
    expect(await dump(env.db)).toEqual(before);
    await env.db.ref(`idempotency/${buyer.uid}/running`).remove();
    await env.db.ref('ticketTypes/karnet/sold').set(2);
  }, 60_000);

  it('refuses new orders while it runs, without keeping their key, and lets them through after', async () => {
    await env.db.ref('maintenance/reconcile').set({ by: admin.uid, startedAt: Date.now() });
    await setMerchBasket(env, buyer.uid, { 'l-a': { productId: 'koszulka', variantId: 'l', quantity: 1 } });
    const idempotencyKey = key();
    const before = await dump(env.db);
    const r = await refusal(buyer.call('placeMerchOrder', { idempotencyKey, buyer: PERSON, acceptTerms: true }));
    expect(r).toMatchObject({
      code: 'aborted',
      reason: 'maintenance',
      message: 'Trwa przeliczanie dostępności biletów i produktów — spróbuj ponownie za kilka sekund',
    });
    expect(await dump(env.db)).toEqual(before);
    // A second reconciliation is refused while the first one runs.
    const again = await refusal(admin.call('reconcileReservations', {}));
    expect(again).toMatchObject({
      code: 'aborted',
      reason: 'reconcile-running',
      message: 'Przeliczanie rezerwacji już trwa',
    });

    // A flag left by a reconciliation that died does not block sales for long.
    await env.db.ref('maintenance/reconcile/startedAt').set(Date.now() - 6 * MINUTE);
    const placed = await buyer.call('placeMerchOrder', { idempotencyKey, buyer: PERSON, acceptTerms: true });
    expect(placed.replayed).toBe(false);
    expect(await sold('products/koszulka/variants/l')).toBe(1);
    await env.db.ref('maintenance').remove();
  });

  it('is for admins only', async () => {
    const staff = await createUser(env, { claims: { staff: true } });
    for (const caller of [buyer, staff]) {
      expect(await refusal(caller.call('reconcileReservations', {}))).toMatchObject({
        code: 'permission-denied',
        reason: 'forbidden',
      });
    }
    expect(await refusal(anonymousCaller(env)('reconcileReservations', {}))).toMatchObject({ code: 'unauthenticated' });
    expect((await env.db.ref('maintenance').get()).exists()).toBe(false);
  });

  it('finds nothing to correct after full refunds: a holding refunded to 0 is the same as none', async () => {
    await admin.call('reconcileReservations', {});
    const refunded = await registeredUser(env, { 'm-ola': { firstName: 'Ola', lastName: 'Nowak' } });
    await setTicketBasket(env, refunded.uid, { self: 'karnet', 'm-ola': 'karnet' });
    const tickets = await refunded.call('placeTicketOrder', {
      idempotencyKey: key(),
      buyer: PERSON,
      acceptTerms: true,
    });
    await setMerchBasket(env, refunded.uid, { 'l-a': { productId: 'koszulka', variantId: 'l', quantity: 2 } });
    const merch = await refunded.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    for (const { orderId } of [tickets, merch]) {
      await admin.call('confirmPayment', { orderId });
      const lines = (await env.db.ref(`orders/${orderId}/lines`).get()).val() as Record<string, { quantity: number }>;
      await admin.call('startRefund', {
        orderId,
        lines: Object.fromEntries(Object.entries(lines).map(([id, l]) => [id, l.quantity])),
        reason: 'Rezygnacja',
        bankAccount: '61109010140000071219812874',
      });
    }
    // The refunds gave everything back; what the account held is now counted as 0.
    expect((await env.db.ref(`holdings/${refunded.uid}`).get()).val()).toEqual({
      tickets: { karnet: 0 },
      variants: { koszulka: { l: 0 } },
    });
    const before = await dump(env.db);
    const out = await admin.call('reconcileReservations', {});
    expect(out).toMatchObject({ corrections: [], correctedHoldings: 0, releasedTicketClaims: 0 });
    expect(await dump(env.db)).toEqual(before);
  }, 120_000);
});
