// Refunds through the emulators: real paid orders (placeTicketOrder/placeMerchOrder + confirmPayment),
// participant requests, admin approvals issuing correction invoices, concurrent approvals, stock
// returned exactly once, refusals that write nothing, and the repair of an approval that died.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../functions/src/domain/index.js';
import { parseCorrectionNumber } from '../../functions/src/domain/refunds.js';
import { adminStatsSchema, refundStatsSchema } from '../../functions/src/domain/statsSchemas.js';
import type { CorrectionInvoice, OrderRefunds } from '../../functions/src/refunds.js';
import { createUser, dump, refusal, startEventEnv, stopEnv } from './helpers.js';
import { PERSON, key, product, ticketType } from './fixtures.js';
import { registeredUser, setMerchBasket, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let staff: TestUser;

/** A checksum-valid NRB (IBAN mod-97 without `PL`) built from 24 digits. */
function nrb(bban: string): string {
  const numeric = `${bban}252100`;
  let rest = 0;
  for (const digit of numeric) rest = (rest * 10 + Number(digit)) % 97;
  return `${String(98 - rest).padStart(2, '0')}${bban}`;
}
const ACCOUNT = nrb('109010140000071219812875');

beforeAll(async () => {
  ({ env, admin, staff } = await startEventEnv());
  await env.db.ref('countries').set({ PL: 'Polska' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
  await env.db
    .ref('ticketTypes/opaska')
    .set(ticketType({ name: 'Karnet z opaską', quota: 1000, pickupLabel: 'Opaska' }));
  await env.db
    .ref('products/koszulka')
    .set(product({ variants: { m: { label: 'M', stock: 500, sold: 0, sortOrder: 1 } } }));
}, 120_000);
afterAll(() => stopEnv(env));

interface PaidOrder {
  buyer: TestUser;
  orderId: string;
  order: Order;
  lineOf: (memberId: string) => string;
}

async function paidTickets(
  members: Record<string, string>,
  ticketTypeId = 'karnet',
  buyer?: TestUser,
): Promise<PaidOrder> {
  const user =
    buyer ??
    (await registeredUser(
      env,
      Object.fromEntries(
        Object.keys(members)
          .filter((m) => m !== 'self')
          .map((m) => [m, { firstName: members[m], lastName: 'Nowak' }]),
      ),
    ));
  await setTicketBasket(env, user.uid, Object.fromEntries(Object.keys(members).map((m) => [m, ticketTypeId])));
  const placed = await user.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  await admin.call('confirmPayment', { orderId: placed.orderId });
  const order = (await env.db.ref(`orders/${placed.orderId}`).get()).val() as Order;
  const lineOf = (memberId: string) => Object.entries(order.lines).find(([, l]) => l.memberId === memberId)![0];
  return { buyer: user, orderId: placed.orderId, order, lineOf };
}

const sold = async (path: string) => ((await env.db.ref(path).get()).val() as number) ?? 0;
const refundsOf = async (orderId: string) => (await env.db.ref(`refunds/${orderId}`).get()).val() as OrderRefunds;

describe('requestRefund and approveRefund', () => {
  it('one ticket of a paid order: request → approval with a fee → correction, quota, claim and holdings returned → transfer', async () => {
    const { buyer, orderId, order, lineOf } = await paidTickets({ self: 'Jan', 'm-1': 'Ola' });
    const line = lineOf('m-1');
    const soldBefore = await sold('ticketTypes/karnet/sold');

    const { requestId, amount } = await buyer.call('requestRefund', {
      orderId,
      lines: { [line]: 1 },
      bankAccount: `PL${ACCOUNT.slice(0, 2)} ${ACCOUNT.slice(2)}`,
      note: 'Ola jest chora',
    });
    expect(amount).toBe(14900);
    expect((await refundsOf(orderId)).requests![requestId]).toMatchObject({
      status: 'open',
      lines: { [line]: 1 },
      bankAccount: ACCOUNT,
      note: 'Ola jest chora',
    });

    // A second request for the same line is refused and writes nothing.
    const before = await dump(env.db);
    expect(await refusal(buyer.call('requestRefund', { orderId, bankAccount: ACCOUNT }))).toMatchObject({
      reason: 'refund-open',
      code: 'already-exists',
    });
    expect(await dump(env.db)).toEqual(before);

    const out = await admin.call('approveRefund', {
      orderId,
      requestId,
      amount: 12900,
      reason: 'Opłata za anulowanie 20 zł',
    });
    expect(out).toMatchObject({ orderId, amount: 12900, fee: 2000 });
    const correction = (
      await env.db.ref(`corrections/${buyer.uid}/${out.correctionId}`).get()
    ).val() as CorrectionInvoice;
    expect(correction).toMatchObject({
      number: out.correctionNumber,
      corrected: { invoiceId: order.invoiceId, number: order.invoiceNumber },
      reason: 'Opłata za anulowanie 20 zł',
      refundAmount: 12900,
      fee: 2000,
      amountInWords: 'sto dwadzieścia dziewięć złotych 00/100',
      refundAccount: ACCOUNT,
      totals: { gross: -12900 },
    });
    expect(correction.lines[line]).toMatchObject({ quantity: -1, gross: -14900, quantityBefore: 1, quantityAfter: 0 });
    expect(correction.perRate.r8).toMatchObject({ grossBefore: 29800, grossAfter: 16900, gross: -12900 });

    expect(await sold('ticketTypes/karnet/sold')).toBe(soldBefore - 1);
    expect((await env.db.ref(`tickets/${buyer.uid}/m-1/karnet`).get()).exists()).toBe(false);
    expect((await env.db.ref(`tickets/${buyer.uid}/self/karnet`).get()).val()).toMatchObject({
      orderId,
      status: 'paid',
    });
    expect((await env.db.ref(`holdings/${buyer.uid}/tickets/karnet`).get()).val()).toBe(1);

    const refunds = await refundsOf(orderId);
    expect(refunds.requests![requestId]).toMatchObject({
      status: 'approved',
      correctionId: out.correctionId,
      decidedBy: admin.uid,
    });
    expect(refunds.open).toBeUndefined();
    expect(refunds.lock).toBeUndefined();
    expect(refunds.corrections![out.correctionId]).toMatchObject({
      status: 'due',
      amount: 12900,
      fee: 2000,
      bankAccount: ACCOUNT,
    });

    // Approving again gives no second correction.
    const afterApproval = await dump(env.db);
    expect(await refusal(admin.call('approveRefund', { orderId, requestId }))).toMatchObject({
      reason: 'refund-decided',
    });
    // The refunded line cannot be asked for again; the rest of the order can.
    expect(
      await refusal(buyer.call('requestRefund', { orderId, lines: { [line]: 1 }, bankAccount: ACCOUNT })),
    ).toMatchObject({ reason: 'refund-nothing-left' });
    expect(await dump(env.db)).toEqual(afterApproval);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    await admin.call('markRefundTransferred', { orderId, correctionId: out.correctionId, transferredOn: today });
    expect((await refundsOf(orderId)).corrections![out.correctionId]).toMatchObject({
      status: 'transferred',
      transferredOn: today,
      transferredBy: admin.uid,
    });
    expect(
      await refusal(
        admin.call('markRefundTransferred', { orderId, correctionId: out.correctionId, transferredOn: today }),
      ),
    ).toMatchObject({ reason: 'refund-already-transferred' });

    // The participant may buy that ticket again.
    await setTicketBasket(env, buyer.uid, { 'm-1': 'karnet' });
    await buyer.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  });

  it('bad input gets a Polish refusal and writes nothing', async () => {
    const { buyer, orderId, lineOf } = await paidTickets({ self: 'Jan' });
    const stranger = await registeredUser(env);
    const before = await dump(env.db);
    expect(await refusal(stranger.call('requestRefund', { orderId, bankAccount: ACCOUNT }))).toMatchObject({
      reason: 'order-missing',
      message: 'Nie znaleziono zamówienia',
    });
    expect(
      await refusal(buyer.call('requestRefund', { orderId, lines: { nieMa1: 1 }, bankAccount: ACCOUNT })),
    ).toMatchObject({ reason: 'refund-line-missing', field: 'lines.nieMa1' });
    expect(
      await refusal(buyer.call('requestRefund', { orderId, bankAccount: '12345678901234567890123456' })),
    ).toMatchObject({ reason: 'invalid-input', field: 'bankAccount', message: 'Nieprawidłowy numer konta' });
    expect(
      await refusal(buyer.call('requestRefund', { orderId, lines: { __proto__x: 1 }, bankAccount: ACCOUNT })),
    ).toMatchObject({ reason: 'refund-line-missing' });
    expect(
      await refusal(
        admin.call('startRefund', {
          orderId,
          lines: { [lineOf('self')]: 1 },
          amount: 14901,
          reason: 'Zwrot',
          bankAccount: ACCOUNT,
        }),
      ),
    ).toMatchObject({ reason: 'refund-amount-too-high', field: 'amount' });
    expect(await refusal(buyer.call('startRefund', { orderId, reason: 'Zwrot', bankAccount: ACCOUNT }))).toMatchObject({
      reason: 'forbidden',
    });
    expect(await refusal(admin.call('approveRefund', { orderId, requestId: 'nieMa-1', amount: 100 }))).toMatchObject({
      reason: 'invalid-input',
      field: 'reason',
    });
    expect(await dump(env.db)).toEqual(before);
  });

  it('an invoice stored malformed is refused with a Polish message naming the record and the field; nothing is written', async () => {
    const { buyer, orderId, order } = await paidTickets({ self: 'Jan' });
    const grossPath = `invoices/${buyer.uid}/${order.invoiceId}/totals/gross`;
    const gross = (await env.db.ref(grossPath).get()).val() as number;
    // Written past the callables (by hand in the console, or by an old version): the total is text.
    await env.db.ref(grossPath).set('sto złotych');
    const before = await dump(env.db);
    const r = await refusal(admin.call('startRefund', { orderId, reason: 'Zwrot', bankAccount: ACCOUNT }));
    expect(r).toMatchObject({ code: 'data-loss', reason: 'stored-data-invalid', field: 'totals.gross' });
    expect(r.message).toMatch(
      new RegExp(`^Zapisane dane \\(faktura ${order.invoiceNumber}\\) są nieprawidłowe: totals\\.gross — `),
    );
    expect(await dump(env.db)).toEqual(before);
    await env.db.ref(grossPath).set(gross);
  });

  it('a request can be withdrawn until it is decided; a rejection frees the lines too', async () => {
    const { buyer, orderId } = await paidTickets({ self: 'Jan' });
    const first = await buyer.call('requestRefund', { orderId, bankAccount: ACCOUNT });
    await buyer.call('withdrawRefundRequest', { orderId, requestId: first.requestId });
    expect(await refusal(buyer.call('withdrawRefundRequest', { orderId, requestId: first.requestId }))).toMatchObject({
      reason: 'refund-decided',
    });
    const second = await buyer.call('requestRefund', { orderId, bankAccount: ACCOUNT });
    await admin.call('rejectRefund', { orderId, requestId: second.requestId, reason: 'Po terminie rezygnacji' });
    const refunds = await refundsOf(orderId);
    expect(refunds.requests![second.requestId]).toMatchObject({
      status: 'rejected',
      decisionReason: 'Po terminie rezygnacji',
    });
    expect(refunds.open).toBeUndefined();
    expect(await refusal(admin.call('approveRefund', { orderId, requestId: second.requestId }))).toMatchObject({
      reason: 'refund-decided',
    });
  });

  it('handed-out items need a return at the pickup point or an explicit refund without goods', async () => {
    const { buyer, orderId, lineOf } = await paidTickets({ self: 'Jan', 'm-2': 'Ewa' }, 'opaska');
    const handed = `${orderId}-${lineOf('self')}`;
    const waiting = `${orderId}-${lineOf('m-2')}`;
    await staff.call('handOutPickupItems', { uid: buyer.uid, itemIds: [handed] });
    const r = await refusal(admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: ACCOUNT }));
    expect(r).toMatchObject({ reason: 'refund-goods-not-returned', field: `lines.${lineOf('self')}` });
    // The waiting one alone: its pickup item is withdrawn.
    await admin.call('startRefund', {
      orderId,
      lines: { [lineOf('m-2')]: 1 },
      reason: 'Rezygnacja',
      bankAccount: ACCOUNT,
    });
    expect((await env.db.ref(`pickups/${buyer.uid}/${waiting}`).get()).exists()).toBe(false);
    // Staff take the wristband back; then the refund goes through and the item stays recorded as handed out.
    expect(await refusal(staff.call('acceptPickupReturn', { uid: buyer.uid, itemId: waiting }))).toMatchObject({
      reason: 'pickup-missing',
    });
    await staff.call('acceptPickupReturn', { uid: buyer.uid, itemId: handed });
    expect((await refundsOf(orderId)).returns![lineOf('self')]).toMatchObject({ by: staff.uid });
    await admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: ACCOUNT });
    expect((await env.db.ref(`pickups/${buyer.uid}/${handed}`).get()).val()).toMatchObject({ status: 'picked' });
    expect(
      await refusal(admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: ACCOUNT })),
    ).toMatchObject({ reason: 'refund-nothing-left' });
  });

  it('a refund waits for a hand-out to the same person in progress and never erases it', async () => {
    const { buyer, orderId, lineOf } = await paidTickets({ self: 'Jan' }, 'opaska');
    const itemId = `${orderId}-${lineOf('self')}`;
    // A station is handing the wristband out right now (it holds the person's hand-out lock).
    await env.db.ref(`pickupLocks/${buyer.uid}`).set({ token: 'wydawanie', by: staff.uid, at: Date.now() });
    const before = await dump(env.db);
    const busy = await refusal(admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: ACCOUNT }));
    expect(busy).toMatchObject({ reason: 'busy' });
    expect(await dump(env.db)).toEqual(before);
    // The hand-out finishes: the refund now sees the wristband handed out and asks for it back.
    await env.db.ref().update({
      [`pickups/${buyer.uid}/${itemId}/status`]: 'picked',
      [`pickups/${buyer.uid}/${itemId}/pickedAt`]: Date.now(),
      [`pickups/${buyer.uid}/${itemId}/pickedBy`]: staff.uid,
      [`pickupLocks/${buyer.uid}`]: null,
    });
    const r = await refusal(admin.call('startRefund', { orderId, reason: 'Rezygnacja', bankAccount: ACCOUNT }));
    expect(r).toMatchObject({ reason: 'refund-goods-not-returned' });
    expect((await env.db.ref(`pickups/${buyer.uid}/${itemId}/status`).get()).val()).toBe('picked');
    expect((await env.db.ref(`pickupLocks/${buyer.uid}`).get()).exists()).toBe(false);
  });

  it('money without goods back is recorded on the refund', async () => {
    const buyer = await registeredUser(env);
    await setMerchBasket(env, buyer.uid, { 'x-1': { productId: 'koszulka', variantId: 'm', quantity: 3 } });
    const placed = await buyer.call('placeMerchOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
    await admin.call('confirmPayment', { orderId: placed.orderId });
    const itemId = Object.keys((await env.db.ref(`pickups/${buyer.uid}`).get()).val() as object)[0];
    const lineId = itemId.slice(placed.orderId.length + 1);
    const stockBefore = await sold('products/koszulka/variants/m/sold');
    // Partial refund of a waiting line: the pickup item keeps the rest.
    await admin.call('startRefund', {
      orderId: placed.orderId,
      lines: { [lineId]: 1 },
      reason: 'Zły rozmiar',
      bankAccount: ACCOUNT,
    });
    expect((await env.db.ref(`pickups/${buyer.uid}/${itemId}/quantity`).get()).val()).toBe(2);
    await staff.call('handOutPickupItems', { uid: buyer.uid, itemIds: [itemId] });
    const out = await admin.call('startRefund', {
      orderId: placed.orderId,
      reason: 'Reklamacja',
      bankAccount: ACCOUNT,
      goodsNotReturned: true,
    });
    expect(out.amount).toBe(2 * 8900);
    expect((await refundsOf(placed.orderId)).corrections![out.correctionId]).toMatchObject({
      goodsNotReturned: true,
      status: 'due',
    });
    expect(await sold('products/koszulka/variants/m/sold')).toBe(stockBefore - 3);
  });
});

