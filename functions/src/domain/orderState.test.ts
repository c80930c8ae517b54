import { describe, expect, it } from 'vitest';
import { shouldExpire } from './limits.js';
import {
  anyHandedOut,
  cancelledOrder,
  checkTransition,
  CONFIRM_LOCK_TTL_MS,
  decideCancel,
  decideConfirm,
  isCancellable,
  isPaidByDiscount,
  isReinstatable,
  PAID_BY_DISCOUNT,
  type OrderStateView,
} from './orderState.js';

const NOW = 1_790_000_000_000;
const DAY = 86_400_000;
const order = (over: Partial<OrderStateView> = {}): OrderStateView => ({
  uid: 'ola',
  number: 'ZAM/2026/000042',
  status: 'pending',
  createdAt: NOW - DAY,
  ...over,
});

describe('order state machine', () => {
  it('lets an admin confirm a pending order, nobody else', () => {
    expect(checkTransition('confirmPayment', 'pending', ['admin'])).toEqual({ ok: true, to: 'paid' });
    expect(checkTransition('confirmPayment', 'pending', ['owner'])).toEqual({ ok: false, reason: 'forbidden' });
    expect(checkTransition('confirmPayment', 'pending', ['staff'])).toEqual({ ok: false, reason: 'forbidden' });
  });
  it('lets the owner or an admin cancel a pending order', () => {
    expect(checkTransition('cancel', 'pending', ['owner'])).toEqual({ ok: true, to: 'cancelled' });
    expect(checkTransition('cancel', 'pending', ['admin'])).toEqual({ ok: true, to: 'cancelled' });
    expect(checkTransition('cancel', 'pending', ['other'])).toEqual({ ok: false, reason: 'forbidden' });
  });
  it('keeps paid and cancelled final', () => {
    expect(checkTransition('cancel', 'paid', ['admin'])).toEqual({ ok: false, reason: 'already-paid' });
    expect(checkTransition('cancel', 'cancelled', ['owner'])).toEqual({ ok: false, reason: 'already-cancelled' });
    expect(checkTransition('confirmPayment', 'paid', ['admin'])).toEqual({ ok: false, reason: 'already-paid' });
    expect(checkTransition('confirmPayment', 'cancelled', ['admin'])).toEqual({
      ok: false,
      reason: 'already-cancelled',
    });
  });
  it('reinstates only from cancelled', () => {
    expect(checkTransition('reinstatePayment', 'cancelled', ['admin'])).toEqual({ ok: true, to: 'paid' });
    expect(checkTransition('reinstatePayment', 'pending', ['admin'])).toEqual({
      ok: false,
      reason: 'invalid-transition',
    });
    expect(checkTransition('reinstatePayment', 'cancelled', ['owner'])).toEqual({ ok: false, reason: 'forbidden' });
  });
});

describe('confirming a payment', () => {
  it('confirms a pending order and takes over a crashed confirmation’s lock', () => {
    expect(decideConfirm(order(), NOW)).toEqual({ ok: true, action: 'confirmPayment' });
    expect(decideConfirm(order({ lock: { at: NOW - CONFIRM_LOCK_TTL_MS } }), NOW)).toEqual({
      ok: true,
      action: 'confirmPayment',
    });
  });
  it('refuses while another confirmation holds the lock', () => {
    expect(decideConfirm(order({ lock: { at: NOW - 1000 } }), NOW)).toEqual({
      ok: false,
      refusal: { reason: 'busy', message: 'Płatność za to zamówienie jest właśnie potwierdzana' },
    });
  });
  it('refuses a paid order naming its invoice, and a cancelled one', () => {
    expect(decideConfirm(order({ status: 'paid', invoiceNumber: 'FV/2026/000007' }), NOW)).toEqual({
      ok: false,
      refusal: {
        reason: 'already-paid',
        message: 'Zamówienie ZAM/2026/000042 jest już opłacone (faktura FV/2026/000007)',
      },
    });
    expect(decideConfirm(order({ status: 'cancelled', released: true }), NOW)).toEqual({
      ok: false,
      refusal: { reason: 'already-cancelled', message: 'Zamówienie ZAM/2026/000042 jest anulowane' },
    });
  });
  it('reinstates an order that expired and returned what it held, not one still releasing', () => {
    const expired = order({ status: 'cancelled', cancelReason: 'expired', released: true });
    expect(isReinstatable(expired)).toBe(true);
    expect(decideConfirm(expired, NOW)).toEqual({ ok: true, action: 'reinstatePayment' });
    expect(decideConfirm({ ...expired, released: false }, NOW)).toMatchObject({
      ok: false,
      refusal: { reason: 'already-cancelled' },
    });
  });
});

