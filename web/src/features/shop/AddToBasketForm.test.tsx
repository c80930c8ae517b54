import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { toProducts } from '../catalogue/products';
import { AddToBasketForm } from './AddToBasketForm';

// The catalogue as stored in /products, turned into entries by the same transform the live endpoint uses.
const [tshirt, mug] = toProducts({
  tshirt: {
    name: 'Koszulka „Bałtyk”',
    description: '',
    priceGrosze: 6900,
    vatRate: 23,
    active: true,
    sortOrder: 10,
    variants: {
      M: { label: 'M', stock: 10, sold: 7, sortOrder: 20 },
      S: { label: 'S', stock: 5, sold: 0, sortOrder: 10 },
      XXL: { label: 'XXL', stock: 4, sold: 4, sortOrder: 50 },
    },
  },
  mug: {
    name: 'Kubek',
    description: '',
    priceGrosze: 3900,
    vatRate: 23,
    active: true,
    sortOrder: 20,
    variants: { std: { label: '330 ml', stock: 2, sold: 2, sortOrder: 1 } },
  },
  hidden: {
    name: 'Stary gadżet',
    description: '',
    priceGrosze: 100,
    vatRate: 23,
    active: false,
    sortOrder: 1,
    variants: { a: { label: 'A', stock: 1, sold: 0, sortOrder: 1 } },
  },
});
const MEMBERS = [{ id: 'm1', name: 'Zosia Nowak' }];
const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('catalogue entries', () => {
  it('hides inactive products, sorts variants, and derives availability as stock − sold', () => {
    expect([tshirt.name, mug.name]).toEqual(['Koszulka „Bałtyk”', 'Kubek']);
    expect(tshirt.variants.map((v) => [v.label, v.available])).toEqual([
      ['S', 5],
      ['M', 3],
      ['XXL', 0],
    ]);
    expect(tshirt.available).toBe(8);
    expect(mug.available).toBe(0);
  });
});

describe('AddToBasketForm', () => {
  it('disables sold-out variants and asks for a size first', async () => {
    const onAdd = vi.fn(async () => undefined);
    renderWithTheme(<AddToBasketForm product={tshirt} members={MEMBERS} onAdd={onAdd} />);
    expect(radio(/^XXL — wyprzedane/).disabled).toBe(true);
    expect(radio(/^M — dostępne 3 szt\./).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(await screen.findByText('Wybierz rozmiar lub wariant')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it('refuses more than is available, then adds a valid line', async () => {
    const onAdd = vi.fn(async () => undefined);
    renderWithTheme(<AddToBasketForm product={tshirt} members={MEMBERS} onAdd={onAdd} />);
    fireEvent.click(radio(/^M — dostępne/));
    expect(screen.getByTestId('variant-availability').textContent).toBe('Ostatnie sztuki: 3');
    const quantity = screen.getByLabelText(/Liczba sztuk/);
    fireEvent.change(quantity, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    expect(await screen.findByText('Dostępne tylko 3 szt.')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    fireEvent.change(quantity, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
    await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ productId: 'tshirt', variantId: 'M', quantity: 2 }));
  });

  it('offers nothing to add when every variant is sold out', () => {
    renderWithTheme(<AddToBasketForm product={mug} members={MEMBERS} onAdd={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Wyprzedane' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(radio(/^330 ml — wyprzedane/).disabled).toBe(true);
  });

  describe('limits said at the quantity field, never a silent correction', () => {
    const [hoodie] = toProducts({
      bluza: {
        name: 'Bluza z kapturem „Sztorm”',
        description: '',
        priceGrosze: 18900,
        vatRate: 23,
        active: true,
        sortOrder: 1,
        variants: { m: { label: 'M', stock: 100, sold: 0, sortOrder: 1 } },
      },
    });
    const quantityField = () => screen.getByLabelText(/Liczba sztuk/) as HTMLInputElement;
    const described = () =>
      (quantityField().getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');

    it('21 stays 21 and the field says the limit and why; nothing is added', async () => {
      const onAdd = vi.fn(async () => undefined);
      renderWithTheme(<AddToBasketForm product={hoodie} members={MEMBERS} onAdd={onAdd} />);
      fireEvent.change(quantityField(), { target: { value: '21' } });
      fireEvent.blur(quantityField());
      await waitFor(() => expect(quantityField().getAttribute('aria-invalid')).toBe('true'));
      expect(quantityField().value).toBe('21');
      expect(described()).toContain(
        'Na jedno konto można kupić najwyżej 20 sztuk tego wariantu — możesz dodać jeszcze 20',
      );
      fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
      await waitFor(() => expect(quantityField().getAttribute('aria-invalid')).toBe('true'));
      // After a submit the schema has its own bare message for 21; the field still says why.
      expect(described()).toContain('Na jedno konto można kupić najwyżej 20 sztuk tego wariantu');
      expect(described()).not.toContain('Najwyżej 20 sztuk');
      expect(onAdd).not.toHaveBeenCalled();
    });

    it('the per-account cap counts the orders and the basket, and is stated before anyone runs into it', async () => {
      const onAdd = vi.fn(async () => undefined);
      const orders = [
        { status: 'paid', lines: { a: { type: 'merch', productId: 'bluza', variantId: 'm', quantity: 3 } } },
      ];
      const basket = [{ productId: 'bluza', variantId: 'm', quantity: 1 }];
      renderWithTheme(
        <AddToBasketForm
          product={{ ...hoodie, maxPerAccount: 6 }}
          members={MEMBERS}
          onAdd={onAdd}
          orders={orders}
          basket={basket}
        />,
      );
      expect(described()).toContain(
        'Na jedno konto najwyżej 6 szt. tego wariantu (masz już 3 w zamówieniach, 1 w koszyku)',
      );
      fireEvent.change(quantityField(), { target: { value: '3' } });
      await waitFor(() => expect(quantityField().getAttribute('aria-invalid')).toBe('true'));
      expect(described()).toContain(
        'Na jedno konto można kupić najwyżej 6 sztuk tego wariantu — możesz dodać jeszcze 2 (masz już 3 w zamówieniach, 1 w koszyku)',
      );
      expect(quantityField().value).toBe('3');
      fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
      fireEvent.change(quantityField(), { target: { value: '2' } });
      await waitFor(() => expect(quantityField().getAttribute('aria-invalid')).not.toBe('true'));
      fireEvent.click(screen.getByRole('button', { name: 'Dodaj do koszyka' }));
      await waitFor(() => expect(onAdd).toHaveBeenCalledWith({ productId: 'bluza', variantId: 'm', quantity: 2 }));
    });

    it('adding to a line already in the basket says how much that line can still take', async () => {
      renderWithTheme(
        <AddToBasketForm
          product={{ ...hoodie, maxPerAccount: 50 }}
          members={MEMBERS}
          onAdd={vi.fn()}
          basket={[{ productId: 'bluza', variantId: 'm', quantity: 18 }]}
        />,
      );
      fireEvent.change(quantityField(), { target: { value: '5' } });
      await waitFor(() =>
        expect(described()).toContain(
          'Jedna pozycja koszyka może mieć najwyżej 20 szt., a ta ma już 18 — możesz dodać jeszcze 2',
        ),
      );
    });
  });
});
