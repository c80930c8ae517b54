import { describe, expect, it } from 'vitest';
import { findOrderNumbers } from './orderNumbers.js';

const numbers = (title: string) => findOrderNumbers(title).map((r) => r.number);

describe('findOrderNumbers', () => {
  it.each([
    ['ZAM/2026/000123', ['ZAM/2026/000123']],
    ['zam 2026 123', ['ZAM/2026/000123']],
    ['ZAM2026000123', ['ZAM/2026/000123']],
    ['Zapłata za ZAM/2026/000123 Jan Kowalski bilety x2', ['ZAM/2026/000123']],
    ['zam. 2026-000123', ['ZAM/2026/000123']],
    ['ZAM / 2026 / 000123', ['ZAM/2026/000123']],
    ['Zamówienie nr 2026/123', ['ZAM/2026/000123']],
    ['zamowienie nr. 2026/000123', ['ZAM/2026/000123']],
    ['ZAM-2026-000123 cz.1', ['ZAM/2026/000123']],
    ['ZAM_2026_123', ['ZAM/2026/000123']],
    ['ZAM/2026/000123, ZAM/2026/000124', ['ZAM/2026/000123', 'ZAM/2026/000124']],
    ['ZAM/2026/000123, 000124 i 000125', ['ZAM/2026/000123', 'ZAM/2026/000124', 'ZAM/2026/000125']],
    ['ZAM2026000103 ZAM2026000104 koszulka', ['ZAM/2026/000103', 'ZAM/2026/000104']],
    ['ZAM/2026/000123 ZAM/2026/000123', ['ZAM/2026/000123']],
    ['ZAM/2026/00 0123', ['ZAM/2026/000123']],
  ])('%j → %j', (title, expected) => {
    expect(numbers(title)).toEqual(expected);
  });

  it.each([
    'Darowizna na zlot',
    'Faktura FV/2026/000123',
    'ZAM/26/123',
    'ZAM 2026',
    'ZAM/2026/0',
    'Opłata 2026/000123',
    'ZAM/2026/1234567890',
  ])('finds nothing in %j', (title) => {
    expect(numbers(title)).toEqual([]);
  });

  it('does not take an amount after the number as another order', () => {
    expect(numbers('ZAM/2026/000123, 149 zł')).toEqual(['ZAM/2026/000123']);
  });
});
