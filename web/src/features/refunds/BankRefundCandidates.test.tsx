import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RefundCandidate } from '@domain/bank/schemas';
import { renderWithTheme } from '../../test/render';
import { BankRefundCandidateList, type SettleCandidate } from './BankRefundCandidates';

const DUPLICATE: RefundCandidate = {
  txKey: `t${'1'.repeat(32)}`,
  reason: 'duplicate',
  refundGrosze: 18_900,
  bookingDate: '2026-11-23',
  amountGrosze: 18_900,
  currency: 'PLN',
  title: 'ZAM/2026/000042',
  payerName: 'Marta Nowak',
  payerAccount: '61109010140000071219812874',
  orders: { o42: 'ZAM/2026/000042' },
  uid: 'u1',
  status: 'open',
  createdAt: 1,
  createdBy: 'admin',
};

describe('transfers set aside for a refund', () => {
  it('say how much goes back, why, for which order and to which account', () => {
    renderWithTheme(<BankRefundCandidateList candidates={[DUPLICATE]} />);
    const card = screen.getByTestId('bank-refund-candidate');
    expect(card.textContent).toContain('189,00\u00a0zł · zamówienie ZAM/2026/000042');
    expect(card.textContent).toContain('podwójna wpłata — zamówienie było już opłacone');
    expect(card.textContent).toContain('Przelew z 23.11.2026 na 189,00\u00a0zł: „ZAM/2026/000042”');
    expect(card.textContent).toContain('Marta Nowak · konto 61 1090 1014 0000 0712 1981 2874');
  });

  it('say so when there is none', () => {
    renderWithTheme(<BankRefundCandidateList candidates={[]} />);
    expect(screen.getByText('Brak przelewów do zwrotu')).toBeTruthy();
  });

  it('mark one returned after a confirmation with the day of the transfer, and leave the card as it was when cancelled', async () => {
    const sent: unknown[] = [];
    const settle: SettleCandidate = async (input) => void sent.push(input);
    renderWithTheme(<BankRefundCandidateList candidates={[DUPLICATE]} settle={settle} />);
    const card = screen.getByTestId('bank-refund-candidate');
    fireEvent.click(within(card).getByRole('button', { name: 'Oznacz jako zwrócony' }));
    expect(card.textContent).toContain(
      'Oznaczyć 189,00\u00a0zł jako zwrócone przelewem na konto 61 1090 1014 0000 0712 1981 2874?',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Anuluj' }));
    expect(sent).toEqual([]);
    fireEvent.click(within(card).getByRole('button', { name: 'Oznacz jako zwrócony' }));
    fireEvent.change(within(card).getByLabelText('Data zwrotu'), { target: { value: '2026-11-24' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Oznacz jako zwrócony' }));
    await waitFor(() =>
      expect(sent).toEqual([{ txKey: DUPLICATE.txKey, outcome: 'refunded', refundedOn: '2026-11-24' }]),
    );
  });

  it('dismiss one only with a reason, and show the server’s refusal in the card', async () => {
    const sent: unknown[] = [];
    const settle: SettleCandidate = async (input) => {
      sent.push(input);
      throw Object.assign(new Error('x'), {
        code: 'functions/failed-precondition',
        details: { reason: 'refund-decided', message: 'Ten przelew jest już oznaczony jako zwrócony (24.11.2026)' },
      });
    };
    renderWithTheme(<BankRefundCandidateList candidates={[DUPLICATE]} settle={settle} />);
    const card = screen.getByTestId('bank-refund-candidate');
    fireEvent.click(within(card).getByRole('button', { name: 'Odrzuć' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Odrzuć zwrot' }));
    expect(within(card).getByText('Podaj powód')).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(within(card).getByLabelText('Powód'), { target: { value: 'Zaliczenie na przyszły rok' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Odrzuć zwrot' }));
    await within(card).findByText('Ten przelew jest już oznaczony jako zwrócony (24.11.2026)');
    expect(sent).toEqual([{ txKey: DUPLICATE.txKey, outcome: 'dismissed', reason: 'Zaliczenie na przyszły rok' }]);
  });
});
