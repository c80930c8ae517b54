import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { TransferInstructions } from './TransferInstructions';

const props = { recipient: 'Fundacja „Bałtyk”', bankAccount: '61109010140000071219812874', title: 'ZAM/2026/000042', recipientNip: '5260250274' };

describe('payment QR in the transfer details', () => {
  it('draws the Standard 2D code of the transfer with the hint for banking apps', async () => {
    renderWithTheme(<TransferInstructions {...props} amountGrosze={29_800} />);
    const block = screen.getByTestId('payment-qr');
    expect(block.getAttribute('data-payload')).toBe('5260250274|PL|61109010140000071219812874|029800|Fundacja Bałtyk|ZAM/2026/000042|||');
    expect(block.textContent).toContain('Zeskanuj w aplikacji banku');
    const code = await screen.findByTestId('payment-qr-code');
    expect(code.getAttribute('aria-label')).toBe('Kod QR do zapłaty przelewem');
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('shows no code above 9 999,99 zł — the transfer details stay', () => {
    renderWithTheme(<TransferInstructions {...props} amountGrosze={1_000_000} />);
    expect(screen.queryByTestId('payment-qr')).toBeNull();
    expect(screen.getByTestId('transfer-amount').textContent).toBe('10\u00a0000,00\u00a0zł');
  });

  it('shows no code without the recipient’s NIP', () => {
    renderWithTheme(<TransferInstructions {...props} recipientNip={undefined} amountGrosze={29_800} />);
    expect(screen.queryByTestId('payment-qr')).toBeNull();
  });
});
