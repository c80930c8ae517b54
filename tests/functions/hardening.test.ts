// Attacks on the callables with fresh accounts (issue: hardening): object-internal names as every
// client-supplied id and key, server-side limits (participants, per-account caps, basket size),
// unpaid-order expiry and late payments, and text hygiene. Every refusal writes nothing, and after
// each attack an unrelated participant's order still goes through in the same functions process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dump, refusal, startEventEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, key, product, ticketType } from './fixtures.js';
import { registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';
import { runExpiry } from '../../scripts/lib/expiry.mjs';
import { addDaysToIsoDay, endOfWarsawDay, startOfWarsawDay, warsawDate } from '../../functions/src/domain/index.js';

const INTERNALS = ['hasOwnProperty', '__proto__', 'constructor', 'toString', 'valueOf', 'prototype'] as const;

let env: TestEnv;
let admin: TestUser;
let staff: TestUser;
let bystander: TestUser;

beforeAll(async () => {
  ({ env, admin, staff } = await startEventEnv({ ...EVENT, paymentDays: 7 }));
  await env.db.ref('countries').set({ PL: 'Polska', DE: 'Niemcy' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
  await env.db.ref('products/koszulka').set(product());
  bystander = await registeredUser(env);
}, 180_000);
afterAll(() => stopEnv(env));

/** The unrelated participant orders a ticket and cancels it again: the process still serves transactions. */
async function bystanderStillOrders(): Promise<void> {
  await setTicketBasket(env, bystander.uid, { self: 'karnet' });
  const placed = await bystander.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  expect(placed.status).toBe('pending');
  await expect(bystander.call('cancelOrder', { orderId: placed.orderId })).resolves.toMatchObject({
    status: 'cancelled',
  });
}

describe('object-internal names as client-supplied ids and keys', () => {
  for (const name of INTERNALS) {
    it(`"${name}" is refused everywhere and the process keeps serving other users`, async () => {
      const attacker = await registeredUser(env);
      const before = await dump(env.db);
      const q = JSON.stringify(name);
      const product = (id: string, variants: string) =>
        `{${id}"product":{"name":"X","description":"","priceGrosze":100,"vatRate":23,"active":true,"sortOrder":1,"variants":${variants}}}`;
      // Raw JSON bodies: `name` stays an own key of the payload on the server, as JSON.parse makes it.
      const calls: [TestUser, Parameters<TestUser['callRaw']>[0], string][] = [
        [attacker, 'placeTicketOrder', `{"idempotencyKey":${q},"buyer":${JSON.stringify(PERSON)},"acceptTerms":true}`],
        [attacker, 'placeMerchOrder', `{"idempotencyKey":${q},"buyer":${JSON.stringify(PERSON)},"acceptTerms":true}`],
        [attacker, 'cancelOrder', `{"orderId":${q}}`],
        [admin, 'confirmPayment', `{"orderId":${q}}`],
        [staff, 'handOutPickupItems', `{"uid":${q},"itemIds":["x-1"]}`],
        [staff, 'handOutPickupItems', `{"uid":${JSON.stringify(attacker.uid)},"itemIds":[${q}]}`],
        [admin, 'setUserRole', `{"uid":${q},"role":"staff","enabled":true}`],
        [
          admin,
          'upsertTicketType',
          `{"id":${q},"ticketType":{"name":"X","description":"","priceGrosze":100,"vatRate":8,"quota":1,"active":true,"sortOrder":1}}`,
        ],
        [admin, 'archiveTicketType', `{"id":${q}}`],
        [admin, 'restoreTicketType', `{"id":${q}}`],
        [admin, 'archiveProduct', `{"id":${q}}`],
        [admin, 'restoreProduct', `{"id":${q}}`],
        [admin, 'upsertProduct', product(`"id":${q},`, '{"v-1":{"label":"S","stock":1,"sortOrder":1}}')],
        [admin, 'upsertProduct', product('', `{${q}:{"label":"S","stock":1,"sortOrder":1}}`)],
      ];
      for (const [caller, callable, body] of calls) {
        const { status, body: answer } = await caller.callRaw(callable, body);
        const what = `${callable} ${body.slice(0, 80)}`;
        expect(status, `${what}: ${JSON.stringify(answer)}`).toBe(400);
        expect(answer.error?.status, what).toBe('INVALID_ARGUMENT');
        // A `__proto__` key never survives the callable's own JSON decoding: the variants arrive empty.
        expect(answer.error?.message, what).toMatch(/Nieprawidłow|Dodaj co najmniej jeden wariant/);
      }

      // Baskets, members and basket lines are client-written keys: the rules refuse these names there
      // (tests/rules/object-internals.test.ts), so the functions never read them back.
      const after = (await dump(env.db)) as Record<string, unknown>;
      expect(after.ticketTypes).toEqual((before as Record<string, unknown>).ticketTypes);
      expect(after.products).toEqual((before as Record<string, unknown>).products);
      expect(after.orders ?? null).toEqual((before as Record<string, unknown>).orders ?? null);

      await bystanderStillOrders();
    }, 120_000);
  }
});

describe('limits on the server', () => {
  it('a participant is added by the addMember callable, at most 30 per account', async () => {
    const user = await registeredUser(env);
    const ids: string[] = [];
    for (let i = 1; i < 30; i++)
      ids.push(
        (await user.call('addMember', { firstName: `Dziecko${i}`, lastName: 'Nowak', relation: 'child' })).memberId,
      );
    expect(Object.keys((await env.db.ref(`members/${user.uid}`).get()).val())).toHaveLength(30);
    for (const id of ids) expect(id).toMatch(/^-[A-Za-z0-9_-]{19}$/);
    const r = await refusal(user.call('addMember', { firstName: 'Trzydziesty', lastName: 'Pierwszy' }));
    expect(r).toMatchObject({
      code: 'resource-exhausted',
      reason: 'members-limit',
      message: 'Możesz dodać najwyżej 30 uczestników',
    });
    expect(Object.keys((await env.db.ref(`members/${user.uid}`).get()).val())).toHaveLength(30);
    const self = await refusal(user.call('addMember', { firstName: 'Ja', lastName: 'Drugi', relation: 'self' }));
    expect(self.code).toBe('invalid-argument');
  }, 120_000);

  it('tickets of a type per account are capped across orders (maxPerAccount)', async () => {
    await env.db
      .ref('ticketTypes/limitowany')
      .set(ticketType({ name: 'Bilet limitowany', quota: 100, maxPerAccount: 2 }));
    const user = await registeredUser(env);
    const a = (await user.call('addMember', { firstName: 'Ala', lastName: 'Nowak' })).memberId;
    const b = (await user.call('addMember', { firstName: 'Ola', lastName: 'Nowak' })).memberId;
    await setTicketBasket(env, user.uid, { self: 'limitowany', [a]: 'limitowany' });
    const first = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await setTicketBasket(env, user.uid, { [b]: 'limitowany' });
    const r = await refusal(user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }));
    expect(r).toMatchObject({
      code: 'resource-exhausted',
      reason: 'account-limit',
      message: 'Na jedno konto można kupić najwyżej 2 bilety „Bilet limitowany” — limit jest już wykorzystany',
    });
    expect((await env.db.ref('ticketTypes/limitowany/sold').get()).val()).toBe(2);
    expect((await env.db.ref(`tickets/${user.uid}/${b}`).get()).exists()).toBe(false);
    // Cancelling gives the allowance back.
    await user.call('cancelOrder', { orderId: first.orderId });
    expect((await env.db.ref(`holdings/${user.uid}`).get()).val()).toBeNull();
    await expect(
      user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    ).resolves.toMatchObject({ status: 'pending' });
  }, 60_000);

  it('units of a variant per account are capped across lines and orders; a basket holds at most 50 lines', async () => {
    await env.db.ref('products/kubek').set(
      product({
        name: 'Kubek',
        maxPerAccount: 5,
        variants: { std: { label: 'standard', stock: 1000, sold: 0, sortOrder: 1 } },
      }),
    );
    const user = await registeredUser(env);
    await setMerchBasket(env, user.uid, {
      'l-1': { productId: 'kubek', variantId: 'std', quantity: 3 },
      'l-2': { productId: 'kubek', variantId: 'std', quantity: 3 },
    });
    const r = await refusal(user.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }));
    expect(r).toMatchObject({
      reason: 'account-limit',
      message: 'Kubek (standard): na jedno konto najwyżej 5 sztuk — możesz dodać jeszcze 5',
    });
    await setMerchBasket(env, user.uid, { 'l-1': { productId: 'kubek', variantId: 'std', quantity: 4 } });
    await user.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await setMerchBasket(env, user.uid, { 'l-1': { productId: 'kubek', variantId: 'std', quantity: 2 } });
    const again = await refusal(
      user.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    );
    expect(again).toMatchObject({
      reason: 'account-limit',
      message: 'Kubek (standard): na jedno konto najwyżej 5 sztuk — możesz dodać jeszcze 1',
    });
    expect((await env.db.ref('products/kubek/variants/std/sold').get()).val()).toBe(4);

    // The default cap (20 units of a variant) stops the 50 × 20 hoard of 1 000 units.
    const hoarder = await registeredUser(env);
    const lines = Object.fromEntries(
      Array.from({ length: 50 }, (_, i) => [`l-${i}`, { productId: 'koszulka', variantId: 'm', quantity: 20 }]),
    );
    await setMerchBasket(env, hoarder.uid, lines);
    expect(
      (await refusal(hoarder.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true })))
        .reason,
    ).toBe('account-limit');
    await setMerchBasket(env, hoarder.uid, {
      ...lines,
      'l-50': { productId: 'koszulka', variantId: 'l', quantity: 1 },
    });
    const tooMany = await refusal(
      hoarder.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true }),
    );
    expect(tooMany).toMatchObject({
      code: 'invalid-argument',
      field: 'basket.merch',
      message: 'Koszyk zawiera nieprawidłowe dane: Koszyk może mieć najwyżej 50 pozycji',
    });
    expect((await env.db.ref('products/koszulka/variants/m/sold').get()).val()).toBe(0);
  }, 60_000);
});

