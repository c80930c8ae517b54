import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, startEventEnv, stopEnv } from './helpers.js';
import { PERSON, key, ticketType } from './fixtures.js';
import { registeredUser, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

// Discount codes (docs/discounts.md) against the emulators: created by the admin, checked and used by
// participants inside the order placement, never used more often than allowed — also when many place
// at once — given back by a cancellation and an expiry; a code leaving nothing to pay confirms at once.
let env: TestEnv;
let admin: TestUser;

const read = async (path: string) => (await env.db.ref(path).get()).val();
const place = (user: TestUser, discountCode?: string) =>
  user.call('placeTicketOrder', {
    idempotencyKey: key(),
    buyer: PERSON,
    acceptTerms: true,
    ...(discountCode ? { discountCode } : {}),
  });
async function buyer(): Promise<TestUser> {
  const user = await registeredUser(env);
  await setTicketBasket(env, user.uid, { self: 'karnet' });
  return user;
}

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 500 }));
  await env.db.ref('ticketTypes/dziecko').set(ticketType({ name: 'Bilet dziecięcy', priceGrosze: 7450, quota: 500 }));
}, 120_000);
afterAll(() => stopEnv(env));

describe('admin creates codes', () => {
  it('only an admin; codes are normalised to upper case and a second create of the same code is refused', async () => {
    const member = await buyer();
    expect(
      (
        await refusal(
          member.call('upsertDiscountCode', {
            code: 'X-1',
            create: true,
            terms: { kind: 'percent', value: 10, active: true },
          }),
        )
      ).reason,
    ).toBe('forbidden');
    expect(
      await admin.call('upsertDiscountCode', {
        code: 'czlonek',
        create: true,
        terms: { kind: 'percent', value: 20, active: true, ticketTypeIds: { karnet: true }, label: 'Członkowie' },
      }),
    ).toEqual({ code: 'CZLONEK', created: true });
    expect(await read('discountCodes/CZLONEK')).toMatchObject({
      kind: 'percent',
      value: 20,
      active: true,
      createdBy: admin.uid,
    });
    const again = await refusal(
      admin.call('upsertDiscountCode', {
        code: 'Czlonek',
        create: true,
        terms: { kind: 'percent', value: 5, active: true },
      }),
    );
    expect(again).toMatchObject({
      reason: 'discount-exists',
      field: 'code',
      message: 'Kod CZLONEK już istnieje — wybierz inny.',
    });
  });

  it('bad input is refused in Polish before anything is written, object internals included', async () => {
    for (const code of ['__proto__', 'a', 'kod/inny', 'ŻAGIEL']) {
      const r = await refusal(
        admin.call('upsertDiscountCode', { code, create: true, terms: { kind: 'percent', value: 10, active: true } }),
      );
      expect(r, code).toMatchObject({
        code: 'invalid-argument',
        field: 'code',
        message: 'Kod rabatowy to 3–32 znaki: litery A–Z, cyfry i „-”',
      });
    }
    const r = await refusal(
      admin.call('upsertDiscountCode', {
        code: 'ZLY',
        create: true,
        terms: { kind: 'percent', value: 150, active: true },
      }),
    );
    expect(r).toMatchObject({ code: 'invalid-argument', field: 'terms.value', message: 'Procent zniżki: od 1 do 100' });
    const raw = await admin.callRaw(
      'createDiscountCodeBatch',
      '{"prefix":"EKIPA","count":2,"terms":{"kind":"percent","value":100,"active":true,"ticketTypeIds":{"__proto__":true}}}',
    );
    expect(raw.status).toBe(400);
    expect(await read('discountCodes/ZLY')).toBeNull();
  });
});

