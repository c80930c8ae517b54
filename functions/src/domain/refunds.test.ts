import { describe, expect, it } from 'vitest';
import {
  afterCorrection,
  computeCorrection,
  formatCorrectionNumber,
  orderRefundState,
  parseCorrectionNumber,
  planRefund,
  refundableLines,
  type RefundPlan,
} from './refunds.js';
import type { Order } from './schemas.js';
import { computeTotals, vatFromGross } from './vat.js';

const lines: Order['lines'] = {
  l1: {
    type: 'ticket',
    name: 'Karnet',
    unitGross: 35000,
    quantity: 1,
    vatRate: 8,
    ticketTypeId: 'karnet',
    memberId: 'self',
    memberName: 'Anna Nowak',
  },
  l2: {
    type: 'ticket',
    name: 'Karnet',
    unitGross: 35000,
    quantity: 1,
    vatRate: 8,
    ticketTypeId: 'karnet',
    memberId: 'm-1',
    memberName: 'Jan Nowak',
  },
  l3: {
    type: 'merch',
    name: 'Koszulka',
    unitGross: 333,
    quantity: 3,
    vatRate: 23,
    productId: 'tshirt',
    variantId: 'M',
    variantLabel: 'M',
  },
};
const order = { lines };
const invoiceTotals = computeTotals(Object.values(lines));
const rateGross = Object.fromEntries(invoiceTotals.perRate.map((r) => [`r${r.vatRate}`, r.gross]));

function plan(
  l: Record<string, number> | undefined,
  amount?: number,
  refunded?: Parameters<typeof planRefund>[1],
): RefundPlan {
  const result = planRefund(order, refunded, l, amount);
  if (!result.ok) throw new Error(result.refusal.message);
  return result.plan;
}

describe('orderRefundState', () => {
  it('is none without refunds, partial while any unit is left, full when every unit of every line was taken back', () => {
    expect(orderRefundState(lines, undefined)).toBe('none');
    expect(orderRefundState(lines, { l3: { quantity: 0, gross: 0 } })).toBe('none');
    expect(orderRefundState(lines, { l1: { quantity: 1, gross: 35000 } })).toBe('partial');
    expect(
      orderRefundState(lines, {
        l1: { quantity: 1, gross: 35000 },
        l2: { quantity: 1, gross: 35000 },
        l3: { quantity: 2, gross: 666 },
      }),
    ).toBe('partial');
    expect(
      orderRefundState(lines, {
        l1: { quantity: 1, gross: 35000 },
        l2: { quantity: 1, gross: 30000 },
        l3: { quantity: 3, gross: 999 },
      }),
    ).toBe('full');
  });
});

describe('correction numbers', () => {
  it('formats and parses KOR/YYYY/NNNNNN', () => {
    expect(formatCorrectionNumber(2026, 1)).toBe('KOR/2026/000001');
    expect(formatCorrectionNumber(2026, 1234567)).toBe('KOR/2026/1234567');
    expect(parseCorrectionNumber('KOR/2026/000042')).toEqual({ year: 2026, sequence: 42 });
    expect(parseCorrectionNumber('FV/2026/000042')).toBeNull();
    expect(() => formatCorrectionNumber(2026, 0)).toThrow(RangeError);
  });
});

describe('planRefund', () => {
  it('refunds the whole order when no lines are named', () => {
    const p = plan(undefined);
    expect(p.lines.map((l) => [l.lineId, l.quantity, l.gross])).toEqual([
      ['l1', 1, 35000],
      ['l2', 1, 35000],
      ['l3', 3, 999],
    ]);
    expect(p).toMatchObject({ refundable: 70999, amount: 70999, fee: 0 });
  });
  it('keeps a fee when the amount is lower', () => {
    expect(plan({ l2: 1 }, 30000)).toMatchObject({ refundable: 35000, amount: 30000, fee: 5000 });
  });
  it('refuses a line not on the order, too many units, an amount above the refundable one or zero', () => {
    expect(planRefund(order, undefined, { l9: 1 })).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-line-missing', field: 'lines.l9' },
    });
    expect(planRefund(order, undefined, { l3: 4 })).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-nothing-left', message: 'Koszulka (M) — do zwrotu zostało najwyżej 3 szt.' },
    });
    expect(planRefund(order, undefined, { l1: 1 }, 35001)).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-amount-too-high', field: 'amount' },
    });
    expect(planRefund(order, undefined, { l1: 1 }, 0)).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-amount-invalid' },
    });
  });
  it('after an earlier partial refund only the rest is refundable', () => {
    const refunded = { l3: { quantity: 2, gross: 666 }, l1: { quantity: 1, gross: 35000 } };
    expect(refundableLines(order, refunded).map((l) => [l.lineId, l.quantity, l.gross])).toEqual([
      ['l1', 0, 0],
      ['l2', 1, 35000],
      ['l3', 1, 333],
    ]);
    expect(planRefund(order, refunded, { l1: 1 })).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-nothing-left', message: 'Karnet — Anna Nowak — ta pozycja została już zwrócona' },
    });
    expect(planRefund(order, refunded, { l3: 1 }, 334)).toMatchObject({
      ok: false,
      refusal: { reason: 'refund-amount-too-high' },
    });
    expect(plan(undefined, undefined, refunded)).toMatchObject({ refundable: 35333 });
  });
});