describe('cancelling', () => {
  const owner = { uid: 'ola', admin: false };
  const admin = { uid: 'szef', admin: true };
  it('lets the owner and an admin cancel a pending order; someone else’s order is not found', () => {
    expect(decideCancel(order(), owner)).toEqual({ ok: true });
    expect(decideCancel(order(), admin)).toEqual({ ok: true });
    expect(decideCancel(order(), { uid: 'obcy', admin: false })).toEqual({
      ok: false,
      refusal: { reason: 'order-missing' },
    });
  });
  it('refuses a paid or cancelled order with the order number, and any locked order', () => {
    expect(decideCancel(order({ status: 'paid' }), owner)).toEqual({
      ok: false,
      refusal: {
        reason: 'already-paid',
        message: 'Zamówienie ZAM/2026/000042 jest już opłacone — nie można go anulować',
      },
    });
    expect(decideCancel(order({ status: 'cancelled', released: true }), owner)).toEqual({
      ok: false,
      refusal: { reason: 'already-cancelled', message: 'Zamówienie ZAM/2026/000042 jest już anulowane' },
    });
    expect(decideCancel(order({ lock: { at: NOW - 10 * CONFIRM_LOCK_TTL_MS } }), admin)).toMatchObject({
      ok: false,
      refusal: { reason: 'busy' },
    });
  });
  it('resumes a cancellation whose release did not finish', () => {
    expect(decideCancel(order({ status: 'cancelled', released: false }), owner)).toEqual({ ok: false, resume: true });
  });
  it('writes the cancelled state with who, why and released: false', () => {
    expect(cancelledOrder({ number: 'x', status: 'pending' }, NOW, { uid: 'ola' })).toEqual({
      number: 'x',
      status: 'cancelled',
      cancelledAt: NOW,
      cancelledBy: 'ola',
      released: false,
    });
    expect(cancelledOrder({ status: 'pending' }, NOW, { reason: 'expired' })).toEqual({
      status: 'cancelled',
      cancelledAt: NOW,
      cancelReason: 'expired',
      released: false,
    });
  });
});