describe('a member code', () => {
  it('is checked at the checkout and lowers the price of the lines it covers; the invoice shows the price after it', async () => {
    const member = await buyer();
    expect(await member.call('checkDiscountCode', { kind: 'tickets', code: ' czlonek ' })).toEqual({
      code: 'CZLONEK',
      kind: 'percent',
      value: 20,
      ticketTypeIds: { karnet: true },
      usesLeft: null,
    });
    expect(await refusal(member.call('checkDiscountCode', { kind: 'tickets', code: 'NIEMA' }))).toMatchObject({
      reason: 'discount-missing',
      field: 'discountCode',
      message: 'Nie ma takiego kodu rabatowego: NIEMA. Sprawdź, czy nie ma literówki.',
    });
    const placed = await place(member, 'Czlonek');
    expect(placed.totalGross).toBe(11920);
    const order = await read(`orders/${placed.orderId}`);
    expect(order.discount).toEqual({ code: 'CZLONEK', units: 1, gross: 2980 });
    expect(order.lines.l1).toMatchObject({ unitGross: 11920, listUnitGross: 14900 });
    expect(await read('stats/admin/discounts/CZLONEK')).toEqual({ orders: 1, units: 1, discountGross: 2980 });
    const paid = await admin.call('confirmPayment', { orderId: placed.orderId });
    const invoice = await read(`invoices/${member.uid}/${paid.invoiceId}`);
    expect(invoice.lines.l1).toMatchObject({ unitGross: 11920, gross: 11920 });
    expect(invoice.totals.gross).toBe(11920);
  });

  it('an expired code, and one that covers nothing in the basket, are refused at placement with nothing taken', async () => {
    await admin.call('upsertDiscountCode', {
      code: 'WCZESNI',
      create: true,
      terms: { kind: 'amount', value: 1000, active: true, validUntil: Date.now() - 1000 },
    });
    await admin.call('upsertDiscountCode', {
      code: 'DZIECI',
      create: true,
      terms: { kind: 'amount', value: 1000, active: true, ticketTypeIds: { dziecko: true } },
    });
    const member = await buyer();
    expect(await refusal(place(member, 'wczesni'))).toMatchObject({
      reason: 'discount-expired',
      field: 'discountCode',
    });
    expect(await refusal(place(member, 'dzieci'))).toMatchObject({
      reason: 'discount-not-applicable',
      message: 'Kod DZIECI nie obejmuje niczego, co masz w koszyku.',
    });
    expect(await read(`tickets/${member.uid}`)).toBeNull();
    expect(await read('discountUses/DZIECI')).toBeNull();
  });
});

describe('limits under concurrency', () => {
  const USES = 5;
  const BUYERS = 24;

  it(`${BUYERS} placements at once with a code of ${USES} uses: exactly ${USES} get it, the rest are told it is used up`, async () => {
    await admin.call('upsertDiscountCode', {
      code: 'PIERWSI',
      create: true,
      terms: { kind: 'amount', value: 5000, active: true, maxUses: USES },
    });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => buyer()));
    const settled = await Promise.allSettled(buyers.map((b) => place(b, 'pierwsi')));
    const won = settled.filter((s) => s.status === 'fulfilled');
    expect(won).toHaveLength(USES);
    for (const s of settled.filter((x) => x.status === 'rejected')) {
      const r = await refusal(Promise.reject((s as PromiseRejectedResult).reason));
      expect(r).toMatchObject({ reason: 'discount-used-up', message: 'Kod PIERWSI został już wykorzystany.' });
    }
    const uses = await read('discountUses/PIERWSI');
    expect(uses.used).toBe(USES);
    expect(Object.keys(uses.orders)).toHaveLength(USES);
    // The losers took nothing: no quota, no ticket claims.
    expect((await read('ticketTypes/karnet')).sold).toBe(1 + USES);
    expect(await read('stats/admin/discounts/PIERWSI')).toEqual({
      orders: USES,
      units: USES,
      discountGross: USES * 5000,
    });

    // A cancelled order gives its use back, and the next buyer gets it.
    const [first] = won as PromiseFulfilledResult<{ orderId: string }>[];
    await admin.call('cancelOrder', { orderId: first.value.orderId });
    expect((await read('discountUses/PIERWSI')).used).toBe(USES - 1);
    expect(await read('stats/admin/discounts/PIERWSI')).toEqual({
      orders: USES - 1,
      units: USES - 1,
      discountGross: (USES - 1) * 5000,
    });
    const lateBuyer = buyers[settled.findIndex((s) => s.status === 'rejected')];
    expect((await place(lateBuyer, 'PIERWSI')).totalGross).toBe(9900);
    expect((await read('discountUses/PIERWSI')).used).toBe(USES);
  }, 180_000);

  it('per account: the second order of one account is refused, another account still gets the code', async () => {
    await admin.call('upsertDiscountCode', {
      code: 'RODZINA',
      create: true,
      terms: { kind: 'percent', value: 10, active: true, maxPerAccount: 1 },
    });
    const member = await buyer();
    await place(member, 'RODZINA');
    await env.db.ref(`members/${member.uid}/m-2`).set({ firstName: 'Ola', lastName: 'Nowak', createdAt: Date.now() });
    await setTicketBasket(env, member.uid, { 'm-2': 'karnet' });
    expect(await refusal(place(member, 'RODZINA'))).toMatchObject({ reason: 'discount-used-up' });
    expect(await refusal(member.call('checkDiscountCode', { kind: 'tickets', code: 'RODZINA' }))).toMatchObject({
      reason: 'discount-used-up',
    });
    expect((await place(await buyer(), 'RODZINA')).totalGross).toBe(13410);
  });

  it('an order that expires unpaid gives its use back', async () => {
    await admin.call('upsertDiscountCode', {
      code: 'JEDEN',
      create: true,
      terms: { kind: 'amount', value: 100, active: true, maxUses: 1 },
    });
    const placed = await place(await buyer(), 'JEDEN');
    expect(await refusal(place(await buyer(), 'JEDEN'))).toMatchObject({ reason: 'discount-used-up' });
    await env.db.ref(`orders/${placed.orderId}/payBy`).set(Date.now() - 60_000);
    expect((await admin.call('expireUnpaidOrders', {})).expired).toContain(placed.number);
    expect((await read('discountUses/JEDEN')).used).toBe(0);
    expect((await place(await buyer(), 'JEDEN')).totalGross).toBe(14800);
  });
});