describe('computeCorrection', () => {
  it('full refund: the differences are exactly minus the invoice per rate', () => {
    const c = computeCorrection({ order, rateGross, plan: plan(undefined) });
    for (const r of invoiceTotals.perRate)
      expect(c.perRate[`r${r.vatRate}`]).toMatchObject({
        vatRate: r.vatRate,
        net: -r.net,
        vat: -r.vat,
        gross: -r.gross,
        grossAfter: 0,
      });
    expect(c.totals).toEqual({ net: -invoiceTotals.net, vat: -invoiceTotals.vat, gross: -invoiceTotals.gross });
    expect(c.refundAmount).toBe(70999);
    expect(c.amountInWords).toBe('siedemset dziewięć złotych 99/100');
    expect(c.lines.l3).toMatchObject({ quantityBefore: 3, quantityAfter: 0, quantity: -3, gross: -999 });
  });
  it('partial refunds: VAT differences come from the rate gross before and after, so they add up to the invoice to the grosz', () => {
    // 3 × 3,33 zł at 23 %: VAT of 9,99 is 1,87; one unit alone would be 0,62 — the corrections give 0,62, 0,63, 0,62.
    let refunded = {};
    let earlier = {};
    const vats: number[] = [];
    for (let i = 0; i < 3; i++) {
      const p = plan({ l3: 1 }, undefined, refunded);
      const c = computeCorrection({ order, rateGross, earlier, refunded, plan: p });
      vats.push(c.perRate.r23.vat);
      expect(c.perRate.r23.gross).toBe(-333);
      ({ refunded, rateGross: earlier } = afterCorrection(refunded, earlier, p, c));
    }
    expect(vats.reduce((a, b) => a + b, 0)).toBe(-vatFromGross(999, 23));
    expect(vats).toEqual([-62, -63, -62]);
    expect(earlier).toEqual({ r23: -999 });
  });
  it('a fee stays at the refunded line rate and the gross difference is minus the amount returned', () => {
    const c = computeCorrection({ order, rateGross, plan: plan({ l2: 1 }, 30000) });
    expect(c.lines['fee-r8']).toMatchObject({
      quantity: 1,
      unitGross: 5000,
      gross: 5000,
      vatRate: 8,
      vat: vatFromGross(5000, 8),
    });
    expect(c.lines.l2).toMatchObject({ quantity: -1, gross: -35000 });
    // rate 8 %: 70 000 → 40 000 gross; VAT 5185 → 2963
    expect(c.perRate.r8).toEqual({
      vatRate: 8,
      gross: -30000,
      vat: 2963 - 5185,
      net: -30000 - (2963 - 5185),
      grossBefore: 70000,
      grossAfter: 40000,
    });
    expect(c.totals.gross).toBe(-30000);
    expect(c.refundAmount).toBe(30000);
    expect(c.amountInWords).toBe('trzysta złotych 00/100');
  });
  it('a fee larger than one rate spreads over the rates, largest refunded gross first', () => {
    const c = computeCorrection({ order, rateGross, plan: plan({ l1: 1, l3: 3 }, 100) });
    expect(c.lines['fee-r8'].gross).toBe(35000);
    expect(c.lines['fee-r23'].gross).toBe(899);
    expect(c.perRate.r8.gross).toBe(0);
    expect(c.perRate.r23.gross).toBe(-100);
    expect(c.totals.gross).toBe(-100);
  });
});
