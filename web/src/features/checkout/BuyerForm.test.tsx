import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm } from '../../test/renderForm';
import { emptyInvoice } from '../settings';
import { BuyerForm, buyerStepComplete, type BuyerValues } from './BuyerForm';
import type { CheckoutRefusal } from './refusal';

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submitButton = () => screen.getByRole('button', { name: 'Zamawiam i płacę przelewem' }) as HTMLButtonElement;
const initial = (buyer: Partial<BuyerValues['buyer']>): BuyerValues => ({
  buyer: { ...emptyInvoice, ...buyer },
  acceptTerms: false,
  saveInvoiceData: true,
});
const props = {
  submitLabel: 'Zamawiam i płacę przelewem',
  back: <button type="button">Wstecz</button>,
  basketPath: '/koszyk',
};

describe('BuyerForm', () => {
  it('validates a company with its NIP and the sales terms', async () => {
    const onSubmit = vi.fn(async (_values: BuyerValues): Promise<CheckoutRefusal | null> => null);
    await renderForm(
      <BuyerForm {...props} initial={initial({ name: 'Marta Nowak' })} totalGross={22800} onSubmit={onSubmit} />,
    );
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
    expect(screen.getByText('Popraw zaznaczone pola, aby przejść dalej.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    type(/^NIP/, '839-201-74-64');
    type(/Kod pocztowy/, '76-270');
    fireEvent.click(screen.getByLabelText(/Akceptuję regulamin sprzedaży/));
    fireEvent.click(submitButton());
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit.mock.calls[0]).toMatchObject([
      { buyer: { kind: 'company', nip: '839-201-74-64' }, acceptTerms: true, saveInvoiceData: true },
    ]);
  });

  it('sends once while the order is being placed and shows the refusal in place', async () => {
    let finish: (v: CheckoutRefusal | null) => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<CheckoutRefusal | null>((r) => (finish = r)));
    await renderForm(
      <BuyerForm
        {...props}
        initial={initial({ name: 'Marta Nowak', street: 'ul. Morska 1', postalCode: '76-270', city: 'Ustka' })}
        totalGross={7900}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(screen.getByLabelText(/Akceptuję regulamin sprzedaży/));
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    expect(onSubmit).toHaveBeenCalledOnce();
    await act(async () => finish({ message: 'Bilety „Karnet 3-dniowy” są wyprzedane', fixBasket: true }));
    expect(screen.getByTestId('order-refusal-message').textContent).toBe('Bilety „Karnet 3-dniowy” są wyprzedane');
    expect(screen.getByRole('link', { name: 'Popraw koszyk' }).getAttribute('href')).toBe('/koszyk');
    expect(submitButton().disabled).toBe(false);
  });

  it('puts a refusal about a buyer field next to that field', async () => {
    const onSubmit = vi.fn(async (): Promise<CheckoutRefusal | null> => ({
      message: 'Ten NIP nie istnieje w rejestrze',
      field: 'buyer.nip',
      fixBasket: false,
    }));
    await renderForm(
      <BuyerForm
        {...props}
        initial={{
          ...initial({
            kind: 'company',
            name: 'Żagle',
            nip: '839-201-74-64',
            street: 'ul. Morska 1',
            postalCode: '76-270',
            city: 'Ustka',
          }),
          acceptTerms: true,
        }}
        onSubmit={onSubmit}
      />,
    );
    fireEvent.click(submitButton());
    expect(await screen.findByText('Ten NIP nie istnieje w rejestrze')).toBeTruthy();
    expect((screen.getByLabelText(/^NIP/) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('order-refusal')).toBeNull();
  });

  it('is disabled while the basket has problems', async () => {
    await renderForm(
      <BuyerForm
        {...props}
        initial={initial({})}
        totalGross={0}
        onSubmit={vi.fn()}
        disabledReason="Bilety „Karnet” są wyprzedane."
      />,
    );
    expect(submitButton().disabled).toBe(true);
  });

  it('lets the summary step place the order only with complete buyer data and the terms accepted', () => {
    const complete = initial({ name: 'Marta Nowak', street: 'ul. Rybacka 7/3', postalCode: '80-001', city: 'Gdańsk' });
    expect(buyerStepComplete(null)).toBe(false);
    expect(buyerStepComplete(complete)).toBe(false);
    expect(buyerStepComplete({ ...complete, acceptTerms: true })).toBe(true);
    expect(
      buyerStepComplete({ ...complete, acceptTerms: true, buyer: { ...complete.buyer, kind: 'company', nip: '1' } }),
    ).toBe(false);
  });
});