describe('a crew code: nothing to pay', () => {
  it('a batch of single-use codes; using one confirms the order at once, with no invoice and no payment', async () => {
    const { batch, codes } = await admin.call('createDiscountCodeBatch', {
      prefix: 'ekipa',
      count: 3,
      terms: { kind: 'percent', value: 100, active: true, label: 'Ekipa' },
    });
    expect(codes).toHaveLength(3);
    for (const code of codes)
      expect(await read(`discountCodes/${code}`)).toMatchObject({ batch, maxUses: 1, label: 'Ekipa' });
    const crew = await buyer();
    const placed = await place(crew, codes[0].toLowerCase());
    expect(placed).toMatchObject({ status: 'paid', totalGross: 0 });
    const order = await read(`orders/${placed.orderId}`);
    expect(order).toMatchObject({
      status: 'paid',
      paidBy: 'discount',
      discount: { code: codes[0], units: 1, gross: 14900 },
    });
    expect(order.invoiceId).toBeUndefined();
    expect(await read(`invoices/${crew.uid}`)).toBeNull();
    expect(await read(`tickets/${crew.uid}/self/karnet`)).toEqual({ orderId: placed.orderId, status: 'paid' });
    expect(await refusal(admin.call('cancelOrder', { orderId: placed.orderId }))).toMatchObject({
      reason: 'already-paid',
    });
    expect(await refusal(place(await buyer(), codes[0]))).toMatchObject({ reason: 'discount-used-up' });
    const mail = await read(`outbox/op-${placed.orderId}`);
    expect(mail.subject).toContain('potwierdzone');
    expect(mail.attachments).toBeUndefined();
  });
});

describe('the admin edits a code', () => {
  it('changes its terms and keeps who made it and when; a code that does not exist is refused', async () => {
    await admin.call('upsertDiscountCode', {
      code: 'LATO',
      create: true,
      terms: { kind: 'percent', value: 10, active: true },
    });
    const made = await read('discountCodes/LATO');
    expect(
      await admin.call('upsertDiscountCode', {
        code: 'lato',
        create: false,
        terms: { kind: 'price', value: 5000, active: false, maxUses: 3, label: 'Lato' },
      }),
    ).toEqual({ code: 'LATO', created: false });
    const edited = await read('discountCodes/LATO');
    expect(edited).toMatchObject({
      kind: 'price',
      value: 5000,
      active: false,
      maxUses: 3,
      label: 'Lato',
      createdAt: made.createdAt,
      createdBy: admin.uid,
    });
    expect(edited.updatedAt).toBeGreaterThanOrEqual(made.createdAt);
    expect(await refusal((await buyer()).call('checkDiscountCode', { kind: 'tickets', code: 'LATO' }))).toMatchObject({
      reason: 'discount-missing',
    });
    expect(
      await refusal(
        admin.call('upsertDiscountCode', {
          code: 'NIKT',
          create: false,
          terms: { kind: 'percent', value: 10, active: true },
        }),
      ),
    ).toMatchObject({ reason: 'discount-missing', field: 'code', message: 'Nie ma kodu NIKT.' });
    expect(await read('discountCodes/NIKT')).toBeNull();
  });
});

