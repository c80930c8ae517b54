// Bank statement booking through the emulators (issue 17): real participants place real orders, the
// admin books transfers with bookBankTransactions, and the database is inspected with the Admin SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionKey } from '../../functions/src/domain/bank/keys.js';
import type { BankBookingResult } from '../../functions/src/domain/bank/schemas.js';
import { createUser, dump, refusal, startEventEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, key, ticketType } from './fixtures.js';
import { registeredUser, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let admin2: TestUser;
let seq = 0;

beforeAll(async () => {
  ({ env, admin } = await startEventEnv());
  admin2 = await createUser(env, { claims: { admin: true } });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000, pickupLabel: 'Opaska na wydarzenie' }));
}, 180_000);
afterAll(() => stopEnv(env));

interface Placed {
  orderId: string;
  number: string;
  gross: number;
  buyer: TestUser;
}

/** A participant with one ticket order (14 900 gr), placed through the real callable. */
async function placeOrder(): Promise<Placed> {
  const buyer = await registeredUser(env);
  await setTicketBasket(env, buyer.uid, { self: 'karnet' });
  const placed = await buyer.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  return { orderId: placed.orderId, number: placed.number, gross: placed.totalGross, buyer };
}

/** A transfer as the admin page sends it, unique per call unless `same` is given. */
function transfer(title: string, amountGrosze: number, extra: Record<string, unknown> = {}) {
  seq++;
  return {
    bookingDate: '2026-07-01',
    amountGrosze,
    currency: 'PLN',
    title,
    payerName: 'JAN KOWALSKI',
    payerAccount: '60102010260000123456789012',
    reference: `REF-${Date.now()}-${seq}`,
    ...extra,
  };
}
const source = { format: 'mt940', fileName: 'wyciag.sta' };
const keyOf = (t: ReturnType<typeof transfer>) => transactionKey(t as never);

async function book(who: TestUser, items: unknown[]): Promise<BankBookingResult[]> {
  return (await who.call('bookBankTransactions', { items, source })).results;
}
const read = async <T = Record<string, unknown>>(path: string) => (await env.db.ref(path).get()).val() as T;

