import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { TransferInstructions } from './TransferInstructions';

const props = { recipient: 'Fundacja Morska', bankAccount: '61109010140000071219812874', amountGrosze: 29800, title: 'ZAM/2026/000042' };

describe('TransferInstructions', () => {
  it('shows the payment deadline as a Polish date and says what happens after it', () => {
    // 2026-12-01 12:00 in Warsaw
    renderWithTheme(<TransferInstructions {...props} payBy={Date.UTC(2026, 11, 1, 11, 0)} />);
    expect(screen.getByTestId('transfer-pay-by').textContent).toBe('1 grudnia 2026');
    expect(screen.getByTestId('transfer-deadline-note').textContent).toBe(
      'Jeśli wpłata nie dotrze do 1 grudnia 2026, zamówienie zostanie anulowane, a zarezerwowane bilety i sztuki wrócą do sprzedaży.',
    );
    expect(screen.getByTestId('transfer-title').textContent).toBe('ZAM/2026/000042');
  });

  it('shows no deadline for an order that has none', () => {
    renderWithTheme(<TransferInstructions {...props} />);
    expect(screen.queryByTestId('transfer-pay-by')).toBeNull();
  });
});