describe('guessing codes', () => {
  it('an account may check 10 codes a minute; the 11th is refused in Polish without looking at the code, others are not affected', async () => {
    const guesser = await buyer();
    for (let i = 0; i < 9; i++)
      expect((await refusal(guesser.call('checkDiscountCode', { kind: 'tickets', code: `ZGADUJE-${i}` }))).reason).toBe(
        'discount-missing',
      );
    expect((await guesser.call('checkDiscountCode', { kind: 'tickets', code: 'CZLONEK' })).code).toBe('CZLONEK');
    const limited = await refusal(guesser.call('checkDiscountCode', { kind: 'tickets', code: 'CZLONEK' }));
    expect(limited).toMatchObject({
      code: 'resource-exhausted',
      reason: 'discount-checks-limit',
      field: 'discountCode',
    });
    expect(limited.message).toMatch(
      /^Za dużo prób wpisania kodu rabatowego\. Spróbuj ponownie za \d+ (sekundę|sekundy|sekund)\.$/,
    );
    expect((await (await buyer()).call('checkDiscountCode', { kind: 'tickets', code: 'CZLONEK' })).code).toBe(
      'CZLONEK',
    );
    // A minute later the account may check again.
    await env.db.ref(`discountChecks/${guesser.uid}/windowStart`).set(Date.now() - 61_000);
    expect((await guesser.call('checkDiscountCode', { kind: 'tickets', code: 'CZLONEK' })).code).toBe('CZLONEK');
    expect(await read(`discountChecks/${guesser.uid}/count`)).toBe(1);
  });

  it('an order placed with a code counts toward the same limit, so codes cannot be guessed through placements', async () => {
    const guesser = await buyer();
    // What the guesser learns from a placement: "no such code" or another refusal (here a ticket type
    // outside the code's scope would be placed; a member already holding the ticket works the same).
    for (let i = 0; i < 10; i++)
      expect((await refusal(place(guesser, `ZGADUJE-${i}`))).reason).toBe('discount-missing');
    const limited = await refusal(place(guesser, 'CZLONEK'));
    expect(limited).toMatchObject({ code: 'resource-exhausted', reason: 'discount-checks-limit' });
    expect(await read(`discountChecks/${guesser.uid}/count`)).toBe(10);
    // Nothing was placed, and an order without a code is not limited.
    expect((await place(guesser)).orderId).toBeTruthy();
  });
});

describe('reconciliation of the use counters', () => {
  it('gives back uses a dead placement left taken and restores a lost counter, from the orders that hold uses', async () => {
    await admin.call('upsertDiscountCode', {
      code: 'DRYF',
      create: true,
      terms: { kind: 'amount', value: 500, active: true, maxUses: 2 },
    });
    const member = await buyer();
    const placed = await place(member, 'DRYF');
    // A placement that died after taking its use: the counter holds an order that does not exist.
    await env.db.ref('discountUses/DRYF').set({
      used: 2,
      accounts: { [member.uid]: 1, ghostUid: 1 },
      orders: { [placed.orderId]: { uid: member.uid, units: 1 }, 'ghost-order': { uid: 'ghostUid', units: 1 } },
    });
    expect(await refusal(place(await buyer(), 'DRYF'))).toMatchObject({ reason: 'discount-used-up' });
    // And a counter lost altogether for a pending order.
    await admin.call('upsertDiscountCode', {
      code: 'ZGUBA',
      create: true,
      terms: { kind: 'amount', value: 500, active: true },
    });
    const other = await place(await buyer(), 'ZGUBA');
    const otherOrder = await read(`orders/${other.orderId}`);
    await env.db.ref('discountUses/ZGUBA').remove();

    const out = await admin.call('reconcileReservations', {});
    expect(out.correctedDiscountUses).toBe(2);
    expect(await read('discountUses/DRYF')).toEqual({
      used: 1,
      accounts: { [member.uid]: 1 },
      orders: { [placed.orderId]: { uid: member.uid, units: 1 } },
    });
    expect(await read('discountUses/ZGUBA')).toEqual({
      used: 1,
      accounts: { [otherOrder.uid]: 1 },
      orders: { [other.orderId]: { uid: otherOrder.uid, units: 1 } },
    });
    expect((await place(await buyer(), 'DRYF')).totalGross).toBe(14400);
    expect((await admin.call('reconcileReservations', {})).correctedDiscountUses).toBe(0);
  }, 120_000);
});
