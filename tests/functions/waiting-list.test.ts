import type { Reference } from 'firebase-admin/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureFunctionsProcess, createUser, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, key, ticketType } from './fixtures.js';
import { registeredUser, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';
import { waitForMail } from '../../scripts/lib/mailInbox.mjs';

// The waiting list (docs/waiting-list.md) against the emulators: joining a sold-out type, places,
// offers made on the paths that free units (cancellation, expiry run, quota raise, an entry leaving),
// offers holding their units against everybody else, the offered participant's purchase, offers
// passing to the next when their time is up, and two units freed at once. Races and offers stopped
// half-way run the offer module in this test process (as placement-rush.test.ts does), against the
// layer's database emulator, with its reads or transactions intercepted at the exact point.
type WaitingOffers = typeof import('../../functions/src/orders/waitingOffers.js');
type Admin = typeof import('../../functions/src/lib/admin.js');

let env: TestEnv;
let admin: TestUser;
let inbox: string;
let waitingOffers: WaitingOffers;
let functionsAdmin: Admin;
const HOUR = 3_600_000;

const read = async (path: string) => (await env.db.ref(path).get()).val();
const place = (user: TestUser) =>
  user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });

/** The pool type as the admin's form sends it (no sales counter), with `quota` places. */
const poolTicketType = (quota: number) => ({
  id: 'pula',
  ticketType: {
    name: 'Bilet pula',
    description: 'Opis',
    priceGrosze: 14900,
    vatRate: 8,
    quota,
    active: true,
    sortOrder: 1,
  },
});

/** A sold-out type: `quota` units, each held by a pending order of its own buyer (returned for cancelling). */
async function soldOutType(id: string, quota: number): Promise<{ orderIds: string[]; holders: TestUser[] }> {
  await env.db.ref(`ticketTypes/${id}`).set(ticketType({ name: `Bilet ${id}`, quota }));
  const holders = await Promise.all(Array.from({ length: quota }, () => registeredUser(env)));
  const orderIds: string[] = [];
  for (const holder of holders) {
    await setTicketBasket(env, holder.uid, { self: id });
    orderIds.push((await place(holder)).orderId);
  }
  return { orderIds, holders };
}

async function waiting(id: string, count: number): Promise<{ user: TestUser; entryId: string }[]> {
  const people: { user: TestUser; entryId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await registeredUser(env);
    const { entryId, place: at } = await user.call('joinWaitingList', { ticketTypeId: id, memberId: 'self' });
    expect(at).toBe(i + 1);
    people.push({ user, entryId });
  }
  return people;
}

/**
 * Lets `intercept` adjust every reference the in-process functions open at one of `paths` (their
 * `get` or `transaction`); answers the function that ends the interception.
 */
function interceptRefs(paths: readonly string[], intercept: (ref: Reference) => void): () => void {
  const { db } = functionsAdmin;
  const open = db.ref.bind(db);
  db.ref = ((path?: string | Reference) => {
    const ref = open(path);
    if (typeof path === 'string' && paths.includes(path)) intercept(ref);
    return ref;
  }) as typeof db.ref;
  return () => void Reflect.deleteProperty(db, 'ref');
}

beforeAll(async () => {
  configureFunctionsProcess();
  functionsAdmin = await import('../../functions/src/lib/admin.js');
  waitingOffers = await import('../../functions/src/orders/waitingOffers.js');
  env = await startEnv();
  inbox = (env.stack.urls as { mail?: string }).mail!;
  admin = await createUser(env, { claims: { admin: true } });
  await env.db.ref('event').set(EVENT);
}, 120_000);
afterAll(async () => {
  await functionsAdmin?.db.goOffline();
  await stopEnv(env);
});