describe('the reservation repair also recounts per-account holdings', () => {
  it('holdings left by a dead instance are set back to what the orders hold', async () => {
    const user = await registeredUser(env);
    await setMerchBasket(env, user.uid, { 'l-1': { productId: 'koszulka', variantId: 'l', quantity: 2 } });
    await user.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    const ghost = await registeredUser(env);
    await env.db.ref(`holdings/${user.uid}/variants/koszulka/l`).set(9);
    await env.db.ref(`holdings/${ghost.uid}`).set({ tickets: { karnet: 3 } });
    const out = await admin.call('reconcileReservations', {});
    expect(out.correctedHoldings).toBe(2);
    expect((await env.db.ref(`holdings/${user.uid}`).get()).val()).toEqual({ variants: { koszulka: { l: 2 } } });
    expect((await env.db.ref(`holdings/${ghost.uid}`).get()).val()).toBeNull();
    expect((await admin.call('reconcileReservations', {})).correctedHoldings).toBe(0);
  }, 60_000);
});

describe('unpaid orders expire after the payment deadline', () => {
  it('an order carries its deadline; expiry cancels it with the reason and returns quota, stock and allowance; running again expires nothing', async () => {
    await env.db.ref('ticketTypes/wygasa').set(ticketType({ name: 'Bilet na próbę', quota: 1 }));
    const user = await registeredUser(env);
    await setTicketBasket(env, user.uid, { self: 'wygasa' });
    const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    const order = (await env.db.ref(`orders/${placed.orderId}`).get()).val();
    // The end of the Warsaw day 7 days after the day of placing, whatever the hour of placing.
    expect(order.payBy).toBe(endOfWarsawDay(addDaysToIsoDay(warsawDate(order.createdAt), 7)));

    expect((await refusal(user.call('expireUnpaidOrders', {}))).reason).toBe('forbidden');
    const early = await admin.call('expireUnpaidOrders', {});
    expect(early.expired).not.toContain(placed.number);

    await env.db.ref(`orders/${placed.orderId}/payBy`).set(Date.now() - 60_000);
    const run = await admin.call('expireUnpaidOrders', {});
    expect(run.expired).toContain(placed.number);
    // Within the call's time budget nothing is left for the next run.
    expect(run.left).toBe(0);
    const expired = (await env.db.ref(`orders/${placed.orderId}`).get()).val();
    expect(expired).toMatchObject({ status: 'cancelled', cancelReason: 'expired', released: true });
    expect((await env.db.ref('ticketTypes/wygasa/sold').get()).val()).toBe(0);
    expect((await env.db.ref(`tickets/${user.uid}/self/wygasa`).get()).exists()).toBe(false);
    expect((await env.db.ref(`holdings/${user.uid}`).get()).val()).toBeNull();
    const again = await admin.call('expireUnpaidOrders', {});
    expect(again.expired).not.toContain(placed.number);
  }, 60_000);

  it('the local stack’s stand-in for the schedule (scripts/lib/expiry.mjs) runs the same expiry through the callable', async () => {
    await env.db.ref('ticketTypes/interwal').set(ticketType({ name: 'Bilet interwałowy', quota: 5 }));
    const user = await registeredUser(env);
    await setTicketBasket(env, user.uid, { self: 'interwal' });
    const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await env.db.ref(`orders/${placed.orderId}/payBy`).set(Date.now() - 1);
    const result = await runExpiry({
      functionsUrl: env.stack.urls.functions,
      projectId: env.stack.projectId,
      region: 'europe-central2',
    });
    expect(result.expired).toContain(placed.number);
    expect((await env.db.ref(`orders/${placed.orderId}/cancelReason`).get()).val()).toBe('expired');
    expect((await env.db.ref('ticketTypes/interwal/sold').get()).val()).toBe(0);
  }, 60_000);

  it('the deadline is the whole named day in Warsaw: an order placed 7 days ago at an earlier hour survives until today’s midnight, both in the callable and the local stack’s interval', async () => {
    await env.db.ref('ticketTypes/caly-dzien').set(ticketType({ name: 'Bilet do końca dnia', quota: 5 }));
    const user = await registeredUser(env);
    await setTicketBasket(env, user.uid, { self: 'caly-dzien' });
    const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    // Placed 7 days ago, earlier in the day than now: 7 × 24 h have passed, but the 7th day (today) has not ended.
    const now = Date.now();
    const today = warsawDate(now);
    const halfOfTodaySoFar = Math.floor((now - startOfWarsawDay(today)) / 2);
    const createdAt = startOfWarsawDay(addDaysToIsoDay(today, -7)) + halfOfTodaySoFar;
    await env.db
      .ref(`orders/${placed.orderId}`)
      .update({ createdAt, payBy: endOfWarsawDay(addDaysToIsoDay(warsawDate(createdAt), 7)) });
    expect((await admin.call('expireUnpaidOrders', {})).expired).not.toContain(placed.number);
    // An order stored before deadlines existed (no payBy) gets the same rule from the event's term.
    await env.db.ref(`orders/${placed.orderId}/payBy`).remove();
    const target = {
      functionsUrl: env.stack.urls.functions,
      projectId: env.stack.projectId,
      region: 'europe-central2',
    };
    expect((await runExpiry(target)).expired).not.toContain(placed.number);
    expect((await env.db.ref(`orders/${placed.orderId}/status`).get()).val()).toBe('pending');
    // One day earlier, the 7th day was yesterday: it has ended.
    await env.db
      .ref(`orders/${placed.orderId}/createdAt`)
      .set(startOfWarsawDay(addDaysToIsoDay(today, -8)) + halfOfTodaySoFar);
    expect((await runExpiry(target)).expired).toContain(placed.number);
    expect((await env.db.ref(`orders/${placed.orderId}/cancelReason`).get()).val()).toBe('expired');
  }, 60_000);

  it('a late transfer for an expired order is booked when the ticket is still there, and refused with a clear message when it is not', async () => {
    await env.db.ref('ticketTypes/ostatni').set(ticketType({ name: 'Ostatni bilet', quota: 1 }));
    const late = await registeredUser(env);
    await setTicketBasket(env, late.uid, { self: 'ostatni' });
    const first = await late.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await env.db.ref(`orders/${first.orderId}/payBy`).set(Date.now() - 1);
    await admin.call('expireUnpaidOrders', {});
    const statsBefore = (await env.db.ref('stats/admin/orders').get()).val();

    const booked = await admin.call('confirmPayment', { orderId: first.orderId });
    expect(booked.invoiceNumber).toMatch(/^FV\//);
    const paid = (await env.db.ref(`orders/${first.orderId}`).get()).val();
    expect(paid).toMatchObject({ status: 'paid', reinstatedBy: admin.uid });
    expect(paid.cancelReason).toBeUndefined();
    expect((await env.db.ref('ticketTypes/ostatni/sold').get()).val()).toBe(1);
    expect((await env.db.ref(`tickets/${late.uid}/self/ostatni`).get()).val()).toEqual({
      orderId: first.orderId,
      status: 'paid',
    });
    const statsAfter = (await env.db.ref('stats/admin/orders').get()).val();
    expect(statsAfter.cancelled).toBe(statsBefore.cancelled - 1);
    expect(statsAfter.paid).toBe((statsBefore.paid ?? 0) + 1);
    expect(statsAfter.pending).toBe(statsBefore.pending);

    // Someone else's expired order for the same (now sold) ticket cannot be booked.
    await env.db.ref('ticketTypes/ostatni/quota').set(2);
    const other = await registeredUser(env);
    await setTicketBasket(env, other.uid, { self: 'ostatni' });
    const second = await other.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await env.db.ref(`orders/${second.orderId}/payBy`).set(Date.now() - 1);
    await admin.call('expireUnpaidOrders', {});
    await env.db.ref('ticketTypes/ostatni/quota').set(1);
    const before = await dump(env.db);
    const r = await refusal(admin.call('confirmPayment', { orderId: second.orderId }));
    expect(r).toMatchObject({ reason: 'expired-sold-out' });
    expect(r.message).toBe(
      `Zamówienie ${second.number} wygasło i nie można go już opłacić: Bilety „Ostatni bilet” są wyprzedane. Zwróć wpłatę na konto nadawcy przelewu.`,
    );
    expect(await dump(env.db)).toEqual(before);
  }, 60_000);
});

describe('text hygiene', () => {
  const buyerWith = (patch: Record<string, unknown>) => ({ ...PERSON, ...patch });
  const unsafe: [string, string][] = [
    ['a line break (a fake NIP line)', 'Jan Kowalski\nNIP: 526-000-12-46'],
    ['NUL', 'Jan\u0000Kowalski'],
    ['a right-to-left override', 'Jan \u202eikslawoK'],
    ['a lone surrogate', 'Jan \ud83d Kowalski'],
  ];
  for (const [what, name] of unsafe) {
    it(`a buyer name with ${what} is refused before anything is reserved`, async () => {
      const r = await refusal(
        bystander.call('placeTicketOrder', { idempotencyKey: key(), buyer: buyerWith({ name }), acceptTerms: true }),
      );
      expect(r).toMatchObject({
        code: 'invalid-argument',
        field: 'buyer.name',
        message: 'Tekst zawiera niedozwolone znaki (np. znaki sterujące lub podział wiersza)',
      });
    });
  }

  it('a buyer country outside /countries is refused', async () => {
    await setTicketBasket(env, bystander.uid, { self: 'karnet' });
    const r = await refusal(
      bystander.call('placeTicketOrder', {
        idempotencyKey: key(),
        buyer: buyerWith({ country: 'XX', postalCode: '12345' }),
        acceptTerms: true,
      }),
    );
    expect(r).toMatchObject({ code: 'invalid-argument', reason: 'country-missing', field: 'buyer.country' });
    expect((await env.db.ref(`tickets/${bystander.uid}/self/karnet`).get()).exists()).toBe(false);
  });

  it('a product image must be an https address; a description keeps its line breaks', async () => {
    const base = product({
      name: 'Czapka',
      description: 'Bawełna\nRozmiar uniwersalny',
      variants: { 'v-1': { label: 'uniwersalny', stock: 5, sortOrder: 1 } },
    });
    for (const imageUrl of ['javascript:alert(1)', 'data:image/png;base64,AAAA', 'http://example.com/a.png']) {
      const r = await refusal(admin.call('upsertProduct', { product: { ...base, imageUrl } }));
      expect(r).toMatchObject({ code: 'invalid-argument', field: 'product.imageUrl' });
    }
    const ok = await admin.call('upsertProduct', { product: { ...base, imageUrl: 'https://example.com/czapka.png' } });
    expect((await env.db.ref(`products/${ok.id}/description`).get()).val()).toBe('Bawełna\nRozmiar uniwersalny');
  });

  it('a malformed address (product image, terms page) is refused as invalid input in Polish, never a crash, and writes nothing', async () => {
    const base = {
      name: 'Czapka',
      description: '',
      priceGrosze: 3000,
      vatRate: 23,
      active: true,
      sortOrder: 5,
      variants: { 'v-1': { label: 'uniwersalny', stock: 5, sortOrder: 1 } },
    };
    const malformed = ['not a url', 'https://', '//x', `https://example.com/${'a'.repeat(481)}`];
    const before = await dump(env.db);
    for (const url of malformed) {
      const product = await refusal(admin.call('upsertProduct', { product: { ...base, imageUrl: url } }));
      expect(product, url.slice(0, 30)).toMatchObject({
        code: 'invalid-argument',
        field: 'product.imageUrl',
        message: expect.stringMatching(/^(Nieprawidłowy adres obrazka|Adres obrazka jest za długi)$/),
      });
      const terms = await refusal(admin.call('updateEventSettings', { event: { ...EVENT, terms: { url, text: '' } } }));
      expect(terms, url.slice(0, 30)).toMatchObject({
        code: 'invalid-argument',
        field: 'event.terms.url',
        message: expect.stringMatching(/^(Nieprawidłowy adres strony|Adres strony jest za długi)$/),
      });
    }
    expect(await dump(env.db)).toEqual(before);
  });
});
