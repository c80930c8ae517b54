import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { RefundAccountField } from './OrderRefundPanel';

describe('the participant’s refund request', () => {
  it('of an order paid by transfer asks for the account the refund goes to', () => {
    renderWithTheme(<RefundAccountField online={false} value="" onChange={() => {}} />);
    expect(screen.getByLabelText(/Numer konta do zwrotu/)).toBeTruthy();
    expect(screen.queryByTestId('refund-through-provider')).toBeNull();
  });

  it('of an order paid online says the money goes back through Przelewy24; the account is only the fallback', () => {
    renderWithTheme(<RefundAccountField online value="" onChange={() => {}} />);
    expect(screen.getByTestId('refund-through-provider').textContent).toContain(
      'pieniądze wrócą przez Przelewy24 na rachunek lub kartę, z których zapłacono',
    );
    expect(screen.getByLabelText(/Numer konta \(na wypadek zwrotu przelewem\)/)).toBeTruthy();
    expect(screen.queryByLabelText(/Numer konta do zwrotu/)).toBeNull();
  });
});