describe('joining and leaving', () => {
  it('only for a sold-out type, once per participant; the owner reads their place and leaves', async () => {
    await env.db.ref('ticketTypes/otwarty').set(ticketType({ quota: 5 }));
    const early = await registeredUser(env, { 'm-1': { firstName: 'Ola', lastName: 'Nowak' } });
    expect(await refusal(early.call('joinWaitingList', { ticketTypeId: 'otwarty', memberId: 'self' }))).toMatchObject({
      reason: 'waiting-not-needed',
      field: 'ticketTypeId',
    });

    await soldOutType('pelny', 1);
    const first = await early.call('joinWaitingList', { ticketTypeId: 'pelny', memberId: 'm-1' });
    expect(first.place).toBe(1);
    expect((await refusal(early.call('joinWaitingList', { ticketTypeId: 'pelny', memberId: 'm-1' }))).reason).toBe(
      'waiting-already',
    );
    expect(
      (await refusal(early.call('joinWaitingList', { ticketTypeId: 'pelny', memberId: 'm-nieznany1' }))).reason,
    ).toBe('member-missing');
    const second = await registeredUser(env);
    const secondEntry = await second.call('joinWaitingList', { ticketTypeId: 'pelny', memberId: 'self' });
    expect(secondEntry.place).toBe(2);
    expect(await read(`waitingList/pelny/places/${second.uid}`)).toEqual({
      [secondEntry.entryId]: { memberId: 'self', place: 2 },
    });
    expect(await read(`waitingList/pelny/entries/${first.entryId}`)).toMatchObject({
      uid: early.uid,
      memberId: 'm-1',
      name: 'Ola Nowak',
      rank: 0,
    });

    // Somebody else's entry is "missing" to another account; the owner leaves and the next moves up.
    expect(
      (await refusal(second.call('leaveWaitingList', { ticketTypeId: 'pelny', entryId: first.entryId }))).reason,
    ).toBe('waiting-entry-missing');
    await early.call('leaveWaitingList', { ticketTypeId: 'pelny', entryId: first.entryId });
    expect(await read(`waitingList/pelny/places/${second.uid}/${secondEntry.entryId}/place`)).toBe(1);
    expect(await read(`waitingList/pelny/places/${early.uid}`)).toBeNull();
  });
});

