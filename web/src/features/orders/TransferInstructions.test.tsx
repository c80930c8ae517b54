import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { TransferInstructions } from './TransferInstructions';

const props = {
  recipient: 'Fundacja Morska',
  bankAccount: '61109010140000071219812874',
  amountGrosze: 29800,
  title: 'ZAM/2026/000042',
};

describe('TransferInstructions', () => {
  it('shows the payment deadline as the Polish day with the minute it ends, and says what happens after it', () => {
    // The end of 1 December 2026 in Warsaw (CET): 22:59:59.999 UTC.
    renderWithTheme(<TransferInstructions {...props} payBy={Date.UTC(2026, 11, 1, 22, 59, 59, 999)} />);
    expect(screen.getByTestId('transfer-pay-by').textContent).toBe('1 grudnia 2026, do godz. 23:59');
    expect(screen.getByTestId('transfer-deadline-note').textContent).toBe(
      'Jeśli wpłata nie dotrze do 1 grudnia 2026, godz. 23:59, zamówienie zostanie anulowane, a zarezerwowane bilety i sztuki wrócą do sprzedaży.',
    );
    expect(screen.getByTestId('transfer-title').textContent).toBe('ZAM/2026/000042');
  });

  it('an order placed before deadlines ended with their day shows the minute it really expires at', () => {
    renderWithTheme(<TransferInstructions {...props} payBy={Date.UTC(2026, 10, 27, 1, 51)} />);
    expect(screen.getByTestId('transfer-pay-by').textContent).toBe('27 listopada 2026, do godz. 02:51');
  });

  it('shows no deadline for an order that has none', () => {
    renderWithTheme(<TransferInstructions {...props} />);
    expect(screen.queryByTestId('transfer-pay-by')).toBeNull();
  });
});
