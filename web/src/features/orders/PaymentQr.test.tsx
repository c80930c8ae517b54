import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { TransferInstructions } from './TransferInstructions';

const props = {
  recipient: 'Fundacja „Bałtyk”',
  bankAccount: '61109010140000071219812874',
  title: 'ZAM/2026/000042',
  recipientNip: '5260250274',
};

describe('payment QR in the transfer details', () => {
  it('draws the Standard 2D code of the transfer with the hint for banking apps', async () => {
    renderWithTheme(<TransferInstructions {...props} amountGrosze={29_800} />);
    const block = screen.getByTestId('payment-qr');
    expect(block.getAttribute('data-payload')).toBe(
      '5260250274|PL|61109010140000071219812874|029800|Fundacja Bałtyk|ZAM/2026/000042|||',
    );
    expect(block.textContent).toContain('Zeskanuj w aplikacji banku');
    const code = await screen.findByTestId('payment-qr-code');
    expect(code.getAttribute('aria-label')).toBe('Kod QR do zapłaty przelewem');
    expect(code.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('from 10 000 zł draws a code without the amount and tells the payer to type the amount', async () => {
    renderWithTheme(<TransferInstructions {...props} amountGrosze={1_234_500} />);
    const block = screen.getByTestId('payment-qr');
    expect(block.getAttribute('data-payload')).toBe(
      '5260250274|PL|61109010140000071219812874|000000|Fundacja Bałtyk|ZAM/2026/000042|||',
    );
    expect(block.textContent).toContain('Kod wypełni numer konta, odbiorcę i tytuł przelewu.');
    expect(block.textContent).not.toContain('kwotę, odbiorcę');
    expect(screen.getByTestId('payment-qr-amount-note').textContent).toBe(
      'Kwotę 12\u00a0345,00\u00a0zł wpisz ręcznie — kod QR banków mieści kwoty do 9\u00a0999,99\u00a0zł.',
    );
    expect(screen.getByTestId('transfer-amount').textContent).toBe('12\u00a0345,00\u00a0zł');
    await screen.findByTestId('payment-qr-code');
  });

  it('at 9 999,99 zł the code carries the amount and no note is shown', () => {
    renderWithTheme(<TransferInstructions {...props} amountGrosze={999_999} />);
    expect(screen.getByTestId('payment-qr').getAttribute('data-payload')?.split('|')[3]).toBe('999999');
    expect(screen.queryByTestId('payment-qr-amount-note')).toBeNull();
  });

  it('without the recipient’s NIP (a natural person) draws the code with an empty NIP field', async () => {
    renderWithTheme(
      <TransferInstructions {...props} recipient="Jan Kowalski" recipientNip={undefined} amountGrosze={29_800} />,
    );
    expect(screen.getByTestId('payment-qr').getAttribute('data-payload')).toBe(
      '|PL|61109010140000071219812874|029800|Jan Kowalski|ZAM/2026/000042|||',
    );
    await screen.findByTestId('payment-qr-code');
  });
});