describe('offers', () => {
  it('a cancelled order offers its unit to the first in line, held against everybody else; the offered participant buys it', async () => {
    const { orderIds, holders } = await soldOutType('rejs', 2);
    const [first, second] = await waiting('rejs', 2);
    await holders[0].call('cancelOrder', { orderId: orderIds[0] });

    const type = await read('ticketTypes/rejs');
    expect(type.sold).toBe(1);
    expect(Object.keys(type.offers)).toEqual([first.entryId]);
    const offer = await read(`waitingList/rejs/places/${first.user.uid}/${first.entryId}/offer`);
    expect(offer.expiresAt - offer.offeredAt).toBe(24 * HOUR);
    expect(await read(`waitingList/rejs/entries/${second.entryId}/offer`)).toBeNull();
    // The ticket is put into the basket and the e-mail links to the checkout.
    expect(await read(`baskets/${first.user.uid}/tickets/self`)).toEqual({ ticketTypeId: 'rejs' });
    const mail = await read(`outbox/wo-${first.entryId}`);
    expect(mail).toMatchObject({
      kind: 'waitingOffer',
      to: first.user.email,
      subject: `Zwolnił się bilet — ${EVENT.name}`,
    });
    expect(mail.text).toContain('/dashboard/uczestnicy/basket/TicketsStepOne');

    // Nobody else can buy the held unit: not a newcomer, not the second in line.
    const other = await registeredUser(env);
    await setTicketBasket(env, other.uid, { self: 'rejs' });
    expect(await refusal(place(other))).toMatchObject({ reason: 'sold-out' });
    await setTicketBasket(env, second.user.uid, { self: 'rejs' });
    expect(await refusal(place(second.user))).toMatchObject({ reason: 'sold-out' });

    const bought = await place(first.user);
    expect(bought.status).toBe('pending');
    expect(await read('ticketTypes/rejs/sold')).toBe(2);
    expect(await read('ticketTypes/rejs/offers')).toBeNull();
    expect(await read(`waitingList/rejs/entries/${first.entryId}`)).toBeNull();
    expect(await read(`waitingList/rejs/places/${second.user.uid}/${second.entryId}/place`)).toBe(1);
  });

  it('two units returned at once go to the two first entries, never more offers than units', async () => {
    const { orderIds, holders } = await soldOutType('dwa', 3);
    const people = await waiting('dwa', 3);
    await Promise.all([
      holders[0].call('cancelOrder', { orderId: orderIds[0] }),
      holders[1].call('cancelOrder', { orderId: orderIds[1] }),
    ]);
    const type = await read('ticketTypes/dwa');
    expect(type.sold).toBe(1);
    expect(Object.keys(type.offers).sort()).toEqual([people[0].entryId, people[1].entryId].sort());
    const entries = await read('waitingList/dwa/entries');
    expect(entries[people[0].entryId].offer).toBeTruthy();
    expect(entries[people[1].entryId].offer).toBeTruthy();
    expect(entries[people[2].entryId].offer).toBeUndefined();
    expect(await read(`outbox/wo-${people[2].entryId}`)).toBeNull();
  });

  it('an offer not taken in time passes to the next in line on the expiry run; leaving while offered passes it too', async () => {
    const { orderIds } = await soldOutType('czas', 1);
    const [first, second, third] = await waiting('czas', 3);
    await admin.call('updateWaitingListSettings', { offerHours: 2 });
    await admin.call('cancelOrder', { orderId: orderIds[0] });
    const offered = await read(`waitingList/czas/entries/${first.entryId}/offer`);
    expect(offered.expiresAt - offered.offeredAt).toBe(2 * HOUR);

    // Time is up: the offer's deadline as the expiry run will find it.
    const past = Date.now() - 1000;
    await env.db.ref().update({
      [`ticketTypes/czas/offers/${first.entryId}`]: past,
      [`waitingList/czas/entries/${first.entryId}/offer/expiresAt`]: past,
    });
    // The first may not take an offer whose time is up.
    expect(await refusal(place(first.user))).toMatchObject({ reason: 'sold-out' });
    await admin.call('expireUnpaidOrders', {});
    expect(await read(`waitingList/czas/entries/${first.entryId}`)).toBeNull();
    // The one whose offer lapsed is told, in Polish, that the ticket went to the next in line.
    expect(await read(`outbox/we-${first.entryId}`)).toMatchObject({
      kind: 'waitingOfferExpired',
      to: first.user.email,
      subject: `Rezerwacja biletu wygasła — ${EVENT.name}`,
    });
    const lapsed = await waitForMail(inbox, (m: { messageId?: string }) =>
      Boolean(m.messageId?.startsWith(`<we-${first.entryId}@`)),
    );
    expect(lapsed.to).toContain(first.user.email);
    expect(lapsed.text).toContain('Bilet „Bilet czas” czekał na:');
    expect(lapsed.text).toContain('przeszedł na następną osobę z listy oczekujących');
    expect(lapsed.text).toContain('/dashboard/uczestnicy/TicketBasket');
    expect(await read(`outbox/we-${second.entryId}`)).toBeNull();
    expect(Object.keys(await read('ticketTypes/czas/offers'))).toEqual([second.entryId]);
    expect(await read(`waitingList/czas/places/${second.user.uid}/${second.entryId}`)).toMatchObject({
      place: 1,
      offer: { expiresAt: expect.any(Number) },
    });

    await second.user.call('leaveWaitingList', { ticketTypeId: 'czas', entryId: second.entryId });
    expect(Object.keys(await read('ticketTypes/czas/offers'))).toEqual([third.entryId]);
    await admin.call('updateWaitingListSettings', { offerHours: 24 });
  });

  it('the admin raises the quota: the new units are offered; reorders and removes entries; only an admin', async () => {
    await soldOutType('pula', 1);
    const [first, second, third] = await waiting('pula', 3);
    expect(
      (
        await refusal(
          first.user.call('moveWaitingListEntry', { ticketTypeId: 'pula', entryId: third.entryId, direction: 'up' }),
        )
      ).reason,
    ).toBe('forbidden');
    await admin.call('moveWaitingListEntry', { ticketTypeId: 'pula', entryId: third.entryId, direction: 'up' });
    await admin.call('moveWaitingListEntry', { ticketTypeId: 'pula', entryId: third.entryId, direction: 'up' });
    expect(await read(`waitingList/pula/places/${third.user.uid}/${third.entryId}/place`)).toBe(1);
    await admin.call('removeWaitingListEntry', { ticketTypeId: 'pula', entryId: second.entryId });
    expect(await read(`waitingList/pula/places/${first.user.uid}/${first.entryId}/place`)).toBe(2);

    await admin.call('upsertTicketType', poolTicketType(2));
    expect(Object.keys(await read('ticketTypes/pula/offers'))).toEqual([third.entryId]);
    // The quota cannot go below what is sold and held.
    const lowered = await refusal(admin.call('upsertTicketType', poolTicketType(1)));
    expect(lowered).toMatchObject({ reason: 'stock-below-sold', field: 'ticketType.quota' });
  });

  it('a refunded ticket goes to the first in line', async () => {
    const { orderIds } = await soldOutType('zwrot', 1);
    await admin.call('confirmPayment', { orderId: orderIds[0] });
    const [first] = await waiting('zwrot', 1);
    await admin.call('startRefund', {
      orderId: orderIds[0],
      reason: 'Rezygnacja',
      bankAccount: '61109010140000071219812874',
    });
    expect(await read('ticketTypes/zwrot/sold')).toBe(0);
    expect(Object.keys(await read('ticketTypes/zwrot/offers'))).toEqual([first.entryId]);
    expect(await read(`outbox/wo-${first.entryId}/kind`)).toBe('waitingOffer');
  });

  it('a deleted account leaves every list; the unit held for it goes to the next in line', async () => {
    const { orderIds } = await soldOutType('konto', 1);
    const [first, second] = await waiting('konto', 2);
    await admin.call('cancelOrder', { orderId: orderIds[0] });
    expect(Object.keys(await read('ticketTypes/konto/offers'))).toEqual([first.entryId]);
    await first.user.call('deleteMyAccount', { confirm: true });
    expect(await read(`waitingList/konto/entries/${first.entryId}`)).toBeNull();
    expect(await read(`waitingList/konto/places/${first.user.uid}`)).toBeNull();
    expect(Object.keys(await read('ticketTypes/konto/offers'))).toEqual([second.entryId]);
  });

  it('bad input is refused before anything is written, object internals included', async () => {
    const user = await registeredUser(env);
    for (const entryId of ['__proto__', 'constructor', 'a/b']) {
      expect((await refusal(user.call('leaveWaitingList', { ticketTypeId: 'pula', entryId }))).code).toBe(
        'invalid-argument',
      );
    }
    const raw = await user.callRaw('joinWaitingList', '{"ticketTypeId":"__proto__","memberId":"self"}');
    expect(raw.status).toBe(400);
    expect((await refusal(user.call('updateWaitingListSettings', { offerHours: 24 }))).reason).toBe('forbidden');
    expect((await refusal(admin.call('updateWaitingListSettings', { offerHours: 0 }))).field).toBe('offerHours');
  });
});

