// Online payments through the emulators and the Przelewy24 stand-in (scripts/lib/p24StandIn.mjs):
// real orders, the real startOnlinePayment callable registering at the stand-in, payments made in its
// window, its signed notifications to the real p24Notification function, verify and refunds through
// its API. Forged and wrong messages are posted straight to the function.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Reference } from 'firebase-admin/database';
import {
  REGION,
  type Invoice,
  type OnlinePayment,
  type Order,
  type PaymentNotificationLog,
} from '../../functions/src/domain/index.js';
import { p24Sign } from '../../functions/src/domain/payments/przelewy24.js';
import type { OrderRefunds } from '../../functions/src/refunds.js';
import { anonymousCaller, createUser, dump, refusal, startEnv, stopEnv } from './helpers.js';
import { EVENT, PERSON, REGISTRATION, key, ticketType } from './fixtures.js';
import { registeredUser, setTicketBasket } from './participants.js';
import type { TestEnv, TestUser } from './helpers.js';

let env: TestEnv;
let admin: TestUser;
let p24: NonNullable<TestEnv['stack']['p24']>;
let notifyUrl: string;

beforeAll(async () => {
  env = await startEnv();
  p24 = env.stack.p24!;
  notifyUrl = `${env.stack.urls.functions}/${env.stack.projectId}/${REGION}/p24Notification`;
  admin = await createUser(env, { claims: { admin: true } });
  await env.db.ref('event').set(EVENT);
  await env.db.ref('countries').set({ PL: 'Polska' });
  await env.db.ref('ticketTypes/karnet').set(ticketType({ quota: 1000 }));
  await env.db.ref('ticketTypes/ostatni').set(ticketType({ name: 'Ostatnie miejsce', quota: 1 }));
}, 120_000);
afterAll(() => stopEnv(env));
beforeEach(async () => {
  await control({ notifications: 'send', delayMs: 0, repeat: 1, failVerify: false, refundRefusal: '' });
});

function control(body: Record<string, unknown>) {
  return fetch(`${p24.url}/__control`, { method: 'POST', body: JSON.stringify(body) }).then((r) => r.json());
}

/** Resolves with the value at `ref` once `accept` holds (a listener, no polling). */
function valueWhen<T>(
  ref: Reference,
  accept: (value: T | null) => boolean,
  what: string,
  timeoutMs = 45_000,
): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      ref.off('value', listener);
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    const listener = ref.on('value', (snap) => {
      const value = snap.val() as T | null;
      if (!accept(value)) return;
      clearTimeout(timer);
      ref.off('value', listener);
      resolve(value);
    });
  });
}

const logs = async () =>
  Object.values(
    ((await env.db.ref('paymentNotifications').get()).val() ?? {}) as Record<string, PaymentNotificationLog>,
  );
const logsOf = async (sessionId: string) => (await logs()).filter((l) => l.sessionId === sessionId);
const waitForLog = (sessionId: string, result: PaymentNotificationLog['result']) =>
  valueWhen<Record<string, PaymentNotificationLog>>(
    env.db.ref('paymentNotifications'),
    (v) => Object.values(v ?? {}).some((l) => l.sessionId === sessionId && l.result === result),
    `log ${result} for ${sessionId}`,
  );
const mailOf = async (uid: string) =>
  Object.values(((await env.db.ref('outbox').get()).val() ?? {}) as Record<string, { kind: string; uid: string }>)
    .filter((m) => m.uid === uid)
    .map((m) => m.kind);
const payment = async (sessionId: string) => (await env.db.ref(`payments/${sessionId}`).get()).val() as OnlinePayment;
const orderOf = async (orderId: string) => (await env.db.ref(`orders/${orderId}`).get()).val() as Order;
const waitForPayment = (sessionId: string, accept: (p: OnlinePayment) => boolean, what: string) =>
  valueWhen<OnlinePayment>(env.db.ref(`payments/${sessionId}`), (p) => p !== null && accept(p), what);

async function pendingOrder(ticketTypeId = 'karnet', user?: TestUser): Promise<{ user: TestUser; orderId: string }> {
  const buyer = user ?? (await registeredUser(env));
  await setTicketBasket(env, buyer.uid, { self: ticketTypeId });
  const placed = await buyer.call('placeTicketOrder', { idempotencyKey: key(), buyer: PERSON, acceptTerms: true });
  return { user: buyer, orderId: placed.orderId };
}

