import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { RefundCandidate } from '@domain/bank/schemas';
import { renderWithTheme } from '../../test/render';
import { BankRefundCandidateList } from './BankRefundCandidates';

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
});