describe('offers made concurrently or stopped half-way, and participants who have the ticket', () => {
  it('the expiry run keeps a hold made between its reads: an entry that joined meanwhile keeps its unit', async () => {
    const { orderIds } = await soldOutType('wyscig', 1);
    const [first] = await waiting('wyscig', 1);
    await admin.call('cancelOrder', { orderId: orderIds[0] });
    expect(Object.keys(await read('ticketTypes/wyscig/offers'))).toEqual([first.entryId]);

    // Right after the expiry run's first read of the type or its list (whichever it reads first):
    // somebody joins the sold-out list, a unit comes back (the quota raised) and is offered to them.
    const joined: { user: TestUser; entryId: string }[] = [];
    let fired = false;
    const end = interceptRefs(['ticketTypes/wyscig', 'waitingList/wyscig'], (ref) => {
      const get = ref.get.bind(ref);
      ref.get = async () => {
        const snapshot = await get();
        if (fired) return snapshot;
        fired = true;
        const user = await registeredUser(env);
        const { entryId } = await user.call('joinWaitingList', { ticketTypeId: 'wyscig', memberId: 'self' });
        await env.db.ref('ticketTypes/wyscig/quota').set(2);
        expect(await waitingOffers.offerFreedUnits('wyscig')).toEqual([entryId]);
        joined.push({ user, entryId });
        return snapshot;
      };
    });
    try {
      await waitingOffers.expireWaitingOffers(Date.now());
    } finally {
      end();
    }
    expect(joined).toHaveLength(1);
    const [{ user, entryId }] = joined;
    // The unit stays held for the one told about it, and nobody else can buy it.
    expect(Object.keys(await read('ticketTypes/wyscig/offers')).sort()).toEqual([first.entryId, entryId].sort());
    expect(await read(`waitingList/wyscig/places/${user.uid}/${entryId}`)).toMatchObject({
      place: 2,
      offer: { expiresAt: expect.any(Number) },
    });
    expect(await read(`outbox/wo-${entryId}/kind`)).toBe('waitingOffer');
    const other = await registeredUser(env);
    await setTicketBasket(env, other.uid, { self: 'wyscig' });
    expect(await refusal(place(other))).toMatchObject({ reason: 'sold-out' });
    expect((await place(user)).status).toBe('pending');
  });

  it('an offer whose freeing path stopped after holding the unit is completed by the expiry run', async () => {
    await soldOutType('przerwa', 1);
    const [first, second] = await waiting('przerwa', 2);
    // A unit comes back; the offer holds it for the first, then its write to the list fails.
    await env.db.ref('ticketTypes/przerwa/quota').set(2);
    const end = interceptRefs(['waitingList/przerwa'], (ref) => {
      ref.transaction = () => Promise.reject(new Error('the process died'));
    });
    try {
      expect(await waitingOffers.offerFreedUnits('przerwa')).toEqual([]);
    } finally {
      end();
    }
    const heldUntil = (await read(`ticketTypes/przerwa/offers/${first.entryId}`)) as number;
    expect(heldUntil).toBeGreaterThan(Date.now());
    expect(await read(`waitingList/przerwa/entries/${first.entryId}/offer`)).toBeNull();
    expect(await read(`outbox/wo-${first.entryId}`)).toBeNull();

    await admin.call('expireUnpaidOrders', {});
    // The first is offered the held unit until the hold's deadline, told, and finds it in the basket.
    expect(await read(`waitingList/przerwa/places/${first.user.uid}/${first.entryId}/offer/expiresAt`)).toBe(heldUntil);
    expect(await read(`outbox/wo-${first.entryId}`)).toMatchObject({ kind: 'waitingOffer', to: first.user.email });
    expect(await read(`baskets/${first.user.uid}/tickets/self`)).toEqual({ ticketTypeId: 'przerwa' });
    expect(Object.keys(await read('ticketTypes/przerwa/offers'))).toEqual([first.entryId]);
    expect(await read(`waitingList/przerwa/entries/${second.entryId}/offer`)).toBeNull();
    expect((await place(first.user)).status).toBe('pending');
  });

  it('a participant who has the ticket by now is passed over and leaves the list; the unit goes to the next', async () => {
    const { orderIds, holders } = await soldOutType('kupiony', 1);
    const [first, second] = await waiting('kupiony', 2);
    // A unit added straight to the database (no offer made): the first buys it the ordinary way.
    await env.db.ref('ticketTypes/kupiony/quota').set(2);
    await setTicketBasket(env, first.user.uid, { self: 'kupiony' });
    expect((await place(first.user)).status).toBe('pending');
    expect(await read(`waitingList/kupiony/entries/${first.entryId}`)).not.toBeNull();

    await holders[0].call('cancelOrder', { orderId: orderIds[0] });
    expect(Object.keys(await read('ticketTypes/kupiony/offers'))).toEqual([second.entryId]);
    expect(await read(`outbox/wo-${second.entryId}/kind`)).toBe('waitingOffer');
    expect(await read(`outbox/wo-${first.entryId}`)).toBeNull();
    expect(await read(`waitingList/kupiony/entries/${first.entryId}`)).toBeNull();
    expect(await read(`waitingList/kupiony/places/${first.user.uid}`)).toBeNull();
    expect(await read(`waitingList/kupiony/places/${second.user.uid}/${second.entryId}/place`)).toBe(1);
  });

  it('an offer that lapses after its participant bought the ticket sends no "lapsed" e-mail', async () => {
    const { orderIds } = await soldOutType('wygasa', 1);
    const [first, second] = await waiting('wygasa', 2);
    await admin.call('cancelOrder', { orderId: orderIds[0] });
    const offered = await read('waitingList/wygasa');
    expect(offered.entries[first.entryId].offer).toBeTruthy();
    // The first buys the offered ticket; removing their entry afterwards failed (it stays with its
    // offer until the offer's time is up), and the time is up now.
    await setTicketBasket(env, first.user.uid, { self: 'wygasa' });
    expect((await place(first.user)).status).toBe('pending');
    const past = Date.now() - 1000;
    await env.db.ref('waitingList/wygasa').set(offered);
    await env.db.ref(`waitingList/wygasa/entries/${first.entryId}/offer/expiresAt`).set(past);

    await admin.call('expireUnpaidOrders', {});
    expect(await read(`waitingList/wygasa/entries/${first.entryId}`)).toBeNull();
    expect(await read(`outbox/we-${first.entryId}`)).toBeNull();
    // Their order has the unit: nothing is free for the next in line.
    expect(await read('ticketTypes/wygasa/offers')).toBeNull();
    expect(await read(`waitingList/wygasa/places/${second.user.uid}/${second.entryId}`)).toEqual({
      memberId: 'self',
      place: 1,
    });
  });
});
