import { describe, expect, it } from 'vitest';
import { bookingConfirmation, bookingSummaryLine } from './bookingWording';

describe('booking wording', () => {
  it('speaks of incoming payments being booked, with verb and noun agreeing with the count', () => {
    expect(bookingConfirmation(1, 14_900)).toBe('Zostanie zaksięgowany 1 wpływ na łączną kwotę 149,00\u00a0zł.');
    expect(bookingConfirmation(2, 29_800)).toBe('Zostaną zaksięgowane 2 wpływy na łączną kwotę 298,00\u00a0zł.');
    expect(bookingConfirmation(5, 74_500)).toBe('Zostanie zaksięgowanych 5 wpływów na łączną kwotę 745,00\u00a0zł.');
    expect(bookingConfirmation(22, 100)).toBe('Zostaną zaksięgowane 22 wpływy na łączną kwotę 1,00\u00a0zł.');
    expect(bookingSummaryLine(2, 29_800)).toBe('Do zaksięgowania: 2 wpływy na łączną kwotę 298,00\u00a0zł.');
    expect(bookingSummaryLine(0, 0)).toBe('Nie ma wpływów do zaksięgowania.');
    for (const n of [1, 2, 5, 12, 22])
      expect(bookingConfirmation(n, 100) + bookingSummaryLine(n, 100)).not.toMatch(/wysł/);
  });
});
