import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { ExpiryRun, expirySummary } from './ExpiryRun';

describe('expirySummary', () => {
  it('says how many pending orders were checked when none expired, with Polish plural forms', () => {
    expect(expirySummary({ checked: 1, expired: [], left: 0 })).toBe(
      'Sprawdzono 1 oczekujące zamówienie — żadne nie minęło terminu płatności.',
    );
    expect(expirySummary({ checked: 3, expired: [], left: 0 })).toBe(
      'Sprawdzono 3 oczekujące zamówienia — żadne nie minęło terminu płatności.',
    );
    expect(expirySummary({ checked: 12, expired: [], left: 0 })).toBe(
      'Sprawdzono 12 oczekujących zamówień — żadne nie minęło terminu płatności.',
    );
  });

  it('lists the numbers of the expired orders', () => {
    expect(expirySummary({ checked: 9, expired: ['ZAM/2026/000004', 'ZAM/2026/000007'], left: 0 })).toBe(
      'Anulowano 2 zamówienia bez wpłaty w terminie: ZAM/2026/000004, ZAM/2026/000007. Bilety i sztuki wróciły do puli.',
    );
    expect(expirySummary({ checked: 9, expired: ['ZAM/2026/000004'], left: 0 })).toMatch(
      /^Anulowano 1 zamówienie bez wpłaty/,
    );
  });

  it('says when the run had no time left for some overdue orders', () => {
    expect(expirySummary({ checked: 40, expired: ['ZAM/2026/000004'], left: 5 })).toMatch(
      /wróciły do puli\. Na 5 zamówień po terminie zabrakło czasu w tym przebiegu — uruchom ponownie/,
    );
    expect(expirySummary({ checked: 40, expired: [], left: 2 })).toBe(
      'Sprawdzono 40 oczekujących zamówień. Na 2 zamówienia po terminie zabrakło czasu w tym przebiegu — uruchom ponownie albo poczekaj na automatyczny przebieg.',
    );
  });
});

describe('ExpiryRun', () => {
  it('explains what happens and asks before running', async () => {
    renderWithTheme(<ExpiryRun />);
    expect(screen.getByRole('heading', { name: 'Terminy płatności' })).toBeTruthy();
    fireEvent.click(screen.getByTestId('expiry-run'));
    expect(await screen.findByText(/których termin płatności minął/)).toBeTruthy();
    expect((await screen.findByTestId('confirm-action')).textContent).toBe('Anuluj nieopłacone po terminie');
  });
});
