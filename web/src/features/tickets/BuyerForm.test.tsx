import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm } from '../registration/testing';
import { emptyInvoice } from '../settings';
import { BuyerForm } from './BuyerForm';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Zamawiam i płacę przelewem' }) as HTMLButtonElement;

describe('BuyerForm', () => {
  it('validates a company with its NIP and the sales terms', async () => {
    const onSubmit = vi.fn(async () => null);
    await renderForm(<BuyerForm initial={{ ...emptyInvoice, name: 'Marta Nowak' }} totalGross={22800} onSubmit={onSubmit} onBack={vi.fn()} />);
    expect(screen.getByTestId('checkout-total').textContent).toBe('Do zapłaty: 228,00\u00a0zł');
    fireEvent.click(screen.getByText('Firmę (z NIP)'));
    type(/Nazwa firmy/, 'Żagle sp. z o.o.');
    type(/^NIP/, '123-456-78-90');
    type(/Ulica i numer/, 'ul. Portowa 5');
    type(/Kod pocztowy/, '76270');
    type(/Miejscowość/, 'Ustka');
    fireEvent.click(submitButton());
    expect(await screen.findByText('Nieprawidłowy NIP')).toBeTruthy();
    expect(screen.getByText('Nieprawidłowy kod pocztowy (00-000)')).toBeTruthy();
    expect(screen.getByText('Zaakceptuj regulamin sprzedaży')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(/^NIP/, '839-201-74-64');
    type(/Kod pocztowy/, '76-270');
    fireEvent.click(screen.getByLabelText(/Akceptuję regulamin sprzedaży/));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toMatchObject([{ buyer: { kind: 'company', nip: '839-201-74-64' }, acceptTerms: true, saveInvoiceData: true }]);
  });

  it('sends once while the order is being placed and shows the refusal in place', async () => {
    let finish: (v: { message: string } | null) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<{ message: string } | null>((r) => (finish = r)));
    await renderForm(<BuyerForm initial={{ ...emptyInvoice, name: 'Marta Nowak', street: 'ul. Morska 1', postalCode: '76-270', city: 'Ustka' }} totalGross={7900} onSubmit={onSubmit} onBack={vi.fn()} />);
    fireEvent.click(screen.getByLabelText(/Akceptuję regulamin sprzedaży/));
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledOnce();
    await act(async () => finish({ message: 'Bilety „Karnet 3-dniowy” są wyprzedane' }));
    expect(screen.getByTestId('order-error').textContent).toBe('Bilety „Karnet 3-dniowy” są wyprzedane');
    expect(submitButton().disabled).toBe(false);
  });

  it('is disabled while the basket has problems', async () => {
    await renderForm(<BuyerForm initial={emptyInvoice} totalGross={0} onSubmit={vi.fn()} onBack={vi.fn()} disabledReason="Bilety „Karnet” są wyprzedane." />);
    expect(submitButton().disabled).toBe(true);
  });
});