describe('concurrency and repair', () => {
  it('concurrent approvals: one correction per request, unique gapless KOR numbers, quota returned exactly once', async () => {
    const orders = await Promise.all(Array.from({ length: 4 }, () => paidTickets({ self: 'Jan' })));
    const requests = await Promise.all(
      orders.map((o) => o.buyer.call('requestRefund', { orderId: o.orderId, bankAccount: ACCOUNT })),
    );
    const soldBefore = await sold('ticketTypes/karnet/sold');
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(new Date()),
    );
    const lastBefore = ((await env.db.ref(`counters/corrections/${year}/last`).get()).val() as number) ?? 0;

    // Every request approved twice at once by two admins.
    const otherAdmin = await createUser(env, { claims: { admin: true } });
    const calls = orders.flatMap((o, i) =>
      [admin, otherAdmin].map((a) =>
        a.call('approveRefund', { orderId: o.orderId, requestId: requests[i].requestId }).then(
          (v) => ({ ok: true as const, v }),
          (e: unknown) => ({ ok: false as const, e }),
        ),
      ),
    );
    const results = await Promise.all(calls);
    const ok = results.filter((r) => r.ok).map((r) => (r as { v: { correctionNumber: string } }).v.correctionNumber);
    expect(ok).toHaveLength(4);
    for (const r of results.filter((x) => !x.ok))
      expect(['refund-decided', 'busy']).toContain(
        ((r as { e: { details?: { reason?: string } } }).e.details ?? {}).reason,
      );
    const sequences = ok.map((n) => parseCorrectionNumber(n)!.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual([1, 2, 3, 4].map((i) => lastBefore + i));
    expect(await sold('ticketTypes/karnet/sold')).toBe(soldBefore - 4);
    expect((await env.db.ref(`counters/corrections/${year}`).get()).val()).toEqual({ last: lastBefore + 4 });
  }, 300_000);

  it('the reservation repair counts refunded units out: after a refund it finds nothing to correct', async () => {
    const { buyer, orderId, lineOf } = await paidTickets({ self: 'Jan', 'm-3': 'Ala' });
    await admin.call('startRefund', {
      orderId,
      lines: { [lineOf('m-3')]: 1 },
      reason: 'Rezygnacja',
      bankAccount: ACCOUNT,
    });
    const holdingsBefore = (await env.db.ref(`holdings/${buyer.uid}`).get()).val() as unknown;
    const out = await admin.call('reconcileReservations', {});
    expect(out.corrections).toEqual([]);
    expect((await env.db.ref(`holdings/${buyer.uid}`).get()).val()).toEqual(holdingsBefore);
  }, 120_000);

  it('an approval that died after reserving its number is finished with that number', async () => {
    const { buyer, orderId } = await paidTickets({ self: 'Jan' });
    const { requestId } = await buyer.call('requestRefund', { orderId, bankAccount: ACCOUNT });
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(new Date()),
    );
    // The state a crash between the counter and the final update leaves: a stale lock and a reserved number.
    let reserved = 0;
    await env.db
      .ref(`counters/corrections/${year}`)
      .transaction((cur: { last: number; pending?: Record<string, number> } | null) => {
        reserved = (cur?.last ?? 0) + 1;
        return { last: reserved, pending: { ...cur?.pending, [orderId]: reserved } };
      });
    await env.db.ref(`refunds/${orderId}/lock`).set({ token: 'dead', by: admin.uid, at: Date.now() - 120_000, year });
    const out = await admin.call('approveRefund', { orderId, requestId });
    expect(parseCorrectionNumber(out.correctionNumber)!.sequence).toBe(reserved);
    expect((await env.db.ref(`counters/corrections/${year}/pending/${orderId}`).get()).exists()).toBe(false);
  });
});

