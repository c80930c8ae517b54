import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dump, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, product } from './fixtures.js';
import { placeOrder, registeredUser, setMerchBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

// syncOfflineHandOuts (issue 29): hand-outs queued by a station while offline, applied exactly once
// each, conflicts (two devices, a refund meanwhile, a changed quantity) recorded once and filed.

let env: TestEnv;
let admin: TestUser;
let staffA: TestUser;
let staffB: TestUser;

beforeAll(async () => {
  env = await startEnv();
  admin = await createUser(env, { claims: { admin: true } });
  staffA = await createUser(env, { claims: { staff: true } });
  staffB = await createUser(env, { claims: { staff: true } });
  await env.db.ref('event').set(EVENT);
  await env.db.ref('products/koszulka').set(product());
});
afterAll(() => stopEnv(env));

const val = async (path: string) => (await env.db.ref(path).get()).val();
const deviceA = randomUUID();
const deviceB = randomUUID();

/** A participant with waiting items written as confirmPayment writes them. */
async function personWithItems(items: Record<string, { label: string; quantity: number }>): Promise<TestUser> {
  const person = await registeredUser(env);
  const createdAt = Date.now() - 60_000;
  for (const [id, item] of Object.entries(items))
    await env.db.ref(`pickups/${person.uid}/${id}`).set({ orderId: 'zam1', ...item, status: 'waiting', createdAt });
  return person;
}

const handOut = (uid: string, itemId: string, quantity = 1, at = Date.now() - 30_000) => ({
  id: randomUUID(),
  uid,
  itemId,
  quantity,
  at,
});

describe('syncOfflineHandOuts', () => {
  it('applies each hand-out once, at the time the device recorded, by the syncing staff and device; a retry changes nothing', async () => {
    const person = await personWithItems({
      'zam1-l1': { label: 'Kubek', quantity: 2 },
      'zam1-l2': { label: 'Opaska', quantity: 1 },
    });
    const pickedBefore = ((await val('stats/admin/pickups/picked')) ?? 0) as number;
    const batch = [handOut(person.uid, 'zam1-l1', 2, Date.now() - 40_000), handOut(person.uid, 'zam1-l2')];
    const first = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: batch });
    expect(first.results).toEqual(batch.map((h) => ({ id: h.id, outcome: 'applied', replayed: false })));
    expect(await val(`pickups/${person.uid}/zam1-l1`)).toMatchObject({
      status: 'picked',
      pickedAt: batch[0].at,
      pickedBy: staffA.uid,
      pickedDevice: deviceA,
    });
    expect(await val('stats/admin/pickups/picked')).toBe(pickedBefore + 2);
    expect(await val(`pickupLocks/${person.uid}`)).toBeNull();

    const before = await dump(env.db);
    const again = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: batch });
    expect(again.results).toEqual(batch.map((h) => ({ id: h.id, outcome: 'applied', replayed: true })));
    expect(await dump(env.db)).toEqual(before);
  });

  it('two devices hand out the same item offline: the first synced stands, the other is a conflict naming both, filed once', async () => {
    const person = await personWithItems({ 'zam1-l1': { label: 'Koszulka M', quantity: 1 } });
    const onA = handOut(person.uid, 'zam1-l1', 1, Date.now() - 50_000);
    const onB = handOut(person.uid, 'zam1-l1', 1, Date.now() - 20_000);
    await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [onA] });
    const pickedBefore = (await val('stats/admin/pickups/picked')) as number;
    const fromB = await staffB.call('syncOfflineHandOuts', { deviceId: deviceB, handOuts: [onB] });
    expect(fromB.results).toEqual([{ id: onB.id, outcome: 'conflict', reason: 'already-picked', replayed: false }]);
    // The item keeps the hand-out that stands, counted once.
    expect(await val(`pickups/${person.uid}/zam1-l1`)).toMatchObject({
      pickedBy: staffA.uid,
      pickedAt: onA.at,
      pickedDevice: deviceA,
    });
    expect(await val('stats/admin/pickups/picked')).toBe(pickedBefore);
    const conflict = await val(`pickupConflicts/${onB.id}`);
    expect(conflict).toMatchObject({
      uid: person.uid,
      itemId: 'zam1-l1',
      label: 'Koszulka M',
      personName: 'Jan Kowalski',
      reason: 'already-picked',
      offline: { by: staffB.uid, deviceId: deviceB, at: onB.at },
      recorded: { by: staffA.uid, deviceId: deviceA, at: onA.at },
    });
    expect(conflict.offline.byName).toBeTruthy();
    const conflictsBefore = Object.keys((await val('pickupConflicts')) as object).length;
    const retry = await staffB.call('syncOfflineHandOuts', { deviceId: deviceB, handOuts: [onB] });
    expect(retry.results[0]).toMatchObject({ outcome: 'conflict', replayed: true });
    expect(Object.keys((await val('pickupConflicts')) as object)).toHaveLength(conflictsBefore);
  });

  it('one device hands the same item out twice in its queue: the second is a conflict with the first', async () => {
    const person = await personWithItems({ 'zam1-l1': { label: 'Czapka', quantity: 1 } });
    const batch = [handOut(person.uid, 'zam1-l1'), handOut(person.uid, 'zam1-l1')];
    const { results } = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: batch });
    expect(results.map((r) => r.outcome)).toEqual(['applied', 'conflict']);
  });

  it('an item refunded while the station was offline is a conflict, and the refund stands', async () => {
    const buyer = await registeredUser(env);
    await setMerchBasket(env, buyer.uid, { 'l-1': { productId: 'koszulka', variantId: 'm', quantity: 1 } });
    const { orderId } = await placeOrder(buyer, 'placeMerchOrder');
    await admin.call('confirmPayment', { orderId });
    const [[itemId, item]] = Object.entries(
      (await val(`pickups/${buyer.uid}`)) as Record<string, { quantity: number }>,
    );
    await admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: '61109010140000071219812874' });
    expect(await val(`pickups/${buyer.uid}/${itemId}`)).toBeNull();
    const queued = handOut(buyer.uid, itemId, item.quantity);
    const { results } = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [queued] });
    expect(results).toEqual([{ id: queued.id, outcome: 'conflict', reason: 'withdrawn', replayed: false }]);
    expect(await val(`pickups/${buyer.uid}/${itemId}`)).toBeNull();
    expect(await val(`pickupConflicts/${queued.id}`)).toMatchObject({
      reason: 'withdrawn',
      offline: { by: staffA.uid, deviceId: deviceA },
    });
  });

  it('a quantity changed by a partial refund is a conflict; a time ahead of the server is recorded as now', async () => {
    const person = await personWithItems({
      'zam1-l1': { label: 'Kubek', quantity: 3 },
      'zam1-l2': { label: 'Opaska', quantity: 1 },
    });
    const stale = handOut(person.uid, 'zam1-l1', 2);
    const ahead = handOut(person.uid, 'zam1-l2', 1, Date.now() + 3 * 3600_000);
    const { results } = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [stale, ahead] });
    expect(results.map((r) => [r.outcome, r.reason])).toEqual([
      ['conflict', 'quantity-changed'],
      ['applied', undefined],
    ]);
    expect(await val(`pickups/${person.uid}/zam1-l2/pickedAt`)).toBeLessThanOrEqual(Date.now());
    // Fewer handed out than the item holds: it stays to be collected.
    expect(await val(`pickups/${person.uid}/zam1-l1/status`)).toBe('waiting');
  });

  it('more handed out offline than a partial refund left due: the item is handed out and the surplus reported', async () => {
    const person = await personWithItems({ 'zam1-l1': { label: 'Kubek', quantity: 1 } });
    const pickedBefore = ((await val('stats/admin/pickups/picked')) ?? 0) as number;
    // The station handed out 2 mugs offline; a partial refund took one off the item meanwhile.
    const queued = handOut(person.uid, 'zam1-l1', 2);
    const { results } = await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [queued] });
    expect(results).toEqual([{ id: queued.id, outcome: 'conflict', reason: 'quantity-changed', replayed: false }]);
    expect(await val(`pickups/${person.uid}/zam1-l1`)).toMatchObject({
      status: 'picked',
      quantity: 1,
      pickedBy: staffA.uid,
      pickedDevice: deviceA,
    });
    expect(await val('stats/admin/pickups/picked')).toBe(pickedBefore + 1);
    expect(await val(`pickupConflicts/${queued.id}`)).toMatchObject({ reason: 'quantity-changed', quantity: 2 });
    // Nobody can collect it again online.
    const again = await refusal(staffB.call('handOutPickupItems', { uid: person.uid, itemIds: ['zam1-l1'] }));
    expect(again.reason).toBe('already-picked');
  });

  it('refuses bad input with a Polish message and writes nothing; only staff may sync', async () => {
    const person = await personWithItems({ 'zam1-l1': { label: 'Kubek', quantity: 1 } });
    const before = await dump(env.db);
    const ok = handOut(person.uid, 'zam1-l1');
    const cases: [unknown, RegExp][] = [
      [{ deviceId: deviceA, handOuts: [{ ...ok, id: '__proto__' }] }, /Nieprawidłowy identyfikator wydania/],
      [{ deviceId: 'constructor', handOuts: [ok] }, /Nieprawidłowy identyfikator wydania/],
      [{ deviceId: deviceA, handOuts: [ok, ok] }, /Powtórzony identyfikator wydania/],
      [{ deviceId: deviceA, handOuts: [] }, /Brak wydań do wysłania/],
      [
        { deviceId: deviceA, handOuts: Array.from({ length: 51 }, () => handOut(person.uid, 'zam1-l1')) },
        /Najwyżej 50 wydań naraz/,
      ],
      [{ deviceId: deviceA, handOuts: [{ ...ok, quantity: 0 }] }, /Nieprawidłowa liczba sztuk/],
      [{ deviceId: deviceA, handOuts: [{ ...ok, itemId: 'hasOwnProperty' }] }, /Nieprawidłowy identyfikator/],
      [{ deviceId: deviceA, handOuts: [{ ...ok, extra: 1 }] }, /./],
    ];
    for (const [data, message] of cases) {
      const refused = await refusal(staffA.call('syncOfflineHandOuts', data));
      expect(refused.code).toBe('invalid-argument');
      expect(refused.message).toMatch(message);
    }
    const denied = await refusal(person.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [ok] }));
    expect(denied.reason).toBe('forbidden');
    expect(await dump(env.db)).toEqual(before);
  });
});

