import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { toProducts } from './api';
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
  mug: { name: 'Kubek', description: '', priceGrosze: 3900, vatRate: 23, active: true, sortOrder: 20, variants: { std: { label: '330 ml', stock: 2, sold: 2, sortOrder: 1 } } },
  hidden: { name: 'Stary gadżet', description: '', priceGrosze: 100, vatRate: 23, active: false, sortOrder: 1, variants: { a: { label: 'A', stock: 1, sold: 0, sortOrder: 1 } } },
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
});
