import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../../test/render';
import { cellTexts } from '../../../test/table';
import type { NotificationEntry, PaymentEntry } from '../api';
import { DailyTotals } from './DailyTotals';
import { CandidateCard } from './OnlineRefundCandidates';
import { NotificationLog } from './NotificationLog';
import { PaymentTransactions } from './PaymentTransactions';

// 22 November 2026, 10:00 and 23:30 in Warsaw; 23 November, 09:00.
const DAY1 = Date.UTC(2026, 10, 22, 9);
const DAY1_LATE = Date.UTC(2026, 10, 22, 22, 30);
const DAY2 = Date.UTC(2026, 10, 23, 8);
const base = { provider: 'przelewy24' as const, uid: 'u1', currency: 'PLN' as const, token: 'T' };
const PAID: PaymentEntry = {
  ...base,
  sessionId: 'a'.repeat(32),
  orderId: 'o1',
  orderNumber: 'ZAM/2026/000001',
  amount: 24_900,
  status: 'paid',
  createdAt: DAY1,
  paidAt: DAY1,
  methodId: 154,
  providerOrderId: 7,
  invoiceNumber: 'FV/2026/000001',
  refunds: {
    'k-KOR-1': {
      amount: 4_900,
      reason: 'correction',
      correctionId: 'KOR-1',
      status: 'completed',
      requestedAt: DAY2,
      requestedBy: 'admin',
      completedAt: DAY2,
    },
  },
};
const DOUBLE: PaymentEntry = {
  ...base,
  sessionId: 'b'.repeat(32),
  orderId: 'o2',
  orderNumber: 'ZAM/2026/000002',
  amount: 8_900,
  status: 'refund-candidate',
  createdAt: DAY1_LATE,
  paidAt: DAY1_LATE,
  methodId: 218,
  problem: 'Zamówienie było już opłacone inną wpłatą — ta wpłata jest do zwrotu',
};
const STARTED: PaymentEntry = {
  ...base,
  sessionId: 'c'.repeat(32),
  orderId: 'o3',
  orderNumber: 'ZAM/2026/000003',
  amount: 1_000,
  status: 'registered',
  createdAt: DAY2,
};
/** A notification about PAID's transaction: it booked the payment first, then came again. */
const paidNotification = (id: string, at: number, over: Partial<NotificationEntry> = {}): NotificationEntry => ({
  id,
  at,
  kind: 'transaction',
  result: 'duplicate',
  sessionId: PAID.sessionId,
  amount: 24_900,
  methodId: 154,
  ...over,
});
const LOG: NotificationEntry[] = [
  {
    id: 'n4',
    at: DAY2 + 2,
    kind: 'transaction',
    result: 'rejected',
    sessionId: 'f'.repeat(32),
    amount: 100,
    detail: 'nieznana sesja płatności',
  },
  paidNotification('n3', DAY1 + 2, { detail: 'płatność już rozliczona (paid)' }),
  paidNotification('n2', DAY1 + 1),
  paidNotification('n1', DAY1, { result: 'booked' }),
];
describe('admin „Płatności online”', () => {
  it('lists every transaction with its order, method, amount, state, refunds and notifications', () => {
    renderWithTheme(<PaymentTransactions payments={[STARTED, DOUBLE, PAID]} notifications={LOG} />);
    const rows = screen.getAllByTestId('online-payment-row');
    expect(rows.map((r) => r.dataset.orderNumber)).toEqual(['ZAM/2026/000003', 'ZAM/2026/000002', 'ZAM/2026/000001']);
    expect(cellTexts(rows[2])).toEqual([
      '22.11.2026, 10:00',
      'ZAM/2026/000001faktura FV/2026/000001',
      'BLIK',
      '249,00\u00a0zł',
      'opłaconazwrot 49,00\u00a0zł: zwrócony',
      'zaksięgowanapowtórzenie — bez zmian ×2',
    ]);
    expect(cellTexts(rows[1]).slice(2, 6)).toEqual([
      'Karta płatnicza',
      '89,00\u00a0zł',
      'do zwrotu (podwójna wpłata)',
      'brak',
    ]);
    expect(cellTexts(rows[0])[2]).toBe('—');
  });

  it('sums each Warsaw day: payments on the day they arrived, refunds on the day they were completed', () => {
    renderWithTheme(<DailyTotals payments={[STARTED, DOUBLE, PAID]} />);
    expect(screen.getAllByTestId('online-day').map(cellTexts)).toEqual([
      ['23.11.2026', '0', '0,00\u00a0zł', '−49,00\u00a0zł', '−49,00\u00a0zł'],
      // 22:30 UTC is 23:30 in Warsaw: still the 22nd.
      ['22.11.2026', '2', '338,00\u00a0zł', '—', '338,00\u00a0zł'],
    ]);
  });

  it('logs every notification, forged ones included, and can show only those to check', () => {
    renderWithTheme(<NotificationLog notifications={LOG} payments={[PAID]} source={{}} />);
    expect(screen.getAllByTestId('payment-notification-row').map((r) => r.dataset.result)).toEqual([
      'rejected',
      'duplicate',
      'duplicate',
      'booked',
    ]);
    const [forged] = screen.getAllByTestId('payment-notification-row');
    expect(cellTexts(forged).slice(1)).toEqual([
      'wpłaty',
      'odrzucona',
      'nieznana sesja',
      '1,00\u00a0zł',
      'nieznana sesja płatności',
    ]);
    fireEvent.click(screen.getByRole('switch', { name: 'Tylko do sprawdzenia' }));
    expect(screen.getAllByTestId('payment-notification-row').map((r) => r.dataset.result)).toEqual(['rejected']);
  });

  it('says so when there is nothing yet', () => {
    renderWithTheme(<PaymentTransactions payments={[]} notifications={[]} />);
    expect(screen.getByText('Nie ma jeszcze transakcji')).toBeTruthy();
    renderWithTheme(<DailyTotals payments={[STARTED]} />);
    expect(screen.getByText('Brak wpłat online')).toBeTruthy();
  });
});

describe('a payment to return through the provider', () => {
  const requestedAt = DAY2;
  const requested: PaymentEntry = {
    ...DOUBLE,
    providerOrderId: 311_000_001,
    refunds: {
      [`z-${DOUBLE.sessionId}`]: {
        amount: DOUBLE.amount,
        reason: 'double-payment',
        status: 'requested',
        requestedAt,
        requestedBy: 'admin',
      },
    },
  };

  it('waits for the provider while its answer may still come', () => {
    renderWithTheme(<CandidateCard p={requested} state="requested" now={requestedAt + 5 * 60_000} />);
    expect(screen.getByRole('status').textContent).toBe('Zwrot zlecony — czeka na potwierdzenie operatora.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers to ask again when the provider has not answered for half an hour, and asks first', () => {
    renderWithTheme(<CandidateCard p={requested} state="requested" now={requestedAt + 31 * 60_000} />);
    expect(screen.getByRole('status').textContent).toMatch(
      /operator dotąd go nie potwierdził\. Można zlecić go ponownie/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zleć zwrot ponownie' }));
    expect(screen.getByRole('button', { name: 'Zwróć wpłatę' })).toBeTruthy();
  });
});
