import { describe, expect, it } from 'vitest';
import { decideConfirm } from '../orderState.js';
import { dailyOnlineTotals, orderPaymentState, PAYMENT_IN_PROGRESS_MS, paymentSessionIdSchema, providerRefundKey } from './onlinePayment.js';

describe('online payment state of an order', () => {
  const now = 1_800_000_000_000;
  it('is in progress right after the window was opened, and offers paying again after its time limit', () => {
    expect(orderPaymentState([{ orderId: 'a', status: 'registered', createdAt: now - 1000 }], 'a', now)).toBe('in-progress');
    expect(orderPaymentState([{ orderId: 'a', status: 'registered', createdAt: now - PAYMENT_IN_PROGRESS_MS }], 'a', now)).toBe('none');
    expect(orderPaymentState([{ orderId: 'b', status: 'registered', createdAt: now }], 'a', now)).toBe('none');
    expect(orderPaymentState([{ orderId: 'a', status: 'registered', createdAt: now }, { orderId: 'a', status: 'paid', createdAt: now - 5 }], 'a', now)).toBe('paid');
  });
});

describe('a verified online payment books a cancelled order like an expired one', () => {
  const order = { uid: 'u', number: 'ZAM/2026/000001', status: 'cancelled' as const, createdAt: 0, released: true };
  it('the admin may not confirm a cancelled order, the provider notification may reinstate it', () => {
    expect(decideConfirm(order, 1).ok).toBe(false);
    expect(decideConfirm(order, 1, { paidOnline: true })).toEqual({ ok: true, action: 'reinstatePayment' });
    expect(decideConfirm({ ...order, released: false }, 1, { paidOnline: true }).ok).toBe(false);
    expect(decideConfirm({ ...order, status: 'paid' }, 1, { paidOnline: true }).ok).toBe(false);
  });
});

describe('session ids and refund keys', () => {
  it('only the server-made 32-hex session id can become a key', () => {
    expect(paymentSessionIdSchema.safeParse('0123456789abcdef0123456789abcdef').success).toBe(true);
    for (const bad of ['__proto__', 'hasOwnProperty', '../x', '0123456789ABCDEF0123456789ABCDEF', '']) expect(paymentSessionIdSchema.safeParse(bad).success).toBe(false);
  });
  it('one refund key per cause, so a repeated request is the same refund', () => {
    expect(providerRefundKey('s1', {})).toBe('z-s1');
    expect(providerRefundKey('s1', { correctionId: 'KOR-2026-000001' })).toBe('k-KOR-2026-000001');
  });
});

describe('daily totals for the settlement', () => {
  it('sums booked payments per day and the refunds completed', () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const totals = dailyOnlineTotals([
      { status: 'paid', paidAt: Date.UTC(2026, 6, 1, 10), amount: 1000 },
      { status: 'paid', paidAt: Date.UTC(2026, 6, 1, 12), amount: 500, refunds: { a: { amount: 200, reason: 'correction', status: 'completed', requestedAt: 0, requestedBy: 'x' } } },
      { status: 'refund-candidate', paidAt: Date.UTC(2026, 6, 2), amount: 700 },
      { status: 'registered', amount: 999 },
    ], day);
    expect(totals).toEqual([
      { day: '2026-07-02', count: 1, gross: 700, refunded: 0 },
      { day: '2026-07-01', count: 2, gross: 1500, refunded: 200 },
    ]);
  });
});
