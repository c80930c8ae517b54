import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { CONSENT_COOKIE, CONSENT_LIFETIME_MS, ENABLED_IDS_COOKIE, readCookie } from '../cookies';
import { CookieConsent } from './CookieConsent';

describe('CookieConsent', () => {
  it('shows the banner until accepted, then stores the decision in ncc_c / ncc_e', () => {
    const { unmount } = renderWithTheme(<CookieConsent />);
    const banner = screen.getByTestId('cookie-consent');
    expect(banner.textContent).toContain('plików cookie');
    fireEvent.click(screen.getByRole('button', { name: 'Rozumiem i akceptuję' }));
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    expect(readCookie(CONSENT_COOKIE)).toBe('1');
    expect(readCookie(ENABLED_IDS_COOKIE)).toBe('');
    unmount();

    // A later visit: the decision is remembered.
    renderWithTheme(<CookieConsent />);
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
  });

  it('keeps the decision for one year', () => {
    expect(CONSENT_LIFETIME_MS).toBe(31_536_000_000);
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('ncc_c', 'xncc_c=2; ncc_c=1; ncc_e=a%2Cb')).toBe('1');
    expect(readCookie('ncc_e', 'ncc_c=1; ncc_e=a%2Cb')).toBe('a,b');
    expect(readCookie('ncc_x', 'ncc_c=1')).toBeNull();
  });
});
