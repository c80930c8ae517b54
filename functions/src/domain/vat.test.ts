import { describe, expect, it } from 'vitest';
import { computeLine, computeTotals, vatFromGross, vatFromNet } from './vat.js';

describe('VAT from gross (art. 106e ust. 7–8)', () => {
  it('extracts VAT from a gross amount with half-up rounding', () => {
    expect(vatFromGross(12300, 23)).toBe(2300);
    expect(vatFromGross(100, 23)).toBe(19); // 18.699…
    expect(vatFromGross(10800, 8)).toBe(800);
    expect(vatFromGross(1000, 8)).toBe(74); // 74.07
    expect(vatFromGross(4999, 8)).toBe(370); // 370.30
    expect(vatFromGross(1, 23)).toBe(0); // 0.187
    expect(vatFromGross(3, 23)).toBe(1); // 0.561
    expect(vatFromGross(5000, 0)).toBe(0);
  });
  it('rounds exactly half a grosz up when computing from net', () => {
    expect(vatFromNet(50, 23)).toBe(12); // 11.5
    expect(vatFromNet(49, 23)).toBe(11); // 11.27
    expect(vatFromNet(10000, 8)).toBe(800);
  });
  it('computes a line: gross is exact, net = gross − VAT', () => {
    expect(computeLine({ unitGross: 8900, quantity: 3, vatRate: 23 })).toEqual({
      unitGross: 8900,
      unitNet: 7236,
      quantity: 3,
      vatRate: 23,
      gross: 26700,
      vat: 4993,
      net: 21707,
    });
  });
  it('per-rate VAT comes from the summed gross, not from the sum of line VATs', () => {
    const lines = [1, 2, 3].map(() => ({ unitGross: 100, quantity: 1, vatRate: 23 as const }));
    const lineVatSum = lines.map(computeLine).reduce((s, l) => s + l.vat, 0);
    expect(lineVatSum).toBe(57);
    const totals = computeTotals(lines);
    expect(totals.perRate).toEqual([{ vatRate: 23, gross: 300, vat: 56, net: 244 }]);
    expect(totals.gross).toBe(300);
  });
  it('groups by rate, highest first, and totals add up', () => {
    const totals = computeTotals([
      { unitGross: 14900, quantity: 2, vatRate: 8 },
      { unitGross: 8900, quantity: 1, vatRate: 23 },
      { unitGross: 3500, quantity: 3, vatRate: 23 },
    ]);
    expect(totals.perRate.map((r) => r.vatRate)).toEqual([23, 8]);
    expect(totals.perRate[0]).toEqual({ vatRate: 23, gross: 19400, vat: 3628, net: 15772 });
    expect(totals.perRate[1]).toEqual({ vatRate: 8, gross: 29800, vat: 2207, net: 27593 });
    expect(totals.gross).toBe(49200);
    expect(totals.net + totals.vat).toBe(totals.gross);
  });
  it('refuses bad quantities', () => {
    expect(() => computeLine({ unitGross: 100, quantity: 0, vatRate: 23 })).toThrow(RangeError);
    expect(() => computeLine({ unitGross: 100, quantity: 1.5, vatRate: 23 })).toThrow(RangeError);
  });
});
