import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { DiscountPreview } from '@domain/discounts';
import { MemoryRouter } from 'react-router-dom';
import { renderWithTheme } from '../../test/render';
import { ReviewStepEnd } from './ReviewStepEnd';
import { DiscountCodeField } from './DiscountCodeField';
import { DiscountedPrice } from './DiscountedPrice';
import { discountBlocking, priceWithDiscount, type DiscountableLine } from './discount';

const KARNET: DiscountableLine = { type: 'ticket', ticketTypeId: 'karnet', unitGross: 18900, quantity: 1 };
const DZIECKO: DiscountableLine = { type: 'ticket', ticketTypeId: 'dziecko', unitGross: 9450, quantity: 1 };
const KUBEK: DiscountableLine = { type: 'merch', productId: 'kubek', unitGross: 3900, quantity: 3 };
const preview = (p: Partial<DiscountPreview>): DiscountPreview => ({
  code: 'CZLONEK',
  kind: 'percent',
  value: 20,
  usesLeft: null,
  ...p,
});

describe('the basket priced with a code', () => {
  it('lowers the lines the code covers, per unit, and sums the new total', () => {
    const priced = priceWithDiscount(preview({ ticketTypeIds: { karnet: true } }), [KARNET, DZIECKO, KUBEK]);
    expect(priced).toEqual({
      unitGross: [15120, 9450, 3900],
      totalGross: 15120 + 9450 + 11700,
      listTotalGross: 18900 + 9450 + 11700,
      units: 1,
      problem: null,
    });
    expect(priceWithDiscount(null, [KARNET]).unitGross).toEqual([18900]);
    expect(priceWithDiscount(preview({ kind: 'price', value: 0 }), [KARNET, KUBEK]).totalGross).toBe(0);
  });

  it('says in Polish when the code covers nothing here or has too few uses left for the basket', () => {
    expect(priceWithDiscount(preview({ productIds: { koszulka: true } }), [KARNET]).problem).toBe(
      'Kod CZLONEK nie obejmuje niczego, co masz w koszyku.',
    );
    expect(priceWithDiscount(preview({ usesLeft: 2 }), [KUBEK]).problem).toBe(
      'Kod CZLONEK można użyć jeszcze tylko 2 razy, a obejmuje 3 pozycji w koszyku — usuń część z nich albo zamów bez kodu.',
    );
    expect(priceWithDiscount(preview({ usesLeft: 3 }), [KUBEK]).problem).toBeNull();
  });

  it('blocks the next step while the code is checked or refused, with the reason', () => {
    expect(discountBlocking({ status: 'none' }, null)).toBeNull();
    expect(discountBlocking({ status: 'checking', code: 'X-1' }, null)).toBe('Sprawdzamy kod rabatowy…');
    expect(
      discountBlocking({ status: 'invalid', code: 'X-1', message: 'Kod X-1 wygasł 1 lipca 2026 12:00.' }, null),
    ).toBe('Kod X-1 wygasł 1 lipca 2026 12:00. Popraw kod albo zamów bez niego.');
    expect(
      discountBlocking(
        { status: 'valid', preview: preview({}) },
        'Kod CZLONEK nie obejmuje niczego, co masz w koszyku.',
      ),
    ).toBe('Kod CZLONEK nie obejmuje niczego, co masz w koszyku.');
  });
});

describe('DiscountCodeField', () => {
  it('normalises a typed code, refuses a malformed one at the field and keeps what was typed', () => {
    const onApply = vi.fn();
    renderWithTheme(<DiscountCodeField check={{ status: 'none' }} problem={null} onApply={onApply} />);
    const input = screen.getByRole('textbox', { name: 'Kod rabatowy' });
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zastosuj' }));
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByText('Kod rabatowy to 3–32 znaki: litery A–Z, cyfry i „-”')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('ab');
    fireEvent.change(input, { target: { value: ' czlonek-2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zastosuj' }));
    expect(onApply).toHaveBeenCalledWith('CZLONEK-2026');
  });

  it("shows the server's refusal at the field with the code still in it, and lets the buyer go on without it", () => {
    const onApply = vi.fn();
    renderWithTheme(
      <DiscountCodeField
        check={{
          status: 'invalid',
          code: 'NIEMA',
          message: 'Nie ma takiego kodu rabatowego: NIEMA. Sprawdź, czy nie ma literówki.',
        }}
        problem={null}
        onApply={onApply}
      />,
    );
    expect(screen.getByText('Nie ma takiego kodu rabatowego: NIEMA. Sprawdź, czy nie ma literówki.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Kod rabatowy' }) as HTMLInputElement).value).toBe('NIEMA');
    fireEvent.click(screen.getByRole('button', { name: 'Zamów bez kodu' }));
    expect(onApply).toHaveBeenCalledWith(null);
  });

  it('an applied code says what it gives, with its problem for this basket, and can be removed', () => {
    const onApply = vi.fn();
    renderWithTheme(
      <DiscountCodeField
        check={{ status: 'valid', preview: preview({ kind: 'percent', value: 100, code: 'EKIPA-ABCDEFGH' }) }}
        problem="Kod EKIPA-ABCDEFGH nie obejmuje niczego, co masz w koszyku."
        onApply={onApply}
      />,
    );
    expect(screen.getByTestId('discount-applied').textContent).toContain('EKIPA-ABCDEFGH · bezpłatnie');
    expect(screen.getByRole('alert').textContent).toBe('Kod EKIPA-ABCDEFGH nie obejmuje niczego, co masz w koszyku.');
    fireEvent.click(screen.getByRole('button', { name: 'Usuń kod rabatowy EKIPA-ABCDEFGH' }));
    expect(onApply).toHaveBeenCalledWith(null);
  });
});

describe('DiscountedPrice', () => {
  it('shows the catalogue price struck through next to the price to pay, or just the price when the code changed nothing', () => {
    const lowered = renderWithTheme(<DiscountedPrice list={18900} paid={15120} />);
    expect(screen.getByLabelText(/cena przed rabatem 189,00\s*zł/)).toBeTruthy();
    expect(screen.getByTestId('discounted-price').textContent).toMatch(/151,20\s*zł/);
    lowered.unmount();
    const same = renderWithTheme(<DiscountedPrice list={18900} paid={18900} />);
    expect(screen.queryByTestId('discounted-price')).toBeNull();
    expect(same.container.textContent).toMatch(/189,00\s*zł/);
  });
});

describe('ReviewStepEnd', () => {
  it('ends a review step with the code field wired to the basket discount, the way back and the way on', () => {
    const setCode = vi.fn();
    renderWithTheme(
      <MemoryRouter>
        <ReviewStepEnd
          discount={{
            discount: { code: null, check: { status: 'none' }, setCode },
            priced: priceWithDiscount(null, [KARNET]),
          }}
          back={{ to: '/koszyk', label: 'Wstecz: koszyk' }}
          next={<button type="button">Dalej: dane nabywcy</button>}
        />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Kod rabatowy' }), { target: { value: 'czlonek' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zastosuj' }));
    expect(setCode).toHaveBeenCalledWith('CZLONEK');
    expect(screen.getByRole('link', { name: 'Wstecz: koszyk' }).getAttribute('href')).toBe('/koszyk');
    expect(screen.getByRole('button', { name: 'Dalej: dane nabywcy' })).toBeTruthy();
  });
});