describe('bookBankTransactions', () => {
  it('books an exact transfer through the payment confirmation and records the transfer', async () => {
    const o = await placeOrder();
    const paidBefore = (await read<number | null>('stats/admin/orders/paid')) ?? 0;
    const t = transfer(`Opłata ${o.number} Jan Kowalski`, o.gross);
    const [r] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    expect(r).toMatchObject({
      txKey: keyOf(t),
      outcome: 'booked',
      orders: [{ orderId: o.orderId, number: o.number, result: 'booked' }],
    });
    expect(r.message).toMatch(new RegExp(`^Zaksięgowano: ${o.number} \\(faktura FV/\\d{4}/\\d{6}\\)\\.$`));

    const order = await read<Record<string, unknown>>(`orders/${o.orderId}`);
    expect(order).toMatchObject({
      status: 'paid',
      paidBy: admin.uid,
      invoiceNumber: r.orders[0].invoiceNumber,
      bankTransfer: { txKey: keyOf(t), bookingDate: '2026-07-01', amountGrosze: o.gross },
    });
    // The owner can read the order, so the payer's name and account are not on it.
    expect(JSON.stringify(order)).not.toContain('KOWALSKI');
    // The invoice's payment date (FA(3) DataZaplaty) is the transfer's booking date, not the issue date.
    expect(await read(`invoices/${o.buyer.uid}/${order.invoiceId as string}`)).toMatchObject({
      orderId: o.orderId,
      paid: o.gross,
      paidOn: '2026-07-01',
    });
    expect(Object.values((await read(`pickups/${o.buyer.uid}`)) ?? {})).toHaveLength(1);
    expect(await read<number>('stats/admin/orders/paid')).toBe(paidBefore + 1);
    expect(await read(`bank/transactions/${keyOf(t)}`)).toMatchObject({
      status: 'done',
      outcome: 'booked',
      orders: { [o.orderId]: 'booked' },
      payerName: 'JAN KOWALSKI',
      payerAccount: '60102010260000123456789012',
      title: t.title,
      amountGrosze: o.gross,
      settledBy: admin.uid,
      source,
    });
    expect(await read(`bank/transactions/${keyOf(t)}/claim`)).toBeNull();
    expect(await read(`bank/refundCandidates/${keyOf(t)}`)).toBeNull();
  });

  it('booking the same statement twice books once; an overlapping statement books only what is new', async () => {
    const [a, b] = [await placeOrder(), await placeOrder()];
    const ta = transfer(a.number, a.gross);
    const tb = transfer(b.number, b.gross);
    const first = await book(admin, [{ transaction: ta, action: { kind: 'book', orderIds: [a.orderId] } }]);
    expect(first[0].outcome).toBe('booked');
    const counterBefore = await read<{ last: number }>(
      `counters/invoices/${String(first[0].orders[0].invoiceNumber).split('/')[1]}`,
    );
    const before = await dump(env.db);
    const again = await book(admin, [{ transaction: ta, action: { kind: 'book', orderIds: [a.orderId] } }]);
    expect(again).toEqual([
      {
        txKey: keyOf(ta),
        outcome: 'already-settled',
        orders: [{ orderId: a.orderId, result: 'booked' }],
        message: 'Ten przelew został już rozliczony wcześniej — nie zaksięgowano go drugi raz.',
      },
    ]);
    expect(await dump(env.db)).toEqual(before);
    const overlap = await book(admin, [
      { transaction: ta, action: { kind: 'book', orderIds: [a.orderId] } },
      { transaction: tb, action: { kind: 'book', orderIds: [b.orderId] } },
    ]);
    expect(overlap.map((r) => r.outcome)).toEqual(['already-settled', 'booked']);
    const year = String(first[0].orders[0].invoiceNumber).split('/')[1];
    expect((await read<{ last: number }>(`counters/invoices/${year}`)).last).toBe(counterBefore.last + 1);
    expect(Object.keys((await read(`invoices/${a.buyer.uid}`)) ?? {})).toHaveLength(1);
  });

  it('without a bank reference the key is the hash of date, amount, account and title (and the occurrence)', async () => {
    const o = await placeOrder();
    const t = { ...transfer(o.number, o.gross), reference: undefined };
    delete t.reference;
    await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    expect(await read(`bank/transactions/${transactionKey(t as never, 0)}/status`)).toBe('done');
    // The same transfer a second time on the same statement is a different payment: a duplicate.
    const [second] = await book(admin, [
      { transaction: { ...t, occurrence: 1 }, action: { kind: 'refund', orderIds: [o.orderId] } },
    ]);
    expect(second.txKey).toBe(transactionKey(t as never, 1));
    expect(await read(`bank/refundCandidates/${second.txKey}`)).toMatchObject({
      reason: 'duplicate',
      refundGrosze: o.gross,
      orders: { [o.orderId]: o.number },
      uid: o.buyer.uid,
      status: 'open',
    });
  });

  it('concurrent booking and manual confirmation of the same order give one invoice', async () => {
    const orders = await Promise.all([placeOrder(), placeOrder(), placeOrder(), placeOrder()]);
    const transfers = orders.map((o) => transfer(o.number, o.gross));
    const settledAll = await Promise.allSettled(
      orders.flatMap((o, i) => [
        admin.call('confirmPayment', { orderId: o.orderId }),
        book(admin2, [{ transaction: transfers[i], action: { kind: 'book', orderIds: [o.orderId] } }]),
      ]),
    );
    for (const [i, o] of orders.entries()) {
      const manual = settledAll[2 * i];
      const bank = settledAll[2 * i + 1];
      expect(bank.status).toBe('fulfilled');
      const result = (bank as PromiseFulfilledResult<BankBookingResult[]>).value[0];
      expect(Object.keys((await read(`invoices/${o.buyer.uid}`)) ?? {})).toHaveLength(1);
      const order = await read<{ status: string; bankTransfer?: { txKey: string } }>(`orders/${o.orderId}`);
      expect(order.status).toBe('paid');
      if (result.outcome === 'booked') {
        // The bank booking confirmed it; the manual confirmation was refused.
        expect(manual.status).toBe('rejected');
        expect(['already-paid', 'busy']).toContain(
          (await refusal(Promise.reject((manual as PromiseRejectedResult).reason))).reason,
        );
        expect(order.bankTransfer?.txKey).toBe(keyOf(transfers[i]));
      } else if (result.outcome === 'refund') {
        // The admin confirmed by hand first: the transfer is a duplicate, its money a refund candidate.
        expect(manual.status).toBe('fulfilled');
        expect(result.orders).toEqual([
          { orderId: o.orderId, number: o.number, result: 'duplicate', invoiceNumber: expect.stringMatching(/^FV\//) },
        ]);
        expect(await read(`bank/refundCandidates/${result.txKey}/reason`)).toBe('duplicate');
      } else {
        // The bank booking met the manual confirmation's lock: nothing settled, the re-run answers.
        expect(result).toMatchObject({ outcome: 'failed', reason: 'busy' });
        expect(manual.status).toBe('fulfilled');
        expect(await read(`bank/transactions/${result.txKey}`)).toBeNull();
      }
    }
  }, 180_000);

  it('one transfer for several orders books them all; an overpayment leaves a refund candidate', async () => {
    const [a, b, c] = [await placeOrder(), await placeOrder(), await placeOrder()];
    const both = transfer(`${a.number}, ${b.number}`, a.gross + b.gross);
    const over = transfer(`${c.number} + napiwek`, c.gross + 1100);
    const [r1, r2] = await book(admin, [
      { transaction: both, action: { kind: 'book', orderIds: [a.orderId, b.orderId] } },
      { transaction: over, action: { kind: 'book', orderIds: [c.orderId] } },
    ]);
    expect(r1.orders.map((o) => o.result)).toEqual(['booked', 'booked']);
    expect(r1.refundGrosze).toBeUndefined();
    expect(r2).toMatchObject({ outcome: 'booked', refundGrosze: 1100 });
    expect(r2.message).toMatch(/Nadwyżka 11,00\u00a0zł trafiła na listę zwrotów\.$/);
    expect(await read(`bank/refundCandidates/${r2.txKey}`)).toMatchObject({
      txKey: r2.txKey,
      reason: 'overpaid',
      refundGrosze: 1100,
      amountGrosze: c.gross + 1100,
      orders: { [c.orderId]: c.number },
      uid: c.buyer.uid,
      status: 'open',
      createdBy: admin.uid,
    });
    for (const o of [a, b, c]) expect(await read(`orders/${o.orderId}/status`)).toBe('paid');
  });

  it('an underpaid transfer is not booked automatically; assigned by hand it is', async () => {
    const o = await placeOrder();
    const t = transfer(o.number, o.gross - 500);
    const before = await dump(env.db);
    const [auto] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    expect(auto).toMatchObject({ outcome: 'failed', reason: 'underpaid' });
    expect(auto.message).toBe(
      'Wpłynęło 144,00\u00a0zł, a zamówienia kosztują 149,00\u00a0zł — nie zaksięgowano. Przypisz przelew ręcznie, jeśli chcesz go zaksięgować.',
    );
    expect(await dump(env.db)).toEqual(before);
    const [manual] = await book(admin, [
      { transaction: t, action: { kind: 'book', orderIds: [o.orderId], manual: true } },
    ]);
    expect(manual.outcome).toBe('booked');
    expect(await read(`orders/${o.orderId}/bankTransfer`)).toMatchObject({ amountGrosze: o.gross - 500, manual: true });
    expect(await read(`bank/transactions/${manual.txKey}/manual`)).toBe(true);
  });

  it('a transfer for a cancelled order and one marked „nie dotyczy” are settled without booking', async () => {
    const o = await placeOrder();
    await o.buyer.call('cancelOrder', { orderId: o.orderId });
    const [cancelled, ignored] = await book(admin, [
      { transaction: transfer(o.number, o.gross), action: { kind: 'book', orderIds: [o.orderId], manual: true } },
      { transaction: transfer('Darowizna na zlot', 50000), action: { kind: 'ignore' } },
    ]);
    expect(cancelled).toMatchObject({
      outcome: 'refund',
      refundGrosze: o.gross,
      orders: [{ orderId: o.orderId, result: 'cancelled' }],
    });
    expect(await read(`bank/refundCandidates/${cancelled.txKey}/reason`)).toBe('cancelled');
    expect(ignored).toMatchObject({ outcome: 'ignored', message: 'Oznaczono jako „nie dotyczy”.' });
    expect(await read(`bank/transactions/${ignored.txKey}`)).toMatchObject({ status: 'done', outcome: 'ignored' });
    expect(await read(`bank/refundCandidates/${ignored.txKey}`)).toBeNull();
  });
});

describe('late transfers', () => {
  it('a transfer assigned by hand to an order that expired unpaid books it again while places are left', async () => {
    const o = await placeOrder();
    await env.db.ref(`orders/${o.orderId}/payBy`).set(Date.now() - 60_000);
    expect((await admin.call('expireUnpaidOrders', {})).expired).toContain(o.number);
    expect(await read(`orders/${o.orderId}`)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    const [r] = await book(admin, [
      { transaction: transfer(o.number, o.gross), action: { kind: 'book', orderIds: [o.orderId], manual: true } },
    ]);
    expect(r).toMatchObject({ outcome: 'booked', orders: [{ orderId: o.orderId, result: 'booked' }] });
    expect(await read(`orders/${o.orderId}`)).toMatchObject({
      status: 'paid',
      bankTransfer: { txKey: r.txKey, manual: true },
    });
  });
});

describe('partial failures and re-runs', () => {
  it('a refusal that may pass later settles nothing for that transfer, the others go on, and a re-run finishes', async () => {
    const [a, b] = [await placeOrder(), await placeOrder()];
    const ta = transfer(a.number, a.gross);
    const tb = transfer(b.number, b.gross);
    // Another booking holds a fresh claim on the first transfer.
    await env.db
      .ref(`bank/transactions/${keyOf(ta)}`)
      .set({ ...ta, status: 'processing', claim: { token: 'inny', by: admin2.uid, at: Date.now() } });
    const first = await book(admin, [
      { transaction: ta, action: { kind: 'book', orderIds: [a.orderId] } },
      { transaction: tb, action: { kind: 'book', orderIds: [b.orderId] } },
    ]);
    expect(first.map((r) => [r.outcome, r.reason])).toEqual([
      ['failed', 'busy'],
      ['booked', undefined],
    ]);
    expect(await read(`orders/${a.orderId}/status`)).toBe('pending');
    // The other booking died: its claim goes stale and is taken over.
    await env.db.ref(`bank/transactions/${keyOf(ta)}/claim/at`).set(Date.now() - 10 * 60_000);
    const rerun = await book(admin, [
      { transaction: ta, action: { kind: 'book', orderIds: [a.orderId] } },
      { transaction: tb, action: { kind: 'book', orderIds: [b.orderId] } },
    ]);
    expect(rerun.map((r) => r.outcome)).toEqual(['booked', 'already-settled']);
  });

  it('a confirmation refused for a missing seller leaves the transfer unsettled until the admin fixes it', async () => {
    const o = await placeOrder();
    const t = transfer(o.number, o.gross);
    await env.db.ref('event').remove();
    try {
      const [r] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
      expect(r).toMatchObject({ outcome: 'failed', reason: 'event-missing' });
      expect(r.message).toMatch(new RegExp(`^${o.number}: .*Uruchom księgowanie ponownie, aby dokończyć\\.$`));
      expect(await read(`bank/transactions/${r.txKey}`)).toBeNull();
    } finally {
      await env.db.ref('event').set(EVENT);
    }
    const [r] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    expect(r.outcome).toBe('booked');
  });

  it('a transfer for a malformed order record fails naming it, keeps no claim, and books once the record is fixed', async () => {
    const o = await placeOrder();
    const t = transfer(o.number, o.gross);
    const item = { transaction: t, action: { kind: 'book', orderIds: [o.orderId] } };
    await env.db.ref(`orders/${o.orderId}/totals/gross`).set('sto');
    const [r] = await book(admin, [item]);
    expect(r).toMatchObject({ outcome: 'failed', reason: 'stored-data-invalid' });
    expect(r.message).toContain('zamówienie');
    expect(await read(`bank/transactions/${r.txKey}`)).toBeNull();

    await env.db.ref(`orders/${o.orderId}/totals/gross`).set(o.gross);
    const [again] = await book(admin, [item]);
    expect(again).toMatchObject({ outcome: 'booked', orders: [{ orderId: o.orderId, result: 'booked' }] });
  });

  it('after a crash between paying the order and settling the transfer, the re-run recognises the order as paid by it', async () => {
    const o = await placeOrder();
    const t = transfer(o.number, o.gross);
    const [r] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    // What a function instance dying before its last update leaves: the order paid (with the
    // transfer on it), the transfer's claim still processing and stale.
    await env.db
      .ref(`bank/transactions/${r.txKey}`)
      .set({ ...t, status: 'processing', claim: { token: 'umarly', by: admin.uid, at: Date.now() - 10 * 60_000 } });
    const invoicesBefore = await read('invoices');
    const [again] = await book(admin, [{ transaction: t, action: { kind: 'book', orderIds: [o.orderId] } }]);
    expect(again).toMatchObject({
      outcome: 'booked',
      orders: [{ orderId: o.orderId, result: 'booked', invoiceNumber: r.orders[0].invoiceNumber }],
    });
    expect(again.refundGrosze).toBeUndefined();
    expect(await read('invoices')).toEqual(invoicesBefore);
    expect(await read(`bank/transactions/${r.txKey}/status`)).toBe('done');
  });
});

describe('who may book, and what is refused', () => {
  it('refuses participants, staff and anonymous callers, writing nothing', async () => {
    const o = await placeOrder();
    const staff = await createUser(env, { claims: { staff: true } });
    const before = await dump(env.db);
    const items = [{ transaction: transfer(o.number, o.gross), action: { kind: 'book', orderIds: [o.orderId] } }];
    for (const who of [o.buyer, staff])
      expect(await refusal(who.call('bookBankTransactions', { items, source }))).toMatchObject({
        code: 'permission-denied',
        reason: 'forbidden',
      });
    expect(
      await refusal(
        o.buyer.call('saveBankCsvMapping', { fingerprint: `c${'0'.repeat(24)}`, bank: 'Mój bank', mapping: {} }),
      ),
    ).toMatchObject({ code: 'invalid-argument' });
    expect(await dump(env.db)).toEqual(before);
  });

  it('refuses malformed transfers with a Polish message and the field, writing nothing', async () => {
    const before = await dump(env.db);
    const ok = transfer('ZAM/2026/000001', 100);
    const cases: [unknown, string, string][] = [
      [{ ...ok, amountGrosze: 149.5 }, 'items.0.transaction.amountGrosze', 'Nieprawidłowa kwota przelewu'],
      [{ ...ok, amountGrosze: -100 }, 'items.0.transaction.amountGrosze', 'Księgować można tylko wpływy'],
      [{ ...ok, currency: 'EUR' }, 'items.0.transaction.currency', 'Księgować można tylko przelewy w złotych'],
      [{ ...ok, title: 'ZAM\u0000' }, 'items.0.transaction.title', 'Tytuł zawiera niedozwolone znaki'],
      [{ ...ok, bookingDate: '1.07.2026' }, 'items.0.transaction.bookingDate', 'Nieprawidłowa data operacji'],
    ];
    for (const [transaction, field, message] of cases) {
      expect(
        await refusal(
          admin.call('bookBankTransactions', { items: [{ transaction, action: { kind: 'ignore' } }], source }),
        ),
      ).toMatchObject({ code: 'invalid-argument', field, message });
    }
    const tooMany = Array.from({ length: 51 }, () => ({ transaction: ok, action: { kind: 'ignore' } }));
    expect(await refusal(admin.call('bookBankTransactions', { items: tooMany, source }))).toMatchObject({
      field: 'items',
      message: 'Najwyżej 50 przelewów naraz',
    });
    expect(
      await refusal(
        admin.call('bookBankTransactions', {
          items: [{ transaction: ok, action: { kind: 'book', orderIds: ['__proto__'] } }],
          source,
        }),
      ),
    ).toMatchObject({ code: 'invalid-argument' });
    expect(await dump(env.db)).toEqual(before);
  });
});

describe('settling refund candidates (settleBankRefundCandidate)', () => {
  /** A paid order and a second transfer for it: a `duplicate` refund candidate. */
  async function duplicateCandidate(): Promise<{ o: Placed; txKey: string }> {
    const o = await placeOrder();
    await book(admin, [{ transaction: transfer(o.number, o.gross), action: { kind: 'book', orderIds: [o.orderId] } }]);
    const [second] = await book(admin, [
      { transaction: transfer(o.number, o.gross), action: { kind: 'refund', orderIds: [o.orderId] } },
    ]);
    expect(await read(`bank/refundCandidates/${second.txKey}/status`)).toBe('open');
    return { o, txKey: second.txKey };
  }

  it('marks a candidate returned once; a repeat answers the same, the other outcome is refused in Polish', async () => {
    const { txKey } = await duplicateCandidate();
    const before = Date.now();
    expect(
      await admin.call('settleBankRefundCandidate', { txKey, outcome: 'refunded', refundedOn: '2026-07-02' }),
    ).toEqual({ txKey, status: 'refunded' });
    const settled = await read<Record<string, unknown>>(`bank/refundCandidates/${txKey}`);
    expect(settled).toMatchObject({
      status: 'refunded',
      refundedOn: '2026-07-02',
      settledBy: admin.uid,
      reason: 'duplicate',
    });
    expect(settled.settledAt).toBeGreaterThanOrEqual(before);
    // A repeat after a lost answer (by another admin too) changes nothing.
    expect(
      await admin2.call('settleBankRefundCandidate', { txKey, outcome: 'refunded', refundedOn: '2026-07-02' }),
    ).toEqual({ txKey, status: 'refunded' });
    expect(await read(`bank/refundCandidates/${txKey}`)).toEqual(settled);
    expect(
      await refusal(admin2.call('settleBankRefundCandidate', { txKey, outcome: 'dismissed', reason: 'Darowizna' })),
    ).toMatchObject({
      code: 'failed-precondition',
      reason: 'refund-decided',
      message: 'Ten przelew jest już oznaczony jako zwrócony (02.07.2026)',
    });
    expect(await read(`bank/refundCandidates/${txKey}`)).toEqual(settled);
  });

  it('dismisses a candidate with the reason; two admins at once settle it once', async () => {
    const { txKey } = await duplicateCandidate();
    const both = await Promise.allSettled([
      admin.call('settleBankRefundCandidate', {
        txKey,
        outcome: 'dismissed',
        reason: 'Wpłacający prosi o zaliczenie na przyszły rok',
      }),
      admin2.call('settleBankRefundCandidate', { txKey, outcome: 'refunded', refundedOn: '2026-07-03' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const loser = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await refusal(Promise.reject(loser.reason))).toMatchObject({ reason: 'refund-decided' });
    const settled = await read<{ status: string; dismissReason?: string; refundedOn?: string }>(
      `bank/refundCandidates/${txKey}`,
    );
    if (settled.status === 'dismissed')
      expect(settled).toMatchObject({
        dismissReason: 'Wpłacający prosi o zaliczenie na przyszły rok',
        settledBy: admin.uid,
      });
    else expect(settled).toMatchObject({ status: 'refunded', refundedOn: '2026-07-03', settledBy: admin2.uid });
    // The refunds view lists the open ones only.
    const open = (
      await env.db.ref('bank/refundCandidates').orderByChild('status').equalTo('open').get()
    ).val() as Record<string, unknown> | null;
    expect(Object.keys(open ?? {})).not.toContain(txKey);
  });

  it('refuses participants, staff, a missing candidate and a date in the future, writing nothing', async () => {
    const { o, txKey } = await duplicateCandidate();
    const staff = await createUser(env, { claims: { staff: true } });
    const before = await dump(env.db);
    for (const who of [o.buyer, staff]) {
      expect(
        await refusal(who.call('settleBankRefundCandidate', { txKey, outcome: 'refunded', refundedOn: '2026-07-02' })),
      ).toMatchObject({ code: 'permission-denied', reason: 'forbidden' });
    }
    expect(
      await refusal(
        admin.call('settleBankRefundCandidate', {
          txKey: `t${'0'.repeat(32)}`,
          outcome: 'refunded',
          refundedOn: '2026-07-02',
        }),
      ),
    ).toMatchObject({
      code: 'not-found',
      message: 'Nie ma takiego przelewu do zwrotu',
    });
    expect(
      await refusal(admin.call('settleBankRefundCandidate', { txKey, outcome: 'refunded', refundedOn: '2999-01-01' })),
    ).toMatchObject({ message: 'Data zwrotu nie może być z przyszłości' });
    expect(
      await refusal(admin.call('settleBankRefundCandidate', { txKey, outcome: 'dismissed', reason: '' })),
    ).toMatchObject({ code: 'invalid-argument', field: 'reason', message: 'Podaj powód' });
    expect(await dump(env.db)).toEqual(before);
  });
});

describe('saveBankCsvMapping', () => {
  it('remembers a column mapping under the layout fingerprint', async () => {
    const mapping = {
      delimiter: ',',
      headerRow: -1,
      dataStart: 1,
      decimal: ',',
      dateFormat: 'DD-MM-YYYY',
      columns: { bookingDate: 1, amount: 5, title: [2], payerName: [3], payerAccount: 4 },
    };
    const fingerprint = `c${'ab12'.repeat(6)}`;
    expect(await admin.call('saveBankCsvMapping', { fingerprint, bank: 'Santander', mapping })).toEqual({
      fingerprint,
    });
    expect(await read(`bank/csvMappings/${fingerprint}`)).toMatchObject({
      bank: 'Santander',
      mapping,
      savedBy: admin.uid,
    });
    expect(
      await refusal(admin.call('saveBankCsvMapping', { fingerprint: 'constructor', bank: 'X', mapping })),
    ).toMatchObject({ code: 'invalid-argument', field: 'fingerprint' });
  });
});
