import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { emptyInvoice } from '../settings';
import { startNewCheckoutIfPlaced, useCheckoutState } from './checkoutState';
import { isIdempotencyKey } from './idempotency';
import { checkoutRefusal } from './refusal';

const refused = (details: Record<string, unknown>, code = 'functions/failed-precondition') => ({ code, details });

describe('checkout refusals', () => {
  it('names the participant a ticket refusal is about, unless the server already did', () => {
    const nameOf = (id: string) => (id === 'm1' ? 'Zosia Nowak' : null);
    expect(
      checkoutRefusal(
        refused({ reason: 'sold-out', message: 'Bilet dziecięcy jest wyprzedany', field: 'tickets.m1' }),
        nameOf,
      ),
    ).toEqual({
      message: 'Zosia Nowak: Bilet dziecięcy jest wyprzedany',
      field: 'tickets.m1',
      fixBasket: true,
    });
    expect(
      checkoutRefusal(
        refused({ reason: 'already-has-ticket', message: 'Zosia Nowak ma już bilet', field: 'tickets.m1' }),
        nameOf,
      ).message,
    ).toBe('Zosia Nowak ma już bilet');
  });

  it('says a retry is safe when the server was busy or unreachable', () => {
    expect(
      checkoutRefusal(refused({ reason: 'busy', message: 'Serwer jest zajęty' }, 'functions/aborted')).message,
    ).toBe('Serwer jest zajęty. Kliknij „Zamawiam” jeszcze raz — nie utworzymy drugiego zamówienia.');
    const offline = checkoutRefusal({ code: 'functions/unavailable' });
    expect(offline.message).toMatch(
      /^Brak połączenia z serwerem\..* Kliknij „Zamawiam” jeszcze raz — nie utworzymy drugiego zamówienia\.$/,
    );
    expect(offline.fixBasket).toBe(false);
  });

  it('sends the buyer back to the basket only for refusals about the basket', () => {
    expect(checkoutRefusal(refused({ reason: 'out-of-stock', message: 'Kubek — wyprzedane' })).fixBasket).toBe(true);
    expect(
      checkoutRefusal(
        refused(
          { reason: 'invalid-input', message: 'Nieprawidłowy NIP', field: 'buyer.nip' },
          'functions/invalid-argument',
        ),
      ),
    ).toEqual({
      message: 'Nieprawidłowy NIP',
      field: 'buyer.nip',
      fixBasket: false,
    });
  });
});

describe('checkout state', () => {
  it('keeps one idempotency key for every attempt of a checkout, and draws a new one after an order', () => {
    const { result } = renderHook(() => useCheckoutState('merch', 'uid-key'));
    const key = result.current[0].idempotencyKey;
    expect(isIdempotencyKey(key)).toBe(true);
    act(() => result.current[1]({ buyer: { ...emptyInvoice, name: 'Marta Nowak' } }));
    expect(result.current[0].idempotencyKey).toBe(key);
    // Not placed yet: coming back to the basket keeps the checkout.
    act(() => startNewCheckoutIfPlaced('merch', 'uid-key'));
    expect(result.current[0].idempotencyKey).toBe(key);

    act(() => result.current[1]({ placed: { orderId: 'o1' }, acceptTerms: true }));
    act(() => startNewCheckoutIfPlaced('merch', 'uid-key'));
    const next = result.current[0];
    expect(next.idempotencyKey).not.toBe(key);
    expect(next).toMatchObject({ placed: null, acceptTerms: false, buyer: { name: 'Marta Nowak' } });
    expect(JSON.parse(sessionStorage.getItem('panel.checkout.merch.uid-key')!).idempotencyKey).toBe(
      next.idempotencyKey,
    );
  });

  it('keeps the ticket and the shop checkouts apart', () => {
    const tickets = renderHook(() => useCheckoutState('tickets', 'uid-apart')).result.current[0];
    const merch = renderHook(() => useCheckoutState('merch', 'uid-apart')).result.current[0];
    expect(tickets.idempotencyKey).not.toBe(merch.idempotencyKey);
  });

  it('starts afresh from a stored state it does not recognise', () => {
    sessionStorage.setItem(
      'panel.checkout.tickets.uid-bad',
      JSON.stringify({ idempotencyKey: '__proto__', placed: { orderId: 'x' } }),
    );
    const { result } = renderHook(() => useCheckoutState('tickets', 'uid-bad'));
    expect(isIdempotencyKey(result.current[0].idempotencyKey)).toBe(true);
    expect(result.current[0].placed).toBeNull();
  });
});