describe('settlePickupConflict', () => {
  /** A conflict as two devices make it: A's hand-out stands, B's is filed; its id is B's hand-out id. */
  async function conflict(): Promise<string> {
    const person = await personWithItems({ 'zam1-l1': { label: 'Czapka', quantity: 1 } });
    await staffA.call('syncOfflineHandOuts', { deviceId: deviceA, handOuts: [handOut(person.uid, 'zam1-l1')] });
    const onB = handOut(person.uid, 'zam1-l1');
    await staffB.call('syncOfflineHandOuts', { deviceId: deviceB, handOuts: [onB] });
    expect(await val(`pickupConflicts/${onB.id}/reason`)).toBe('already-picked');
    return onB.id;
  }

  it('records who settled it, how and when; the same settlement again changes nothing; another one is refused', async () => {
    const id = await conflict();
    const filed = await val(`pickupConflicts/${id}`);
    const first = await staffA.call('settlePickupConflict', {
      conflictId: id,
      resolution: 'returned',
      note: '  Koszulkę oddano przy stanowisku B.  ',
    });
    expect(first).toMatchObject({
      conflictId: id,
      replayed: false,
      settled: { resolution: 'returned', note: 'Koszulkę oddano przy stanowisku B.', by: staffA.uid },
    });
    expect(await val(`pickupConflicts/${id}`)).toEqual({ ...filed, settled: first.settled });
    expect(first.settled.at).toBeLessThanOrEqual(Date.now());

    const before = await dump(env.db);
    const again = await staffA.call('settlePickupConflict', {
      conflictId: id,
      resolution: 'returned',
      note: 'Koszulkę oddano przy stanowisku B.',
    });
    expect(again).toEqual({ ...first, replayed: true });
    const otherwise = await refusal(admin.call('settlePickupConflict', { conflictId: id, resolution: 'mistake' }));
    expect([otherwise.code, otherwise.reason, otherwise.message]).toEqual([
      'failed-precondition',
      'conflict-settled',
      'Ten konflikt rozstrzygnięto już inaczej — odśwież listę',
    ]);
    expect(await dump(env.db)).toEqual(before);
  });

  it('an admin settles one as a mistake; the item keeps the hand-out that stands', async () => {
    const id = await conflict();
    const { uid, itemId } = (await val(`pickupConflicts/${id}`)) as { uid: string; itemId: string };
    const item = await val(`pickups/${uid}/${itemId}`);
    const { settled } = await admin.call('settlePickupConflict', { conflictId: id, resolution: 'mistake' });
    expect(settled).toMatchObject({ resolution: 'mistake', by: admin.uid });
    expect(settled.note).toBeUndefined();
    expect(await val(`pickups/${uid}/${itemId}`)).toEqual(item);
  });

  it('refuses an unknown conflict, bad input and a caller who is not staff, writing nothing', async () => {
    const id = await conflict();
    const person = await registeredUser(env);
    const before = await dump(env.db);
    const missing = await refusal(
      staffA.call('settlePickupConflict', { conflictId: randomUUID(), resolution: 'returned' }),
    );
    expect([missing.code, missing.reason]).toEqual(['not-found', 'conflict-missing']);
    const cases: [unknown, RegExp][] = [
      [{ conflictId: '__proto__', resolution: 'returned' }, /Nieprawidłowy identyfikator wydania/],
      [{ conflictId: id, resolution: 'oddane' }, /Wybierz, jak rozstrzygnięto konflikt/],
      [{ conflictId: id, resolution: 'returned', note: 'x'.repeat(301) }, /najwyżej 300 znaków/],
      [{ conflictId: id, resolution: 'returned', note: 'linia\u0000druga' }, /niedozwolone znaki/],
      [{ conflictId: id, resolution: 'returned', settled: { by: 'ktoś' } }, /./],
    ];
    for (const [data, message] of cases) {
      const refused = await refusal(staffA.call('settlePickupConflict', data));
      expect(refused.code).toBe('invalid-argument');
      expect(refused.message).toMatch(message);
    }
    const denied = await refusal(person.call('settlePickupConflict', { conflictId: id, resolution: 'returned' }));
    expect(denied.reason).toBe('forbidden');
    expect(await dump(env.db)).toEqual(before);
  });
});
