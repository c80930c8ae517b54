import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { Order } from '@domain/schemas';
import type { OrderRefunds } from '@domain/refunds';
import { TEST_PERSON } from '@domain/ksef/testing';
import { renderWithTheme } from '../../test/render';
import { merchLine, ticketLine } from '../../test/documents';
import { StartRefundForm } from './StartRefundDialog';
import { PAYMENT_PROVIDER_ACTOR } from '@domain/payments/onlinePayment';

const order = {
  id: 'o1',
  uid: 'u1',
  number: 'ZAM/2026/000042',
  kind: 'merch',
  status: 'paid',
  lines: { l1: ticketLine(), l2: merchLine({ unitGross: 333, quantity: 3, productId: 'p' }) },
  totals: { net: 0, vat: 0, gross: 15899, perRate: {} },
  buyer: {
    email: 'jan@example.com',
    invoice: TEST_PERSON,
  },
  idempotencyKey: 'k',
  createdAt: 1,
  invoiceId: 'FV-2026-000001',
  invoiceNumber: 'FV/2026/000001',
} as unknown as Order & { id: string };

// The ticket was refunded already, and one of the three shirts.
const refunds: OrderRefunds = {
  uid: 'u1',
  orderNumber: order.number,
  invoiceId: 'FV-2026-000001',
  invoiceNumber: 'FV/2026/000001',
  refunded: { l1: { quantity: 1, gross: 14900 }, l2: { quantity: 1, gross: 333 } },
};

describe('admin „Rozpocznij zwrot”', () => {
  it('offers only what is still refundable, with units for a line of several, and the amount the server would take', () => {
    renderWithTheme(<StartRefundForm order={order} refunds={refunds} onClose={() => {}} />);
    expect(screen.queryByRole('checkbox', { name: /Jan Kowalski/ })).toBeNull();
    expect(screen.getByRole('checkbox', { name: /Koszulka \(M\)/ })).toBeTruthy();
    expect(screen.getByText(/^puste = 6,66/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Liczba sztuk: Koszulka (M)'), { target: { value: '1' } });
    expect(screen.getByText(/^puste = 3,33/)).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Zwrot pieniędzy bez zwrotu towaru' })).toBeTruthy();
    // Paid by transfer: the organiser sends the money back.
    expect(screen.getByTestId('start-refund-form').textContent).toContain('zwrot pojawi się na liście „do przelania”');
  });

  it('refuses in Polish before calling: no line chosen, an amount that is not one', () => {
    renderWithTheme(<StartRefundForm order={order} refunds={refunds} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Kwota zwrotu (zł)'), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wystaw korektę i zwróć' }));
    expect(screen.getByText('Podaj kwotę, np. 129,00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kwota zwrotu (zł)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /Koszulka \(M\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Wystaw korektę i zwróć' }));
    expect(screen.getByRole('alert').textContent).toBe('Wybierz pozycje do zwrotu');
  });

  it('refuses an amount above what the chosen lines return, worded as the server refuses it', () => {
    renderWithTheme(<StartRefundForm order={order} refunds={refunds} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Kwota zwrotu (zł)'), { target: { value: '6,67' } });
    fireEvent.click(screen.getByRole('button', { name: 'Wystaw korektę i zwróć' }));
    expect(screen.getByText(/^Kwota zwrotu przekracza kwotę możliwą do zwrotu \(6,66\s?zł\)$/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Kwota zwrotu (zł)'), { target: { value: '6,66' } });
    expect(screen.queryByText(/Kwota zwrotu przekracza/)).toBeNull();
  });

  it('of an order paid online says the money goes back through Przelewy24 and asks for the account only as the fallback', () => {
    renderWithTheme(
      <StartRefundForm order={{ ...order, paidBy: PAYMENT_PROVIDER_ACTOR }} refunds={refunds} onClose={() => {}} />,
    );
    expect(screen.getByTestId('refund-through-provider')).toBeTruthy();
    expect(screen.getByTestId('start-refund-form').textContent).toContain('a pieniądze wrócą przez Przelewy24.');
    expect(screen.getByTestId('start-refund-form').textContent).not.toContain('do przelania');
    expect(screen.getByLabelText(/Numer konta \(na wypadek zwrotu przelewem\)/)).toBeTruthy();
  });

  it('says so when nothing is left to refund', () => {
    renderWithTheme(
      <StartRefundForm
        order={order}
        refunds={{ ...refunds, refunded: { l1: { quantity: 1, gross: 14900 }, l2: { quantity: 3, gross: 999 } } }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('W tym zamówieniu nie ma już nic do zwrotu.')).toBeTruthy();
  });
});
