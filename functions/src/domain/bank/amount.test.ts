import { describe, expect, it } from 'vitest';
import { parseAmountToGrosze } from './amount.js';

describe('parseAmountToGrosze', () => {
  it.each([
    ['149,00', 14900],
    ['0,29', 29],
    ['0.29', 29],
    ['1 234,56', 123456],
    ['1\u00a0234,56 PLN', 123456],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234.567,89', 123456789],
    ['1.234', 123400],
    ['-12,50', -1250],
    ['+149.00', 14900],
    ['149,00-', -14900],
    ['(12,00)', -1200],
    ['12,5', 1250],
    ['12', 1200],
    ['149.00000', 14900],
    ['99999999999,99', 9999999999999],
    ['PLN 10,01', 1001],
    ['10,01 zł', 1001],
  ])('%s → %i grosze', (text, grosze) => {
    expect(parseAmountToGrosze(text)).toBe(grosze);
  });

  it('never goes through floating point: every amount from 0,00 to 99,99 reads back exactly', () => {
    const wrong: string[] = [];
    for (let g = 0; g < 10_000; g++) {
      const text = `${Math.floor(g / 100)},${String(g % 100).padStart(2, '0')}`;
      if (parseAmountToGrosze(text) !== g) wrong.push(text);
      if (parseAmountToGrosze(text.replace(',', '.'), { decimal: '.' }) !== g) wrong.push(text.replace(',', '.'));
    }
    expect(wrong).toEqual([]);
  });

  it.each(['', 'abc', '12,345', '1,2,3', '12.3.4,5', '1 23,4x', '0,001', '149,005', '1.23.45'])(
    'refuses %j',
    (text) => {
      expect(parseAmountToGrosze(text)).toBeNull();
    },
  );

  it('reads a dot as thousands when told the decimal is a comma, and the reverse', () => {
    expect(parseAmountToGrosze('1.234', { decimal: ',' })).toBe(123400);
    expect(parseAmountToGrosze('1,234', { decimal: '.' })).toBe(123400);
    expect(parseAmountToGrosze('1,234', { decimal: ',' })).toBeNull();
  });
});