async function startPayment(user: TestUser, orderId: string): Promise<{ sessionId: string; token: string }> {
  const started = await user.call('startOnlinePayment', { orderId });
  expect(started.redirectUrl.startsWith(`${p24.url}/trnRequest/`)).toBe(true);
  return { sessionId: started.sessionId, token: started.redirectUrl.split('/trnRequest/')[1] };
}

/** An order the admin confirmed by transfer, then paid online as well: that payment is a refund candidate. */
async function paidTwice() {
  const { user, orderId } = await pendingOrder();
  const { sessionId, token } = await startPayment(user, orderId);
  await admin.call('confirmPayment', { orderId });
  await payWithBlik(token);
  const candidate = await waitForPayment(sessionId, (p) => p.status === 'refund-candidate', 'refund candidate');
  return { user, orderId, sessionId, candidate };
}

/** What a tester does in the stand-in's window: BLIK with a 6-digit code. */
async function payWithBlik(token: string): Promise<void> {
  const response = await fetch(`${p24.url}/trnRequest/${token}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=pay&methodId=154&blikCode=123456',
  });
  expect(response.status).toBe(303);
}

function signedNotification(
  sessionId: string,
  fields: { amount: number; orderId?: number; crc?: string; merchantId?: number; currency?: string },
) {
  const n = {
    merchantId: fields.merchantId ?? p24.account.merchantId,
    posId: p24.account.posId,
    sessionId,
    amount: fields.amount,
    originAmount: fields.amount,
    currency: fields.currency ?? 'PLN',
    orderId: fields.orderId ?? 123456789,
    methodId: 154,
    statement: 'p24-test',
  };
  return { ...n, sign: p24Sign('notification', { ...n, crc: fields.crc ?? p24.account.crc }) };
}
const post = (body: unknown) =>
  fetch(notifyUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The database without the notification log, which every message adds to. */
async function stateWithoutLog(): Promise<unknown> {
  const { paymentNotifications: _log, ...rest } = ((await dump(env.db)) ?? {}) as Record<string, unknown>;
  return rest;
}

describe('startOnlinePayment', () => {
  it('registers a transaction for the caller’s pending order only', async () => {
    const { user, orderId } = await pendingOrder();
    const other = await registeredUser(env);
    expect(await refusal(other.call('startOnlinePayment', { orderId }))).toMatchObject({ reason: 'order-missing' });
    expect(await refusal(anonymousCaller(env)('startOnlinePayment', { orderId }))).toMatchObject({
      reason: 'unauthenticated',
    });
    const { sessionId, token } = await startPayment(user, orderId);
    expect(await payment(sessionId)).toMatchObject({
      provider: 'przelewy24',
      uid: user.uid,
      orderId,
      amount: 14900,
      currency: 'PLN',
      status: 'registered',
      token,
    });
    const window = await (await fetch(`${p24.url}/trnRequest/${token}`)).text();
    expect(window).toContain('149,00');
  });
});

describe('a payment in the window books the order through the confirmation path', () => {
  it('BLIK → notification → verify → paid, one invoice, pickup items and the payment-booked e-mail; repeats change nothing', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId } = await startPayment(user, orderId);
    await control({ repeat: 3 });
    await payWithBlik((await payment(sessionId)).token);
    const paid = await waitForPayment(
      sessionId,
      (p) => p.status === 'paid' && p.invoiceNumber !== undefined,
      'payment paid',
    );
    expect(paid).toMatchObject({
      status: 'paid',
      methodId: 154,
      invoiceNumber: expect.stringMatching(/^FV\/\d{4}\/\d{6}$/),
    });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: 'paid', paidBy: 'przelewy24', invoiceNumber: paid!.invoiceNumber });
    const invoices = Object.values((await env.db.ref(`invoices/${user.uid}`).get()).val() as Record<string, Invoice>);
    expect(invoices).toHaveLength(1);
    // BLIK, not „przelew”: the invoice (screen, PDF, FA(3) FormaPlatnosci 7) says how the money came.
    expect(invoices[0].paymentMethod).toBe('BLIK');
    expect((await env.db.ref(`tickets/${user.uid}/self/karnet`).get()).val()).toEqual({ orderId, status: 'paid' });
    expect((await mailOf(user.uid)).filter((kind) => kind === 'paymentBooked')).toHaveLength(1);

    // The two other copies of the notification arrive as duplicates: still one invoice.
    // The booking copy logs after the booking's update and its e-mail, so the others may be logged first.
    await valueWhen<Record<string, PaymentNotificationLog>>(
      env.db.ref('paymentNotifications'),
      (v) => {
        const ours = Object.values(v ?? {}).filter((l) => l.sessionId === sessionId);
        return ours.length >= 3 && ours.some((l) => l.result === 'booked');
      },
      'three notifications logged, the booking among them',
    );
    const results = (await logsOf(sessionId)).map((l) => l.result).sort();
    expect(results.filter((r) => r === 'booked')).toHaveLength(1);
    expect(results.every((r) => r === 'booked' || r === 'duplicate' || r === 'retry')).toBe(true);
    const before = await stateWithoutLog();
    const logged = (await logsOf(sessionId)).length;
    const again = await fetch(`${p24.url}/__notify`, { method: 'POST', body: JSON.stringify({ sessionId }) });
    expect(again.status).toBe(200);
    await valueWhen<Record<string, PaymentNotificationLog>>(
      env.db.ref('paymentNotifications'),
      (v) => Object.values(v ?? {}).filter((l) => l.sessionId === sessionId).length > logged,
      'the late repeat logged',
    );
    expect(await stateWithoutLog()).toEqual(before);
    expect(Object.keys((await env.db.ref(`invoices/${user.uid}`).get()).val())).toHaveLength(1);
  });
});

describe('messages that are not ours change nothing and are logged', () => {
  it('a forged sign, a wrong amount, another merchant, another currency, an unknown session, malformed JSON', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId } = await startPayment(user, orderId);
    const before = await stateWithoutLog();
    expect((await post(signedNotification(sessionId, { amount: 14900, crc: 'not-our-crc' }))).status).toBe(400);
    expect((await post(signedNotification(sessionId, { amount: 100 }))).status).toBe(400);
    expect((await post(signedNotification(sessionId, { amount: 14900, merchantId: 1 }))).status).toBe(400);
    expect((await post(signedNotification(sessionId, { amount: 14900, currency: 'EUR' }))).status).toBe(400);
    expect((await post(signedNotification('ffffffffffffffffffffffffffffffff', { amount: 14900 }))).status).toBe(400);
    expect((await post(signedNotification('__proto__', { amount: 14900 }))).status).toBe(400);
    expect((await post({ merchantId: '1', amount: 'dużo' })).status).toBe(400);
    expect(await stateWithoutLog()).toEqual(before);
    expect((await orderOf(orderId)).status).toBe('pending');
    const details = (await logsOf(sessionId)).map((l) => `${l.result}: ${l.detail}`);
    expect(details).toEqual(
      expect.arrayContaining([
        'rejected: nieprawidłowa suma kontrolna (sign)',
        'rejected: kwota inna niż wartość zamówienia',
        'rejected: inny identyfikator sprzedawcy',
        'rejected: inna waluta niż PLN',
      ]),
    );
    // A correctly signed notification of a payment the provider never took is refused by verify.
    expect((await post(signedNotification(sessionId, { amount: 14900 }))).status).toBe(502);
    expect(await stateWithoutLog()).toEqual(before);
  });
});

describe('verify failing', () => {
  it('leaves the order pending; the provider’s next attempt books it', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await control({ failVerify: true });
    await payWithBlik(token);
    await waitForLog(sessionId, 'verify-failed');
    expect((await orderOf(orderId)).status).toBe('pending');
    expect((await payment(sessionId)).status).toBe('registered');
    await control({ failVerify: false });
    // The stand-in resends a refused notification with growing pauses, as the provider does.
    await waitForPayment(sessionId, (p) => p.status === 'paid', 'paid after verify works again');
    expect((await orderOf(orderId)).status).toBe('paid');
  });
});

describe('notifications the provider drops or delays', () => {
  it('a dropped notification leaves the order pending until the provider sends it; a card payment’s invoice says „karta płatnicza”', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await control({ notifications: 'drop' });
    const paidAtProvider = await (
      await fetch(`${p24.url}/__pay`, { method: 'POST', body: JSON.stringify({ token, methodId: 218 }) })
    ).json();
    expect(paidAtProvider).toMatchObject({ paid: true, sessionId });
    // The provider holds the money (status 1, not verified) and nothing has reached us.
    const atProvider = (await (await fetch(`${p24.url}/__transactions`)).json()).transactions as {
      sessionId: string;
      status: number;
    }[];
    expect(atProvider.find((t) => t.sessionId === sessionId)?.status).toBe(1);
    expect(await logsOf(sessionId)).toEqual([]);
    expect((await orderOf(orderId)).status).toBe('pending');
    expect((await payment(sessionId)).status).toBe('registered');
    await control({ notifications: 'send' });
    expect((await fetch(`${p24.url}/__notify`, { method: 'POST', body: JSON.stringify({ sessionId }) })).status).toBe(
      200,
    );
    const paid = await waitForPayment(
      sessionId,
      (p) => p.status === 'paid' && p.invoiceNumber !== undefined,
      'paid once the notification came',
    );
    expect(paid!.methodId).toBe(218);
    const invoices = Object.values((await env.db.ref(`invoices/${user.uid}`).get()).val() as Record<string, Invoice>);
    expect(invoices.map((i) => i.paymentMethod)).toEqual(['karta płatnicza']);
  });

  it('a delayed notification books the order when it comes; a pay-by-link invoice says „szybki przelew online”', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await control({ delayMs: 4000 });
    await fetch(`${p24.url}/__pay`, { method: 'POST', body: JSON.stringify({ token, methodId: 243 }) });
    // Right after the payment the notification is still on its way.
    expect((await orderOf(orderId)).status).toBe('pending');
    await waitForPayment(
      sessionId,
      (p) => p.status === 'paid' && p.invoiceNumber !== undefined,
      'paid after the delay',
    );
    // The handler logs the notification after the booking's update, so the log is awaited too.
    await waitForLog(sessionId, 'booked');
    expect((await logsOf(sessionId)).map((l) => l.result)).toEqual(['booked']);
    const invoices = Object.values((await env.db.ref(`invoices/${user.uid}`).get()).val() as Record<string, Invoice>);
    expect(invoices.map((i) => i.paymentMethod)).toEqual(['szybki przelew online']);
  });
});

describe('late payments', () => {
  async function expire(orderId: string) {
    await env.db.ref(`orders/${orderId}/payBy`).set(Date.now() - 60_000);
    const { expired } = await admin.call('expireUnpaidOrders', {});
    expect(expired.length).toBeGreaterThan(0);
    expect(await orderOf(orderId)).toMatchObject({ status: 'cancelled', cancelReason: 'expired', released: true });
  }

  it('an order that expired meanwhile is booked late when its units are still there', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await expire(orderId);
    await payWithBlik(token);
    const paid = await waitForPayment(sessionId, (p) => p.status === 'paid' && p.late === true, 'late booking');
    expect(paid!.invoiceNumber).toBeDefined();
    expect(await orderOf(orderId)).toMatchObject({ status: 'paid', reinstatedBy: 'przelewy24' });
    await waitForLog(sessionId, 'booked-late');
  });

  it('an expired order whose re-booking fails for a passing reason keeps the money: the notification is to come again', async () => {
    await env.db.ref('ticketTypes/psuty').set(ticketType({ name: 'Karnet próbny', quota: 10 }));
    const { user, orderId } = await pendingOrder('psuty');
    const { sessionId, token } = await startPayment(user, orderId);
    await expire(orderId);
    await control({ notifications: 'drop' });
    await payWithBlik(token);
    const { transactions } = (await (await fetch(`${p24.url}/__transactions`)).json()) as {
      transactions: { sessionId: string; orderId: number }[];
    };
    const providerOrderId = transactions.find((t) => t.sessionId === sessionId)!.orderId;
    const notification = signedNotification(sessionId, {
      amount: (await payment(sessionId)).amount,
      orderId: providerOrderId,
    });
    // The ticket type cannot be read right now (stored malformed): not a reason to send the money back.
    await env.db.ref('ticketTypes/psuty/sold').set('dużo');
    expect((await post(notification)).status).toBe(500);
    expect((await payment(sessionId)).status).toBe('registered');
    expect((await payment(sessionId)).refunds).toBeUndefined();
    // Repaired, the provider's next try books it late.
    await env.db.ref('ticketTypes/psuty/sold').set(0);
    expect((await post(notification)).status).toBe(200);
    await waitForPayment(sessionId, (p) => p.status === 'paid' && p.late === true, 'booked late once repaired');
  });

  it('an order the participant cancelled meanwhile is booked too, the money being there', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await user.call('cancelOrder', { orderId });
    await payWithBlik(token);
    await waitForPayment(sessionId, (p) => p.status === 'paid', 'cancelled order booked');
    expect((await orderOf(orderId)).status).toBe('paid');
  });

  it('an expired order whose last unit was sold meanwhile: the money goes back through the provider automatically', async () => {
    const { user, orderId } = await pendingOrder('ostatni');
    const { sessionId, token } = await startPayment(user, orderId);
    await expire(orderId);
    await pendingOrder('ostatni'); // someone else takes the last place
    await payWithBlik(token);
    const due = await waitForPayment(
      sessionId,
      (p) => p.status === 'refund-due' && Object.values(p.refunds ?? {}).some((r) => r.status === 'completed'),
      'automatic refund completed',
    );
    expect(Object.values(due!.refunds!)).toEqual([
      expect.objectContaining({ amount: 14900, reason: 'sold-out', status: 'completed' }),
    ]);
    expect(due!.problem).toContain('wygasło');
    expect((await orderOf(orderId)).status).toBe('cancelled');
    expect((await env.db.ref(`invoices/${user.uid}`).get()).exists()).toBe(false);
    const transactions = (await (await fetch(`${p24.url}/__transactions`)).json()).transactions as {
      sessionId: string;
      status: number;
      refunds: { amount: number }[];
    }[];
    expect(transactions.find((t) => t.sessionId === sessionId)).toMatchObject({
      status: 3,
      refunds: [{ amount: 14900 }],
    });
  });
});

describe('two payments of one order', () => {
  it('a transfer confirmed first, then the online payment: one booked, the other a refund candidate the admin returns', async () => {
    const { user, sessionId, candidate } = await paidTwice();
    expect(candidate!.problem).toContain('opłacone inną wpłatą');
    expect(Object.keys((await env.db.ref(`invoices/${user.uid}`).get()).val())).toHaveLength(1);
    expect(await refusal(user.call('refundOnlinePayment', { sessionId }))).toMatchObject({ reason: 'forbidden' });
    const out = await admin.call('refundOnlinePayment', { sessionId });
    expect(out).toMatchObject({ sessionId, status: 'requested' });
    await waitForPayment(
      sessionId,
      (p) => p.refunds?.[out.refundId]?.status === 'completed',
      'double payment returned',
    );
    // Asking again is the same refund, already completed.
    expect(await admin.call('refundOnlinePayment', { sessionId })).toMatchObject({ status: 'completed' });
  });

  it('an e-mail longer than the provider takes: online payment is refused with the reason, before registering', async () => {
    const long = await createUser(env, { email: `${'k'.repeat(45)}@example.pl` });
    await long.call('completeRegistration', REGISTRATION);
    const { orderId } = await pendingOrder('karnet', long);
    const refused = await refusal(long.call('startOnlinePayment', { orderId }));
    expect(refused).toMatchObject({ reason: 'payment-provider-unavailable' });
    expect(refused.message).toContain('najwyżej 50-znakowy');
    expect((await env.db.ref('payments').orderByChild('orderId').equalTo(orderId).get()).exists()).toBe(false);
  });

  it('a refund the provider refuses is marked rejected and the admin told why; asked again later, it goes through', async () => {
    const { sessionId } = await paidTwice();
    await control({ refundRefusal: 'Insufficient funds available' });
    const refused = await refusal(admin.call('refundOnlinePayment', { sessionId }));
    expect(refused).toMatchObject({ reason: 'payment-provider-refused' });
    expect(refused.message).toContain('za mało środków na koncie w Przelewy24');
    const [refundId] = Object.keys((await payment(sessionId)).refunds!);
    expect((await payment(sessionId)).refunds![refundId]).toMatchObject({
      status: 'rejected',
      reason: 'double-payment',
    });
    // A refused request creates no refund at the provider, so the same one may be asked for again.
    await control({ refundRefusal: '' });
    expect(await admin.call('refundOnlinePayment', { sessionId })).toMatchObject({ refundId, status: 'requested' });
    await waitForPayment(sessionId, (p) => p.refunds?.[refundId]?.status === 'completed', 'refund completed');
  });

  it('two online payments of one order: the second is the refund candidate', async () => {
    const { user, orderId } = await pendingOrder();
    const first = await startPayment(user, orderId);
    const second = await startPayment(user, orderId);
    await payWithBlik(first.token);
    await waitForPayment(first.sessionId, (p) => p.status === 'paid', 'first paid');
    await payWithBlik(second.token);
    await waitForPayment(second.sessionId, (p) => p.status === 'refund-candidate', 'second is a refund candidate');
    expect(Object.keys((await env.db.ref(`invoices/${user.uid}`).get()).val())).toHaveLength(1);
    expect(await refusal(user.call('startOnlinePayment', { orderId }))).toMatchObject({ reason: 'already-paid' });
  });
});

describe('refund of an order paid online', () => {
  it('while the provider returns a correction, the admin cannot also mark it transferred by hand', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await payWithBlik(token);
    await waitForPayment(sessionId, (p) => p.status === 'paid', 'paid');
    await control({ notifications: 'drop' });
    const out = await admin.call('startRefund', {
      orderId,
      reason: 'Rezygnacja',
      bankAccount: '61109010140000071219812874',
    });
    await waitForPayment(
      sessionId,
      (p) =>
        Object.values(p.refunds ?? {}).some((r) => r.correctionId === out.correctionId && r.status === 'requested'),
      'refund requested',
    );
    const byHand = await refusal(
      admin.call('markRefundTransferred', {
        orderId,
        correctionId: out.correctionId,
        transferredOn: new Date().toISOString().slice(0, 10),
      }),
    );
    expect(byHand).toMatchObject({ reason: 'refund-online-in-progress' });
    expect(byHand.message).toContain('czeka na potwierdzenie operatora');
    expect((await env.db.ref(`refunds/${orderId}/corrections/${out.correctionId}/status`).get()).val()).toBe('due');
  });

  it('an approved correction goes back through the provider; its notification marks it transferred', async () => {
    const { user, orderId } = await pendingOrder();
    const { sessionId, token } = await startPayment(user, orderId);
    await payWithBlik(token);
    await waitForPayment(sessionId, (p) => p.status === 'paid', 'paid');
    const out = await admin.call('startRefund', {
      orderId,
      reason: 'Rezygnacja',
      bankAccount: '61109010140000071219812874',
    });
    const transferred = await valueWhen<OrderRefunds>(
      env.db.ref(`refunds/${orderId}`),
      (r) => r?.corrections?.[out.correctionId]?.status === 'transferred',
      'correction transferred',
    );
    expect(transferred!.corrections![out.correctionId]).toMatchObject({
      status: 'transferred',
      transferredBy: 'przelewy24',
      amount: out.amount,
    });
    expect(Object.values((await payment(sessionId)).refunds!)).toEqual([
      expect.objectContaining({
        reason: 'correction',
        correctionId: out.correctionId,
        amount: out.amount,
        status: 'completed',
      }),
    ]);
    // The e-mail follows the transfer's transaction (refunds.ts markCorrectionTransferred).
    await valueWhen<Record<string, { kind: string; uid: string }>>(
      env.db.ref('outbox'),
      (v) => Object.values(v ?? {}).some((m) => m.uid === user.uid && m.kind === 'refundTransferred'),
      'refund-transferred e-mail',
    );
    expect((await mailOf(user.uid)).filter((kind) => kind === 'refundTransferred')).toHaveLength(1);
    // The correction, its e-mails and the screens say the money goes back through the provider, not by a transfer.
    const correction = (await env.db.ref(`corrections/${user.uid}/${out.correctionId}`).get()).val() as {
      refundThrough?: string;
    };
    expect(correction.refundThrough).toBe('przelewy24');
    const mails = Object.values(
      ((await env.db.ref('outbox').get()).val() ?? {}) as Record<string, { kind: string; uid: string; text: string }>,
    ).filter((m) => m.uid === user.uid);
    const approved = mails.find((m) => m.kind === 'refundApproved')!.text;
    const done = mails.find((m) => m.kind === 'refundTransferred')!.text;
    expect(approved).toContain('pieniądze wrócą przez Przelewy24 na rachunek lub kartę, z których zapłacono');
    expect(done).toContain('Przelewy24 potwierdziło zwrot');
    for (const text of [approved, done]) expect(text).not.toMatch(/na konto|na podane konto|przelaliśmy|przelejemy/i);
    // A forged refund notification is refused.
    const fields = {
      orderId: 1,
      sessionId,
      refundsUuid: `k-${out.correctionId}`,
      merchantId: p24.account.merchantId,
      amount: out.amount,
      currency: 'PLN',
      status: 0,
    };
    expect(
      (
        await post({
          ...fields,
          requestId: 'x',
          timestamp: 1,
          sign: p24Sign('refundNotification', { ...fields, crc: 'zly-crc' }),
        })
      ).status,
    ).toBe(400);
  });
});
