import { describe, expect, it } from 'vitest';
import { availabilityProblem } from './useTicketCheckout';

const nbsp = (text: string | null) => text?.replace(/\u00a0/g, ' ');
const type = (available: number, name = 'Bilet dziecięcy (4–12 lat)') => ({ name, onSale: true, available });

describe('availabilityProblem', () => {
  it('says nothing while enough tickets are left', () => {
    expect(availabilityProblem(type(3), 3)).toBeNull();
  });
  it.each([
    [1, 3, 'został tylko 1 bilet, a w koszyku masz 3 bilety.'],
    [2, 3, 'zostały tylko 2 bilety, a w koszyku masz 3 bilety.'],
    [4, 5, 'zostały tylko 4 bilety, a w koszyku masz 5 biletów.'],
    [12, 13, 'zostało tylko 12 biletów, a w koszyku masz 13 biletów.'],
    [22, 25, 'zostały tylko 22 bilety, a w koszyku masz 25 biletów.'],
  ])(
    'joins the count, the verb and the noun in the right Polish forms: %i left, %i in the basket',
    (left, inBasket, says) => {
      expect(nbsp(availabilityProblem(type(left), inBasket))).toBe(`„Bilet dziecięcy (4–12 lat)”: ${says}`);
    },
  );
  it('does not repeat the word "bilet" and nests quotes inside the name', () => {
    expect(availabilityProblem(type(0), 1)).toBe('„Bilet dziecięcy (4–12 lat)”: wyprzedane.');
    expect(availabilityProblem({ name: 'Rejs „Bryza”', onSale: false, available: 5 }, 1)).toBe(
      '„Rejs ‚Bryza’” nie jest teraz w sprzedaży.',
    );
  });
});
