import { describe, expect, it } from 'vitest';
import { decideConfirm } from '../orderState.js';
import {
  dailyOnlineTotals,
  orderPaymentState,
  unbookedOutcome,
  unbookedRefundState,
  PAYMENT_IN_PROGRESS_MS,
  paymentSessionIdSchema,
  providerRefundKey,
} from './onlinePayment.js';

describe('online payment state of an order', () => {
  const now = 1_800_000_000_000;
  it('is in progress right after the window was opened, and offers paying again after its time limit', () => {
    expect(orderPaymentState([{ orderId: 'a', status: 'registered', createdAt: now - 1000 }], 'a', now)).toBe(
      'in-progress',
    );
    expect(
      orderPaymentState([{ orderId: 'a', status: 'registered', createdAt: now - PAYMENT_IN_PROGRESS_MS }], 'a', now),
    ).toBe('none');
    expect(orderPaymentState([{ orderId: 'b', status: 'registered', createdAt: now }], 'a', now)).toBe('none');
    expect(
      orderPaymentState(
        [
          { orderId: 'a', status: 'registered', createdAt: now },
          { orderId: 'a', status: 'paid', createdAt: now - 5 },
        ],
        'a',
        now,
      ),
    ).toBe('paid');
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
    for (const bad of ['__proto__', 'hasOwnProperty', '../x', '0123456789ABCDEF0123456789ABCDEF', ''])
      expect(paymentSessionIdSchema.safeParse(bad).success).toBe(false);
  });
  it('one refund key per cause, so a repeated request is the same refund', () => {
    expect(providerRefundKey('s1', {})).toBe('z-s1');
    expect(providerRefundKey('s1', { correctionId: 'KOR-2026-000001' })).toBe('k-KOR-2026-000001');
  });
});

describe('daily totals for the settlement', () => {
  it('sums every verified payment on its day and each completed refund on the day it was completed', () => {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const refund = (
      amount: number,
      completedAt: number | undefined,
      status: 'completed' | 'requested' = 'completed',
    ) => ({
      amount,
      reason: 'correction' as const,
      status,
      requestedAt: 0,
      requestedBy: 'x',
      ...(completedAt ? { completedAt } : {}),
    });
    const totals = dailyOnlineTotals(
      [
        { paidAt: Date.UTC(2026, 6, 1, 10), amount: 1000 },
        {
          paidAt: Date.UTC(2026, 6, 1, 12),
          amount: 500,
          refunds: { a: refund(200, Date.UTC(2026, 6, 3)), b: refund(100, undefined, 'requested') },
        },
        // A double payment: the money came (counted on its day) and went back the same day.
        { paidAt: Date.UTC(2026, 6, 2), amount: 700, refunds: { z: refund(700, Date.UTC(2026, 6, 2, 1)) } },
        { amount: 999 },
      ],
      day,
    );
    expect(totals).toEqual([
      { day: '2026-07-03', count: 0, gross: 0, refunded: 200, net: -200 },
      { day: '2026-07-02', count: 1, gross: 700, refunded: 700, net: 0 },
      { day: '2026-07-01', count: 2, gross: 1500, refunded: 0, net: 1500 },
    ]);
  });
});

describe('refunds of payments that were not booked', () => {
  it('open until the provider is asked (again after a refusal), then requested, then completed; none for a booked payment', () => {
    const r = (status: 'requested' | 'completed' | 'rejected') => ({
      'z-s1': { amount: 100, reason: 'double-payment' as const, status, requestedAt: 1, requestedBy: 'admin' },
    });
    expect(unbookedRefundState('s1', { status: 'refund-candidate' })).toBe('open');
    expect(unbookedRefundState('s1', { status: 'refund-candidate', refunds: r('rejected') })).toBe('open');
    expect(unbookedRefundState('s1', { status: 'refund-due', refunds: r('requested') })).toBe('requested');
    expect(unbookedRefundState('s1', { status: 'refund-due', refunds: r('completed') })).toBe('completed');
    expect(unbookedRefundState('s1', { status: 'paid', refunds: r('completed') })).toBeNull();
    expect(unbookedRefundState('s1', { status: 'registered' })).toBeNull();
  });
});

describe('a verified payment the confirmation refused', () => {
  it('is sent again while the order is being worked on or its cancellation still runs', () => {
    for (const reason of ['busy', 'try-again', 'maintenance']) expect(unbookedOutcome(reason, {})).toBe('retry');
    expect(unbookedOutcome('already-cancelled', { orderReleased: false })).toBe('retry');
  });
  it('is a repeat when this payment booked the order, and a refund candidate when another payment did', () => {
    expect(unbookedOutcome('already-paid', { paymentStatus: 'paid' })).toBe('duplicate');
    expect(unbookedOutcome('already-paid', { paymentStatus: 'registered' })).toBe('refund-candidate');
  });
  it('goes back at once when the order is gone for good, and lets anything else through', () => {
    expect(unbookedOutcome('expired-sold-out', {})).toBe('refund-due');
    expect(unbookedOutcome('already-cancelled', { orderReleased: true })).toBe('refund-due');
    expect(unbookedOutcome('event-missing', {})).toBe('unexpected');
    expect(unbookedOutcome(undefined, {})).toBe('unexpected');
  });
});
