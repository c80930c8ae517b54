import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import type { AdminProduct, AdminTicketType } from './api';
import { blank, EventForm } from './EventTab';
import { ProductForm } from './ProductsTab';
import { TicketTypeForm } from './TicketTypesTab';

// happy-dom has no FontFaceSet; Mantine's autosizing Textarea listens on `document.fonts` for web fonts loading.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

/** The field's message, read through the field's own aria-describedby (what a screen reader announces). */
function describedError(input: HTMLElement): string {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const shirt: AdminProduct = {
  id: 'koszulka',
  name: 'Koszulka',
  description: '',
  priceGrosze: 7900,
  vatRate: 23,
  active: true,
  sortOrder: 10,
  variants: [{ id: 'm', label: 'M', stock: 5, sold: 3, sortOrder: 0 }],
};

describe('catalogue editors', () => {
  it('a new product: the shared schema’s messages and the editor’s own checks sit on their fields', async () => {
    renderWithTheme(<ProductForm editing={null} onDone={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Produkt' });
    fireEvent.change(within(form).getByLabelText(/Cena brutto/), { target: { value: 'dużo' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Dodaj produkt' }));
    await waitFor(() =>
      expect(describedError(within(form).getByLabelText(/Nazwa produktu/))).toContain('Podaj nazwę produktu'),
    );
    expect(describedError(within(form).getByLabelText(/Cena brutto/))).toContain('Podaj cenę, np. 79,00');
    expect(describedError(within(form).getByLabelText('Wariant 1: nazwa'))).toContain('Podaj wariant (np. rozmiar)');
    // Messages follow the typing after the first attempt.
    fireEvent.change(within(form).getByLabelText(/Nazwa produktu/), { target: { value: 'Kubek' } });
    await waitFor(() =>
      expect(
        within(form)
          .getByLabelText(/Nazwa produktu/)
          .getAttribute('aria-invalid'),
      ).not.toBe('true'),
    );
  });

  it('an edited product refuses less stock than was sold, on that variant’s field', async () => {
    renderWithTheme(<ProductForm editing={shirt} onDone={() => undefined} />);
    const stock = screen.getByLabelText('Wariant 1: stan');
    fireEvent.change(stock, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() =>
      expect(describedError(screen.getByLabelText('Wariant 1: stan'))).toContain('Sprzedano już 3 szt.'),
    );
  });

  it('a ticket type refuses a quota under the sold count and a sale that ends before it starts', async () => {
    const pass: AdminTicketType = {
      id: 'karnet',
      name: 'Karnet',
      description: '',
      priceGrosze: 14900,
      vatRate: 8,
      quota: 100,
      sold: 40,
      active: true,
      sortOrder: 10,
    };
    renderWithTheme(<TicketTypeForm editing={pass} onDone={() => undefined} />);
    fireEvent.change(screen.getByLabelText(/Pula biletów/), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText(/Początek sprzedaży/), { target: { value: '2026-07-02T10:00' } });
    fireEvent.change(screen.getByLabelText(/Koniec sprzedaży/), { target: { value: '2026-07-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz zmiany' }));
    await waitFor(() =>
      expect(describedError(screen.getByLabelText(/Pula biletów/))).toContain(
        'Pula nie może być mniejsza niż liczba sprzedanych biletów (40)',
      ),
    );
    expect(describedError(screen.getByLabelText(/Koniec sprzedaży/))).toContain(
      'Koniec sprzedaży przed jej początkiem',
    );
  });

  it('the event settings show the schema’s messages on the event and seller fields', async () => {
    renderWithTheme(<EventForm initial={blank} />);
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz ustawienia' }));
    await waitFor(() =>
      expect(describedError(screen.getByLabelText(/Nazwa wydarzenia/))).toContain('Podaj nazwę wydarzenia'),
    );
    expect(describedError(screen.getByLabelText(/^Miejsce/))).toContain('Podaj miejsce');
    expect(describedError(screen.getByLabelText(/Nazwa sprzedawcy/))).not.toBe('');
  });

  it('the payment term: 0 keeps its value and gets the minimum on the field; an emptied term is no error (the default applies)', async () => {
    renderWithTheme(<EventForm initial={{ ...blank, paymentDays: 3 }} />);
    const term = screen.getByLabelText(/Termin płatności/);
    fireEvent.change(term, { target: { value: '0' } });
    fireEvent.blur(term);
    await waitFor(() =>
      expect(describedError(screen.getByLabelText(/Termin płatności/))).toContain(
        'Termin płatności: co najmniej 1 dzień (puste pole = 7 dni)',
      ),
    );
    expect((screen.getByLabelText(/Termin płatności/) as HTMLInputElement).value).toBe('0');
    fireEvent.change(term, { target: { value: '' } });
    fireEvent.blur(term);
    await waitFor(() =>
      expect(screen.getByLabelText(/Termin płatności/).getAttribute('aria-invalid')).not.toBe('true'),
    );
  });
});
