// Query-based rules: a participant lists their own orders only through
// orderByChild('uid').equalTo(<own uid>); any other shape of read of /orders is refused, while the
// single order stays readable by its owner. Staff look people up in the pickup directory by query.
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { captureIndexWarnings } from '../helpers/rtdb.js';
import { rulesTestEnv } from './setup.js';
import { ADMIN, OTHER, OWNER, STAFF, seedDatabase } from './fixtures.js';

const testEnv = await rulesTestEnv('demo-rules-queries');

beforeAll(() => seedDatabase(testEnv));

const ownerDb = () => testEnv.authenticatedContext(OWNER).database();

describe('orders: query-based list reads', () => {
  it('the owner lists exactly their own orders with the right query', async () => {
    const snapshot = await assertSucceeds(ownerDb().ref('orders').orderByChild('uid').equalTo(OWNER).once('value'));
    expect(Object.keys(snapshot.val()).sort()).toEqual(['oAlice', 'oAlice2']);
  });

  it('the right query with a limit is still allowed', async () => {
    const snapshot = await assertSucceeds(
      ownerDb().ref('orders').orderByChild('uid').equalTo(OWNER).limitToLast(1).once('value'),
    );
    expect(Object.keys(snapshot.val())).toEqual(['oAlice2']);
  });

  it("another user's uid in the query is refused", async () => {
    await assertFails(ownerDb().ref('orders').orderByChild('uid').equalTo(OTHER).once('value'));
  });

  it('the other user lists their own orders, not the owner’s', async () => {
    const db = testEnv.authenticatedContext(OTHER).database();
    const snapshot = await assertSucceeds(db.ref('orders').orderByChild('uid').equalTo(OTHER).once('value'));
    expect(Object.keys(snapshot.val())).toEqual(['oBob']);
    await assertFails(db.ref('orders').orderByChild('uid').equalTo(OWNER).once('value'));
  });

  it('a plain read of /orders is refused', async () => {
    await assertFails(ownerDb().ref('orders').once('value'));
  });

  it('ordering by uid without equalTo is refused', async () => {
    await assertFails(ownerDb().ref('orders').orderByChild('uid').once('value'));
  });

  it('a limit without the filter is refused', async () => {
    await assertFails(ownerDb().ref('orders').limitToFirst(1).once('value'));
  });

  it('filtering by another child with the own uid is refused', async () => {
    await assertFails(ownerDb().ref('orders').orderByChild('status').equalTo(OWNER).once('value'));
  });

  it('a range on uid instead of equalTo is refused when it spans other users', async () => {
    await assertFails(ownerDb().ref('orders').orderByChild('uid').startAt('a').endAt('z').once('value'));
  });

  it('ordering by key is refused', async () => {
    await assertFails(ownerDb().ref('orders').orderByKey().equalTo('oAlice').once('value'));
  });

  it('anonymous visitors cannot use the query', async () => {
    await assertFails(
      testEnv.unauthenticatedContext().database().ref('orders').orderByChild('uid').equalTo(OWNER).once('value'),
    );
  });

  it('the owner reads a single own order and not somebody else’s', async () => {
    await assertSucceeds(ownerDb().ref('orders/oAlice').once('value'));
    await assertFails(ownerDb().ref('orders/oBob').once('value'));
  });

  it('an admin lists all orders without a query and with any query', async () => {
    const db = testEnv.authenticatedContext(ADMIN, { admin: true }).database();
    const all = await assertSucceeds(db.ref('orders').once('value'));
    expect(Object.keys(all.val()).sort()).toEqual(['oAlice', 'oAlice2', 'oBob']);
    const pending = await assertSucceeds(db.ref('orders').orderByChild('status').equalTo('pending').once('value'));
    expect(Object.keys(pending.val()).sort()).toEqual(['oAlice2', 'oBob']);
  });

  it('staff are not admins: the order list is refused to them', async () => {
    const db = testEnv.authenticatedContext(STAFF, { staff: true }).database();
    await assertFails(db.ref('orders').once('value'));
    await assertFails(db.ref('orders').orderByChild('uid').equalTo(OWNER).once('value'));
  });
});

describe('pickup directory: staff look-ups', () => {
  it('staff find a person by pickup code and by e-mail', async () => {
    const db = testEnv.authenticatedContext(STAFF, { staff: true }).database();
    const byCode = await assertSucceeds(
      db.ref('pickupDirectory').orderByChild('pickupCode').equalTo('KDALA234').once('value'),
    );
    expect(Object.keys(byCode.val())).toEqual([OWNER]);
    const byEmail = await assertSucceeds(
      db.ref('pickupDirectory').orderByChild('email').equalTo('alice@example.pl').once('value'),
    );
    expect(Object.keys(byEmail.val())).toEqual([OWNER]);
  });

  it('staff find a person by surname prefix, through an index', async () => {
    const { warnings, stop } = captureIndexWarnings();
    try {
      const db = testEnv.authenticatedContext(STAFF, { staff: true }).database();
      const prefix = (child: string, q: string) =>
        assertSucceeds(db.ref('pickupDirectory').orderByChild(child).startAt(q).endAt(`${q}\uf8ff`).once('value'));
      expect(Object.keys((await prefix('lastNameLower', 'now')).val() ?? {})).toEqual([OTHER]);
      expect(Object.keys((await prefix('lastNameLower', 'bałt')).val() ?? {})).toEqual([OWNER]);
      // The full name starts with the first name: a surname alone is found only by lastNameLower.
      expect((await prefix('nameLower', 'now')).val()).toBeNull();
      expect(warnings).toEqual([]);
    } finally {
      stop();
    }
  });

  it('a participant cannot search the directory, not even for themselves', async () => {
    await assertFails(ownerDb().ref('pickupDirectory').orderByChild('pickupCode').equalTo('KDALA234').once('value'));
  });
});
