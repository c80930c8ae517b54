import { describe, expect, it } from 'vitest';
import { checkTransition } from './orderState.js';

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
    expect(checkTransition('confirmPayment', 'cancelled', ['admin'])).toEqual({ ok: false, reason: 'already-cancelled' });
  });
});