describe('cancelling an order a discount code paid (no invoice)', () => {
  const owner = { uid: 'ola', admin: false };
  const admin = { uid: 'szef', admin: true };
  const free = (over: Partial<OrderStateView> = {}) => order({ status: 'paid', paidBy: PAID_BY_DISCOUNT, ...over });
  const invoiced = order({ status: 'paid', paidBy: 'szef', invoiceId: 'f1', invoiceNumber: 'FV/2026/000007' });

  it('is paid by a discount only with paidBy discount and no invoice', () => {
    expect(isPaidByDiscount(free())).toBe(true);
    expect(isPaidByDiscount(free({ status: 'cancelled', released: false }))).toBe(true);
    expect(isPaidByDiscount(invoiced)).toBe(false);
    expect(isPaidByDiscount(free({ invoiceId: 'f1' }))).toBe(false);
    expect(isPaidByDiscount(order())).toBe(false);
  });
  it('the owner or an admin may cancel it: paid → cancelled through its own transition, nobody else', () => {
    expect(checkTransition('cancelPaidByDiscount', 'paid', ['owner'])).toEqual({ ok: true, to: 'cancelled' });
    expect(checkTransition('cancelPaidByDiscount', 'paid', ['admin'])).toEqual({ ok: true, to: 'cancelled' });
    expect(checkTransition('cancelPaidByDiscount', 'paid', ['staff'])).toEqual({ ok: false, reason: 'forbidden' });
    expect(checkTransition('cancelPaidByDiscount', 'cancelled', ['owner'])).toEqual({
      ok: false,
      reason: 'already-cancelled',
    });
    // A paid order's plain cancel transition stays closed.
    expect(checkTransition('cancel', 'paid', ['admin'])).toEqual({ ok: false, reason: 'already-paid' });
  });
  it('is offered as cancellable like a pending order; an invoiced or cancelled one is not', () => {
    expect(isCancellable(order())).toBe(true);
    expect(isCancellable(free())).toBe(true);
    expect(isCancellable(invoiced)).toBe(false);
    expect(isCancellable(free({ status: 'cancelled', released: true }))).toBe(false);
    expect(isCancellable(order({ status: 'cancelled', released: true }))).toBe(false);
  });
  it('is decided on its pickup items: asks for them, cancels when none was handed out, refuses when one was', () => {
    expect(decideCancel(free(), owner)).toEqual({ ok: false, pickupsNeeded: true });
    expect(decideCancel(free(), owner, { handedOut: false })).toEqual({ ok: true });
    expect(decideCancel(free(), admin, { handedOut: false })).toEqual({ ok: true });
    expect(decideCancel(free(), owner, { handedOut: true })).toEqual({
      ok: false,
      refusal: {
        reason: 'already-picked',
        message: 'Część pozycji tego zamówienia została już wydana w punkcie odbioru — nie można go anulować.',
      },
    });
    expect(decideCancel(free(), { uid: 'obcy', admin: false }, { handedOut: false })).toEqual({
      ok: false,
      refusal: { reason: 'order-missing' },
    });
  });
  it('resumes its unfinished release only with its pickup items read; a released one is cancelled already', () => {
    const releasing = free({ status: 'cancelled', released: false });
    expect(decideCancel(releasing, owner)).toEqual({ ok: false, pickupsNeeded: true });
    expect(decideCancel(releasing, owner, { handedOut: false })).toEqual({ ok: false, resume: true });
    expect(decideCancel(free({ status: 'cancelled', released: true }), admin)).toMatchObject({
      ok: false,
      refusal: { reason: 'already-cancelled' },
    });
  });
  it('an order paid with an invoice stays uncancellable (a refund corrects it), whatever its pickups', () => {
    const refusal = {
      ok: false,
      refusal: {
        reason: 'already-paid',
        message: 'Zamówienie ZAM/2026/000042 jest już opłacone — nie można go anulować',
      },
    };
    expect(decideCancel(invoiced, admin)).toEqual(refusal);
    expect(decideCancel(invoiced, admin, { handedOut: false })).toEqual(refusal);
    expect(decideCancel(free({ invoiceId: 'f1' }), owner, { handedOut: false })).toEqual(refusal);
  });
  it('a pending order is decided as before, its pickup items aside', () => {
    expect(decideCancel(order(), owner)).toEqual({ ok: true });
    expect(decideCancel(order(), owner, { handedOut: true })).toEqual({ ok: true });
  });
  it('finds a handed-out item of this order only', () => {
    const item = (orderId: string, status: 'waiting' | 'picked') => ({ orderId, status });
    expect(anyHandedOut('o1', {})).toBe(false);
    expect(anyHandedOut('o1', { 'o1-l1': item('o1', 'waiting'), 'o2-l1': item('o2', 'picked') })).toBe(false);
    expect(anyHandedOut('o1', { 'o1-l1': item('o1', 'waiting'), 'o1-l2': item('o1', 'picked') })).toBe(true);
  });
  it('leaves confirming such an order as it was: already paid', () => {
    expect(decideConfirm(free(), NOW)).toMatchObject({ ok: false, refusal: { reason: 'already-paid' } });
  });
});

describe('expiry', () => {
  it('expires a pending order after its deadline unless a confirmation is under way', () => {
    expect(shouldExpire(order({ payBy: NOW - 1 }), NOW, 7)).toBe(true);
    expect(shouldExpire(order({ payBy: NOW + 1 }), NOW, 7)).toBe(false);
    expect(shouldExpire(order({ payBy: NOW - 1, lock: { at: NOW - 1000 } }), NOW, 7)).toBe(false);
    // Not even with a stale lock: the crashed confirmation's reserved invoice number waits for its repeat.
    expect(shouldExpire(order({ payBy: NOW - 1, lock: { at: NOW - CONFIRM_LOCK_TTL_MS - 1 } }), NOW, 7)).toBe(false);
    expect(shouldExpire(order({ status: 'paid', payBy: NOW - 1 }), NOW, 7)).toBe(false);
    // Orders from before deadlines existed get the event's term from their creation.
    expect(shouldExpire(order({ createdAt: NOW - 8 * DAY }), NOW, 7)).toBe(true);
  });
});