describe('records that outlive the account', () => {
  it('statistics count refunds per day and item; deleting the account keeps invoices, corrections and refund records, and a pending request can still be decided', async () => {
    const { buyer, orderId, order, lineOf } = await paidTickets({ self: 'Jan', 'm-7': 'Ela', 'm-8': 'Iza' });
    // What the callables wrote, parsed with the schema the statistics page reads it with.
    type RefundStats = ReturnType<typeof refundStatsSchema.parse>;
    const stats = async () => {
      const all = ((await env.db.ref('stats').get()).val() ?? {}) as { refunds?: unknown; admin?: unknown };
      return { refunds: refundStatsSchema.parse(all.refunds ?? {}), admin: adminStatsSchema.parse(all.admin ?? {}) };
    };
    const before = await stats();
    const first = await admin.call('startRefund', {
      orderId,
      lines: { [lineOf('m-7')]: 1 },
      amount: 12900,
      reason: 'Rezygnacja, opłata 20 zł',
      bankAccount: ACCOUNT,
    });
    const after = await stats();
    const day = (await env.db.ref(`corrections/${buyer.uid}/${first.correctionId}/issueDate`).get()).val() as string;
    // Money returned per day; the refunded item's value per ticket type; revenue paid stays, so net = paid − refunds.
    const change = (read: (refunds: RefundStats) => number | undefined) =>
      (read(after.refunds) ?? 0) - (read(before.refunds) ?? 0);
    expect(change((r) => r.gross)).toBe(12900);
    expect(change((r) => r.perDay?.[day]?.gross)).toBe(12900);
    expect(change((r) => r.ticketTypes?.karnet?.quantity)).toBe(1);
    expect(change((r) => r.ticketTypes?.karnet?.gross)).toBe(14900);
    expect(after.admin.revenue?.paidGross).toBe(before.admin.revenue?.paidGross);

    const { requestId } = await buyer.call('requestRefund', {
      orderId,
      lines: { [lineOf('m-8')]: 1 },
      bankAccount: ACCOUNT,
    });
    const kept = async () => ({
      order: (await env.db.ref(`orders/${orderId}`).get()).val() as unknown,
      invoice: (await env.db.ref(`invoices/${buyer.uid}/${order.invoiceId}`).get()).val() as unknown,
      correction: (await env.db.ref(`corrections/${buyer.uid}/${first.correctionId}`).get()).val() as unknown,
      refunds: (await env.db.ref(`refunds/${orderId}`).get()).val() as unknown,
    });
    const beforeDeletion = await kept();
    expect(Object.values(beforeDeletion).every(Boolean)).toBe(true);
    await buyer.call('deleteMyAccount', { confirm: true });
    expect((await env.db.ref(`profiles/${buyer.uid}`).get()).exists()).toBe(false);
    expect(await kept()).toEqual(beforeDeletion);

    // The admin still decides the request and makes the transfers: a second correction, both marked transferred.
    const second = await admin.call('approveRefund', { orderId, requestId });
    expect(second.correctionNumber).not.toBe(first.correctionNumber);
    expect((await env.db.ref(`corrections/${buyer.uid}/${second.correctionId}`).get()).val()).toMatchObject({
      corrected: { invoiceId: order.invoiceId },
      refundAmount: 14900,
    });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
    for (const id of [first.correctionId, second.correctionId])
      await admin.call('markRefundTransferred', { orderId, correctionId: id, transferredOn: today });
    const refunds = await refundsOf(orderId);
    expect(Object.values(refunds.corrections!).map((c) => c.status)).toEqual(['transferred', 'transferred']);
  }, 180_000);
});
