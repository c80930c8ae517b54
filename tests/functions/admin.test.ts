import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCaller, createUser, dump, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, REGISTRATION, key, product, ticketType } from './fixtures.js';
import { registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let user: TestUser;

beforeAll(async () => {
  env = await startEnv();
  admin = await createUser(env, { claims: { admin: true } });
  user = await createUser(env);
});
afterAll(() => stopEnv(env));

describe('completeRegistration', () => {
  it('creates profile, pickup code, own participant, directory entry and stats', async () => {
    const result = await user.call('completeRegistration', REGISTRATION);
    expect(result.pickupCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    const profile = (await env.db.ref(`profiles/${user.uid}`).get()).val();
    expect(profile).toMatchObject({
      email: user.email,
      firstName: 'Jan',
      lastName: 'Kowalski',
      country: 'PL',
      pickupCode: result.pickupCode,
      consents: { terms: true, privacy: true, marketing: false },
    });
    expect((await env.db.ref(`pickupCodes/${result.pickupCode}`).get()).val()).toEqual({ uid: user.uid });
    expect((await env.db.ref(`pickupDirectory/${user.uid}`).get()).val()).toEqual({
      pickupCode: result.pickupCode,
      name: 'Jan Kowalski',
      email: user.email,
      nameLower: 'jan kowalski',
      lastNameLower: 'kowalski',
    });
    expect((await env.db.ref(`members/${user.uid}/self`).get()).val()).toMatchObject({
      firstName: 'Jan',
      relation: 'self',
    });
    expect((await env.db.ref('stats/public/accounts').get()).val()).toBe(1);
    expect((await env.db.ref('stats/admin/byCountry/PL').get()).val()).toBe(1);
  });
  it("accepts only countries from the organiser's list once it is loaded", async () => {
    await env.db.ref('countries').set({ PL: 'Polska', DE: 'Niemcy' });
    const other = await createUser(env);
    const before = await dump(env.db);
    const r = await refusal(other.call('completeRegistration', { ...REGISTRATION, country: 'XX' }));
    expect(r).toMatchObject({ code: 'invalid-argument', field: 'country', message: 'Wybierz kraj z listy' });
    expect(await dump(env.db)).toEqual(before);
    await env.db.ref('countries').remove();
  });
  it('refuses a second registration and the anonymous caller', async () => {
    const r = await refusal(user.call('completeRegistration', REGISTRATION));
    expect(r).toMatchObject({
      code: 'already-exists',
      reason: 'profile-exists',
      message: 'Rejestracja została już zakończona',
    });
    const anon = await refusal(anonymousCaller(env)('completeRegistration', REGISTRATION));
    expect(anon).toMatchObject({ code: 'unauthenticated', reason: 'unauthenticated' });
  });
  it('refuses placing orders before registration', async () => {
    const fresh = await createUser(env);
    await setTicketBasket(env, fresh.uid, { self: 'x' });
    const r = await refusal(
      fresh.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    );
    expect(r).toMatchObject({ code: 'failed-precondition', reason: 'profile-missing' });
    expect((await env.db.ref(`idempotency/${fresh.uid}`).get()).exists()).toBe(false);
    await env.db.ref(`baskets/${fresh.uid}`).remove();
  });
});

describe('syncProfile', () => {
  it('rebuilds the staff directory entry and the own participant from the edited profile', async () => {
    const person = await registeredUser(env);
    const code = (await env.db.ref(`profiles/${person.uid}/pickupCode`).get()).val();
    // A profile changed without updateProfile (an admin's repair with the Admin SDK); the copies still carry the old name.
    await env.db.ref(`profiles/${person.uid}`).update({ firstName: 'Łucja', lastName: 'Żółć-Nowak' });
    expect((await env.db.ref(`pickupDirectory/${person.uid}/name`).get()).val()).not.toBe('Łucja Żółć-Nowak');
    const result = await person.call('syncProfile', {});
    expect(result).toEqual({ name: 'Łucja Żółć-Nowak' });
    expect((await env.db.ref(`pickupDirectory/${person.uid}`).get()).val()).toEqual({
      pickupCode: code,
      name: 'Łucja Żółć-Nowak',
      email: person.email,
      nameLower: 'łucja żółć-nowak',
      lastNameLower: 'żółć-nowak',
    });
    expect((await env.db.ref(`members/${person.uid}/self`).get()).val()).toMatchObject({
      firstName: 'Łucja',
      lastName: 'Żółć-Nowak',
      relation: 'self',
    });
    expect((await env.adminAuth.getUser(person.uid)).displayName).toBe('Łucja Żółć-Nowak');
    // Idempotent: a second call changes nothing.
    const before = await dump(env.db);
    await person.call('syncProfile', {});
    expect(await dump(env.db)).toEqual(before);
  });
  it('refuses callers without a profile and anonymous callers, writing nothing', async () => {
    const fresh = await createUser(env);
    const before = await dump(env.db);
    expect(await refusal(fresh.call('syncProfile', {}))).toMatchObject({
      code: 'failed-precondition',
      reason: 'profile-missing',
    });
    expect(await refusal(anonymousCaller(env)('syncProfile', {}))).toMatchObject({ code: 'unauthenticated' });
    expect(await dump(env.db)).toEqual(before);
  });
});

describe('setUserRole', () => {
  it('grants and revokes staff: custom claims plus the /roles mirror', async () => {
    const r = await admin.call('setUserRole', { uid: user.uid, role: 'staff', enabled: true });
    expect(r).toEqual({ uid: user.uid, admin: false, staff: true });
    expect((await env.adminAuth.getUser(user.uid)).customClaims).toEqual({ staff: true });
    expect((await env.db.ref(`roles/${user.uid}`).get()).val()).toMatchObject({
      admin: false,
      staff: true,
      updatedBy: admin.uid,
    });
    await admin.call('setUserRole', { uid: user.uid, role: 'staff', enabled: false });
    expect((await env.adminAuth.getUser(user.uid)).customClaims ?? {}).toEqual({});
    expect((await env.db.ref(`roles/${user.uid}/staff`).get()).val()).toBe(false);
  });
  it('refuses non-admins, unknown users and an admin demoting themselves', async () => {
    expect((await refusal(user.call('setUserRole', { uid: user.uid, role: 'admin', enabled: true }))).reason).toBe(
      'forbidden',
    );
    expect(
      (await refusal(admin.call('setUserRole', { uid: 'nobody-here', role: 'staff', enabled: true }))).reason,
    ).toBe('user-missing');
    expect(await refusal(admin.call('setUserRole', { uid: admin.uid, role: 'admin', enabled: false }))).toMatchObject({
      code: 'failed-precondition',
      reason: 'own-admin-role',
    });
  });
});

describe('catalogue administration', () => {
  const tt = {
    name: 'Bilet dziecięcy',
    description: '',
    priceGrosze: 2900,
    vatRate: 8,
    quota: 5,
    saleStart: null,
    saleEnd: null,
    active: true,
    sortOrder: 3,
  };
  let ticketTypeId: string;
  let productId: string;

  it('creates, edits (keeping sold), archives and restores a ticket type', async () => {
    expect((await refusal(user.call('upsertTicketType', { ticketType: tt }))).reason).toBe('forbidden');
    const created = await admin.call('upsertTicketType', { ticketType: tt });
    expect(created.created).toBe(true);
    ticketTypeId = created.id;
    expect((await env.db.ref(`ticketTypes/${ticketTypeId}`).get()).val()).toMatchObject({
      name: 'Bilet dziecięcy',
      sold: 0,
      quota: 5,
    });
    await env.db.ref(`ticketTypes/${ticketTypeId}/sold`).set(3);
    await admin.call('upsertTicketType', { id: ticketTypeId, ticketType: { ...tt, priceGrosze: 3100, quota: 4 } });
    expect((await env.db.ref(`ticketTypes/${ticketTypeId}`).get()).val()).toMatchObject({
      priceGrosze: 3100,
      quota: 4,
      sold: 3,
    });
    const below = await refusal(admin.call('upsertTicketType', { id: ticketTypeId, ticketType: { ...tt, quota: 2 } }));
    expect(below).toMatchObject({
      reason: 'stock-below-sold',
      field: 'ticketType.quota',
      message: 'Pula nie może być mniejsza niż liczba sprzedanych biletów (3)',
    });
    expect((await refusal(admin.call('upsertTicketType', { id: 'missing', ticketType: tt }))).reason).toBe(
      'ticket-type-missing',
    );

    expect(await admin.call('archiveTicketType', { id: ticketTypeId })).toEqual({ id: ticketTypeId, archived: true });
    expect((await env.db.ref(`ticketTypes/${ticketTypeId}`).get()).exists()).toBe(false);
    expect((await env.db.ref(`archivedTicketTypes/${ticketTypeId}`).get()).val()).toMatchObject({
      sold: 3,
      active: false,
      archivedBy: admin.uid,
    });
    expect((await refusal(admin.call('archiveTicketType', { id: ticketTypeId }))).reason).toBe('already-archived');
    await admin.call('restoreTicketType', { id: ticketTypeId });
    const restored = (await env.db.ref(`ticketTypes/${ticketTypeId}`).get()).val();
    expect(restored).toMatchObject({ sold: 3, active: false });
    expect(restored.archivedAt).toBeUndefined();
    expect((await refusal(admin.call('restoreTicketType', { id: ticketTypeId }))).reason).toBe('not-archived');
  });

  it('creates and edits a product with variants; protects sold variants; archives and restores', async () => {
    const p = product({
      name: 'Bluza',
      description: 'Z kapturem',
      priceGrosze: 15900,
      sortOrder: 2,
      variants: { s: { label: 'S', stock: 5, sortOrder: 1 }, m: { label: 'M', stock: 5, sortOrder: 2 } },
    });
    productId = (await admin.call('upsertProduct', { product: p })).id;
    expect((await env.db.ref(`products/${productId}/variants/s`).get()).val()).toEqual({
      label: 'S',
      stock: 5,
      sold: 0,
      sortOrder: 1,
    });
    await env.db.ref(`products/${productId}/variants/m/sold`).set(2);
    const drop = await refusal(
      admin.call('upsertProduct', { id: productId, product: { ...p, variants: { s: p.variants.s } } }),
    );
    expect(drop).toMatchObject({
      reason: 'variant-has-sales',
      message: 'Nie można usunąć wariantu „M” — sprzedano 2 szt.',
    });
    const low = await refusal(
      admin.call('upsertProduct', {
        id: productId,
        product: { ...p, variants: { ...p.variants, m: { label: 'M', stock: 1, sortOrder: 2 } } },
      }),
    );
    expect(low).toMatchObject({ reason: 'stock-below-sold', field: 'product.variants.m.stock' });
    await admin.call('upsertProduct', {
      id: productId,
      product: { ...p, priceGrosze: 14900, variants: { m: p.variants.m, xl: { label: 'XL', stock: 3, sortOrder: 3 } } },
    });
    const saved = (await env.db.ref(`products/${productId}`).get()).val();
    expect(saved.priceGrosze).toBe(14900);
    expect(Object.keys(saved.variants).sort()).toEqual(['m', 'xl']);
    expect(saved.variants.m.sold).toBe(2);
    await admin.call('archiveProduct', { id: productId });
    expect((await env.db.ref(`archivedProducts/${productId}`).get()).val()).toMatchObject({
      name: 'Bluza',
      archivedBy: admin.uid,
    });
    expect((await refusal(admin.call('archiveProduct', { id: 'nope' }))).reason).toBe('product-missing');
    await admin.call('restoreProduct', { id: productId });
    expect((await env.db.ref(`products/${productId}/variants/m/sold`).get()).val()).toBe(2);
  });
});

describe('updateEventSettings', () => {
  it('lets an admin save the event (bank account normalised) and refuses others', async () => {
    expect((await refusal(user.call('updateEventSettings', { event: EVENT }))).reason).toBe('forbidden');
    await admin.call('updateEventSettings', {
      event: { ...EVENT, seller: { ...EVENT.seller, bankAccount: 'PL61 1090 1014 0000 0712 1981 2874' } },
    });
    const saved = (await env.db.ref('event').get()).val();
    expect(saved.seller.bankAccount).toBe('61109010140000071219812874');
    expect(saved.name).toBe(EVENT.name);
    const bad = await refusal(admin.call('updateEventSettings', { event: { ...EVENT, endDate: '2026-07-01' } }));
    expect(bad).toMatchObject({
      code: 'invalid-argument',
      field: 'event.endDate',
      message: 'Data końca przed datą początku',
    });
  });
  it('an emptied payment term (sent by the SDK as null) saves as the default and clears a set term; 0 is refused with the minimum', async () => {
    await admin.call('updateEventSettings', { event: { ...EVENT, paymentDays: 3 } });
    expect((await env.db.ref('event/paymentDays').get()).val()).toBe(3);
    // The web form turns an empty field into `undefined`; the callable SDK sends that as null.
    await admin.call('updateEventSettings', { event: { ...EVENT, paymentDays: undefined } });
    expect((await env.db.ref('event/paymentDays').get()).exists()).toBe(false);
    await admin.call('updateEventSettings', { event: { ...EVENT, paymentDays: 5 } });
    await admin.call('updateEventSettings', { event: { ...EVENT } });
    expect((await env.db.ref('event/paymentDays').get()).exists()).toBe(false);
    const zero = await refusal(admin.call('updateEventSettings', { event: { ...EVENT, paymentDays: 0 } }));
    expect(zero).toMatchObject({
      code: 'invalid-argument',
      field: 'event.paymentDays',
      message: 'Termin płatności: co najmniej 1 dzień (puste pole = 7 dni)',
    });
    expect((await env.db.ref('event/paymentDays').get()).exists()).toBe(false);
  });
  it('confirmPayment refuses when the seller data is missing', async () => {
    const saved = (await env.db.ref('event').get()).val();
    await env.db.ref('event').remove();
    expect((await refusal(admin.call('confirmPayment', { orderId: 'whatever' }))).reason).toBe('event-missing');
    await env.db.ref('event').set(saved);
    expect((await refusal(admin.call('confirmPayment', { orderId: 'whatever' }))).reason).toBe('order-missing');
  });
});

describe('deleteMyAccount', () => {
  it('cancels pending orders, removes personal data and the Auth user, keeps invoices', async () => {
    await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 10 }));
    await env.db
      .ref('products/kubek')
      .set(product({ name: 'Kubek', variants: { std: { label: 'standard', stock: 5, sold: 0, sortOrder: 1 } } }));
    const leaver = await registeredUser(env, { 'm-kid': { firstName: 'Ola', lastName: 'Nowak' } });
    await setTicketBasket(env, leaver.uid, { 'm-kid': 'karnet' });
    const paid = await leaver.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    const { invoiceId } = await admin.call('confirmPayment', { orderId: paid.orderId });
    await setMerchBasket(env, leaver.uid, { 'l-a': { productId: 'kubek', variantId: 'std', quantity: 2 } });
    const pending = await leaver.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    const code = (await env.db.ref(`profiles/${leaver.uid}/pickupCode`).get()).val();

    expect((await refusal(leaver.call('deleteMyAccount', {}))).field).toBe('confirm');
    expect(await leaver.call('deleteMyAccount', { confirm: true })).toEqual({ deleted: true, cancelledOrders: 1 });

    expect((await env.db.ref(`orders/${pending.orderId}/status`).get()).val()).toBe('cancelled');
    expect((await env.db.ref('products/kubek/variants/std/sold').get()).val()).toBe(0);
    for (const p of [
      'profiles',
      'members',
      'baskets',
      'tickets',
      'pickups',
      'pickupDirectory',
      'roles',
      'idempotency',
    ]) {
      expect((await env.db.ref(`${p}/${leaver.uid}`).get()).exists(), p).toBe(false);
    }
    expect((await env.db.ref(`pickupCodes/${code}`).get()).exists()).toBe(false);
    expect((await env.db.ref(`invoices/${leaver.uid}/${invoiceId}`).get()).exists()).toBe(true);
    expect((await env.db.ref(`orders/${paid.orderId}/status`).get()).val()).toBe('paid');
    await expect(env.adminAuth.getUser(leaver.uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });
});

describe('idempotency edge cases', () => {
  it('a key used for a ticket order cannot place a merch order', async () => {
    const u = await registeredUser(env);
    const k = key();
    await setTicketBasket(env, u.uid, { self: 'karnet' });
    await u.call('placeTicketOrder', { idempotencyKey: k, buyer: PERSON, acceptTerms: true });
    await setMerchBasket(env, u.uid, { 'l-a': { productId: 'kubek', variantId: 'std', quantity: 1 } });
    const before = await dump(env.db);
    const r = await refusal(u.call('placeMerchOrder', { idempotencyKey: k, buyer: PERSON, acceptTerms: true }));
    expect(r).toMatchObject({ reason: 'idempotency-conflict', field: 'idempotencyKey' });
    expect(await dump(env.db)).toEqual(before);
  });
  it('the same key sent twice at once yields one order', async () => {
    const u = await registeredUser(env);
    await setMerchBasket(env, u.uid, { 'l-a': { productId: 'kubek', variantId: 'std', quantity: 1 } });
    const k = key();
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => u.call('placeMerchOrder', { idempotencyKey: k, buyer: PERSON, acceptTerms: true })),
    );
    const ok = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ orderId: string }>).value.orderId);
    const refused = await Promise.all(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => refusal(Promise.reject((r as PromiseRejectedResult).reason))),
    );
    expect(new Set(ok).size).toBe(1);
    for (const x of refused) expect(x.reason).toBe('busy');
    const orders = Object.values((await env.db.ref('orders').orderByChild('uid').equalTo(u.uid).get()).val());
    expect(orders).toHaveLength(1);
    // after it finished, a retry returns the same order
    const retry = await u.call('placeMerchOrder', { idempotencyKey: k, buyer: PERSON, acceptTerms: true });
    expect(retry).toMatchObject({ orderId: ok[0], replayed: true });
  });
});
