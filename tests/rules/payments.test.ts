// Online payment records (docs/payments.md): only the payment functions write them (Admin SDK); a
// participant lists their own through orderByChild('uid').equalTo(own uid) and reads each of their
// own; nobody else's; the notification log is for admins only.
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { rulesTestEnv } from './setup.js';
import { ADMIN, OTHER, OWNER, STAFF } from './fixtures.js';

const MINE = '0123456789abcdef0123456789abcdef';
const THEIRS = 'fedcba9876543210fedcba9876543210';
const record = (uid: string, orderId: string) => ({
  provider: 'przelewy24',
  uid,
  orderId,
  orderNumber: 'ZAM/2026/000001',
  amount: 14900,
  currency: 'PLN',
  status: 'registered',
  createdAt: 1,
  token: 'T',
});

const testEnv = await rulesTestEnv('demo-rules-payments');

beforeAll(async () => {
  await testEnv.withSecurityRulesDisabled(async (context) => {
    await context
      .database()
      .ref()
      .set({
        payments: { [MINE]: record(OWNER, 'z1'), [THEIRS]: record(OTHER, 'z2') },
        paymentNotifications: { n1: { at: 1, kind: 'transaction', sessionId: MINE, result: 'booked' } },
      });
  });
});

const as = (uid: string, claims: Record<string, unknown> = {}) => testEnv.authenticatedContext(uid, claims).database();

describe('payments', () => {
  it('the owner lists and reads only their own', async () => {
    const list = await assertSucceeds(as(OWNER).ref('payments').orderByChild('uid').equalTo(OWNER).once('value'));
    expect(Object.keys(list.val())).toEqual([MINE]);
    await assertSucceeds(as(OWNER).ref(`payments/${MINE}`).once('value'));
    await assertFails(as(OWNER).ref(`payments/${THEIRS}`).once('value'));
    await assertFails(as(OWNER).ref('payments').orderByChild('uid').equalTo(OTHER).once('value'));
    await assertFails(as(OWNER).ref('payments').once('value'));
    await assertFails(testEnv.unauthenticatedContext().database().ref(`payments/${MINE}`).once('value'));
  });

  it('nobody writes a payment record or the log through the rules, not even the owner or an admin', async () => {
    for (const db of [as(OWNER), as(OTHER), as(STAFF, { staff: true }), as(ADMIN, { admin: true })]) {
      await assertFails(db.ref(`payments/${MINE}/status`).set('paid'));
      await assertFails(db.ref(`payments/${MINE}`).remove());
      await assertFails(db.ref('payments/abcdefabcdefabcdefabcdefabcdefab').set(record(OWNER, 'z3')));
      await assertFails(db.ref('paymentNotifications/n2').set({ at: 2, kind: 'transaction', result: 'booked' }));
    }
  });

  it('admins read all payments and the notification log; staff and participants do not read the log', async () => {
    await assertSucceeds(as(ADMIN, { admin: true }).ref('payments').once('value'));
    await assertSucceeds(as(ADMIN, { admin: true }).ref('paymentNotifications').once('value'));
    await assertFails(as(STAFF, { staff: true }).ref('payments').once('value'));
    await assertFails(as(OWNER).ref('paymentNotifications').once('value'));
  });

  it('the admin view’s own queries: the newest notifications and the open bank refund candidates, for admins only', async () => {
    const newest = (uid: string, claims: Record<string, unknown> = {}) =>
      as(uid, claims).ref('paymentNotifications').orderByChild('at').limitToLast(300).once('value');
    const openCandidates = (uid: string, claims: Record<string, unknown> = {}) =>
      as(uid, claims).ref('bank/refundCandidates').orderByChild('status').equalTo('open').once('value');
    expect(Object.keys((await assertSucceeds(newest(ADMIN, { admin: true }))).val())).toEqual(['n1']);
    await assertSucceeds(openCandidates(ADMIN, { admin: true }));
    for (const [uid, claims] of [
      [OWNER, {}],
      [STAFF, { staff: true }],
    ] as const) {
      await assertFails(newest(uid, claims));
      await assertFails(openCandidates(uid, claims));
      await assertFails(as(uid, claims).ref('payments').orderByChild('createdAt').limitToLast(50).once('value'));
    }
  });
});
