import { describe, expect, it } from 'vitest';
import { addHoldings, isPastPaymentDeadline, orderPayBy, paymentDaysOf, paymentDeadline, removeHoldings, ticketSaleRefusal, variantStockRefusal, type HoldingsRequest } from './limits.js';

const DAY = 86_400_000;
const request = (tickets: [string, number, number][] = [], variants: [string, string, number, number][] = []): HoldingsRequest => ({
  tickets: new Map(tickets.map(([id, count, cap]) => [id, { count, cap, name: `Bilet ${id}` }])),
  variants: new Map(variants.map(([p, v, quantity, cap]) => [`${p}/${v}`, { productId: p, variantId: v, quantity, cap, label: `${p} (${v})` }])),
});

describe('per-account holdings', () => {
  it('adds an order within the caps and refuses the one that would cross a cap, naming what is left', () => {
    const first = addHoldings(null, request([['karnet', 2, 3]], [['kubek', 'std', 4, 5]]));
    expect(first).toEqual({ ok: true, next: { tickets: { karnet: 2 }, variants: { kubek: { std: 4 } } } });
    const over = addHoldings(first.ok ? first.next : null, request([['karnet', 2, 3]]));
    expect(over).toEqual({ ok: false, refusal: { reason: 'account-limit', item: 'Bilet karnet', left: 1, message: 'Na jedno konto można kupić najwyżej 3 bilety „Bilet karnet” — możesz dodać jeszcze 1' } });
    const units = addHoldings(first.ok ? first.next : null, request([], [['kubek', 'std', 2, 5]]));
    expect(units).toMatchObject({ ok: false, refusal: { left: 1, message: 'kubek (std): na jedno konto najwyżej 5 sztuk — możesz dodać jeszcze 1' } });
    const exhausted = addHoldings({ tickets: { karnet: 1 } }, request([['karnet', 1, 1]]));
    expect(exhausted).toMatchObject({ ok: false, refusal: { left: 0, message: 'Na jedno konto można kupić najwyżej 1 bilet „Bilet karnet” — limit jest już wykorzystany' } });
  });

  it('a cap lowered below what is held refuses more but takes nothing away', () => {
    expect(addHoldings({ tickets: { karnet: 5 } }, request([['karnet', 1, 3]]))).toMatchObject({ ok: false, refusal: { left: 0 } });
    expect(removeHoldings({ tickets: { karnet: 5 } }, new Map([['karnet', 1]]), [])).toEqual({ tickets: { karnet: 4 } });
  });

  it('removing gives the allowance back, never below zero, and drops what reaches zero', () => {
    expect(removeHoldings({ tickets: { karnet: 2, dzien: 1 }, variants: { kubek: { std: 4 } } }, new Map([['karnet', 2]]), [{ productId: 'kubek', variantId: 'std', quantity: 9 }])).toEqual({ tickets: { dzien: 1 } });
    expect(removeHoldings({ tickets: { karnet: 1 } }, new Map([['karnet', 1]]), [])).toBeNull();
    expect(removeHoldings(null, new Map([['karnet', 1]]), [])).toBeNull();
  });
});

describe('what is still for sale', () => {
  const type = { name: 'Karnet', active: true, quota: 10, sold: 8 };
  it('checks activity, the sale window and the quota, in that order, with plural-correct messages', () => {
    expect(ticketSaleRefusal(type, 2, 0)).toBeNull();
    expect(ticketSaleRefusal(type, 3, 0)).toEqual({ reason: 'sold-out', item: 'Karnet', left: 2, message: 'Zostało tylko 2 bilety „Karnet”' });
    expect(ticketSaleRefusal({ ...type, sold: 5 }, 6, 0)?.message).toBe('Zostało tylko 5 biletów „Karnet”');
    expect(ticketSaleRefusal({ ...type, sold: 10 }, 1, 0)?.message).toBe('Bilety „Karnet” są wyprzedane');
    expect(ticketSaleRefusal({ ...type, active: false }, 1, 0)?.reason).toBe('ticket-type-inactive');
    expect(ticketSaleRefusal({ ...type, saleStart: 100 }, 1, 50)?.reason).toBe('sale-not-started');
    expect(ticketSaleRefusal({ ...type, saleEnd: 100 }, 1, 150)?.reason).toBe('sale-ended');
  });

  it('a late payment of an expired order skips the sale window but not the quota', () => {
    expect(ticketSaleRefusal({ ...type, active: false, saleEnd: 100 }, 1, 150, { checkSaleWindow: false })).toBeNull();
    expect(ticketSaleRefusal({ ...type, saleEnd: 100, sold: 10 }, 1, 150, { checkSaleWindow: false })?.reason).toBe('sold-out');
  });

  it('variant stock', () => {
    expect(variantStockRefusal({ stock: 5, sold: 3 }, 2, 'Kubek')).toBeNull();
    expect(variantStockRefusal({ stock: 5, sold: 3 }, 3, 'Kubek')).toEqual({ reason: 'out-of-stock', item: 'Kubek', left: 2, message: 'Kubek — dostępne tylko 2 sztuki' });
    expect(variantStockRefusal({ stock: 5, sold: 5 }, 1, 'Kubek')?.message).toBe('Kubek — wyprzedane');
  });
});

describe('payment deadline', () => {
  it('is the event’s number of days after placing (7 by default); older orders without payBy get the current term', () => {
    expect(paymentDaysOf(null)).toBe(7);
    expect(paymentDaysOf({ paymentDays: 3 })).toBe(3);
    expect(paymentDeadline(1000, 3)).toBe(1000 + 3 * DAY);
    expect(orderPayBy({ createdAt: 1000 }, 2)).toBe(1000 + 2 * DAY);
    expect(orderPayBy({ createdAt: 1000, payBy: 5000 }, 2)).toBe(5000);
  });

  it('only a pending order past its deadline has expired', () => {
    const order = { status: 'pending', createdAt: 0, payBy: 1000 };
    expect(isPastPaymentDeadline(order, 1000, 7)).toBe(false);
    expect(isPastPaymentDeadline(order, 1001, 7)).toBe(true);
    expect(isPastPaymentDeadline({ ...order, status: 'paid' }, 5000, 7)).toBe(false);
  });
});
