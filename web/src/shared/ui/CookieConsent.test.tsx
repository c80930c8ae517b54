import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../test/render';
import { CONSENT_COOKIE, ENABLED_IDS_COOKIE, readCookie } from '../cookies';
import { CookieConsent } from './CookieConsent';

const DAY_MS = 86_400_000;

function forgetConsent() {
  for (const name of [CONSENT_COOKIE, ENABLED_IDS_COOKIE]) document.cookie = `${name}=; Max-Age=0; Path=/`;
}

describe('CookieConsent', () => {
  beforeEach(forgetConsent);
  afterEach(() => vi.useRealTimers());

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
    vi.useFakeTimers({ toFake: ['Date'] });
    const acceptedAt = new Date('2026-06-01T12:00:00Z').getTime();
    vi.setSystemTime(acceptedAt);
    const first = renderWithTheme(<CookieConsent />);
    fireEvent.click(screen.getByRole('button', { name: 'Rozumiem i akceptuję' }));
    first.unmount();

    // 364 days later the browser still holds the decision: no banner.
    vi.setSystemTime(acceptedAt + 364 * DAY_MS);
    expect(readCookie(CONSENT_COOKIE)).toBe('1');
    const later = renderWithTheme(<CookieConsent />);
    expect(screen.queryByTestId('cookie-consent')).toBeNull();
    later.unmount();

    // After a year (365 days) the cookie has expired and the banner asks again.
    vi.setSystemTime(acceptedAt + 366 * DAY_MS);
    expect(readCookie(CONSENT_COOKIE)).toBeNull();
    renderWithTheme(<CookieConsent />);
    expect(screen.getByTestId('cookie-consent')).toBeTruthy();
  });

  it('reads cookies by exact name', () => {
    expect(readCookie('ncc_c', 'xncc_c=2; ncc_c=1; ncc_e=a%2Cb')).toBe('1');
    expect(readCookie('ncc_e', 'ncc_c=1; ncc_e=a%2Cb')).toBe('a,b');
    expect(readCookie('ncc_x', 'ncc_c=1')).toBeNull();
  });
});
