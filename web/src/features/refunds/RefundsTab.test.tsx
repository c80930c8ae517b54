import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PAYMENT_PROVIDER_ACTOR } from '@domain/payments/onlinePayment';
import { renderWithTheme } from '../../test/render';
import { TransferRow } from './RefundsTab';

const transfer = {
  number: 'KOR/2026/000001',
  amount: 12900,
  fee: 0,
  bankAccount: '61109010140000071219812874',
  status: 'transferred' as const,
  createdAt: Date.UTC(2026, 6, 2),
  createdBy: 'admin-1',
  transferredOn: '2026-07-05',
  transferredAt: Date.UTC(2026, 6, 5),
};

function row(transferredBy: string, online: boolean) {
  return renderWithTheme(
    <TransferRow
      orderId="o-1"
      orderNumber="ZAM/2026/000001"
      correctionId="KOR-2026-000001"
      transfer={{ ...transfer, transferredBy }}
      online={online}
    />,
  );
}

describe('a refund transfer row in the admin’s refunds tab', () => {
  it('says the payment provider returned the money when its refund notification settled the correction', () => {
    row(PAYMENT_PROVIDER_ACTOR, true);
    const badge = screen.getByTestId('refund-transfer-row').querySelector('.mantine-Badge-root')!;
    expect(badge.textContent).toMatch(/^zwrócono przez Przelewy24 05\.07\.2026$/);
    expect(badge.textContent).not.toContain('przelano');
  });

  it('says „przelano” with the date for a transfer the admin made, also when the provider had refused', () => {
    const { unmount } = row('admin-1', false);
    expect(screen.getByTestId('refund-transfer-row').querySelector('.mantine-Badge-root')!.textContent).toBe(
      'przelano 05.07.2026',
    );
    unmount();
    row('admin-1', true);
    expect(screen.getByTestId('refund-transfer-row').querySelector('.mantine-Badge-root')!.textContent).toBe(
      'przelano 05.07.2026',
    );
  });
});
