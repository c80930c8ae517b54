import { describe, expect, it } from 'vitest';
import { getGuard, runGuards, safeNextPath, type GuardContext } from './guards';
import type { AuthState } from '../../features/auth';

function session(status: AuthState['status'], confirmed: AuthState['status'] = status) {
  const calls: string[] = [];
  const noClaims = { admin: false, staff: false };
  const state: AuthState = { status, user: null, claims: noClaims, error: null, provisional: status !== confirmed };
  const ctx = (url: string): GuardContext => ({
    request: new Request(url),
    session: {
      whenKnown: async () => {
        calls.push('whenKnown');
        return state;
      },
      whenConfirmed: async () => {
        calls.push('whenConfirmed');
        return { status: confirmed, user: null, claims: noClaims, error: null, provisional: false };
      },
      refresh: async () => {
        calls.push('refresh');
      },
    },
  });
  return { calls, ctx };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('route guards', () => {
  it('throws for an unknown guard name', () => {
    expect(() => getGuard('admin')).toThrow('Unknown route guard: "admin"');
    expect(() => getGuard('toString')).toThrow(/Unknown route guard/);
  });

  it('checks every name before running any guard', async () => {
    const s = session('signedIn');
    await expect(runGuards(['refresh', 'nope'], s.ctx('http://x/dashboard'))).rejects.toThrow(/nope/);
    expect(s.calls).toEqual([]);
  });

  it('auth lets a signed-in user through', async () => {
    const s = session('signedIn');
    await expect(runGuards(['auth'], s.ctx('http://x/dashboard/zamowienia'))).resolves.toBeUndefined();
  });

  it('auth sends a signed-out user to the sign-in page, remembering the wanted path', async () => {
    const s = session('signedOut');
    const response = (await thrown(runGuards(['auth'], s.ctx('http://x/dashboard/faktury?rok=2026')))) as Response;
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('Location') ?? '', 'http://x');
    expect(location.pathname).toBe('/');
    expect(location.searchParams.get('next')).toBe('/dashboard/faktury?rok=2026');
  });

  it('refresh reloads the session of a signed-in user only', async () => {
    const signedIn = session('signedIn');
    await runGuards(['auth', 'refresh'], signedIn.ctx('http://x/dashboard/admin'));
    expect(signedIn.calls).toEqual(['whenKnown', 'whenConfirmed', 'refresh']);
    const signedOut = session('signedOut');
    const response = (await thrown(runGuards(['refresh'], signedOut.ctx('http://x/dashboard/admin')))) as Response;
    expect(new URL(response.headers.get('Location') ?? '', 'http://x').searchParams.get('next')).toBe(
      '/dashboard/admin',
    );
    expect(signedOut.calls).toEqual(['whenConfirmed']);
  });

  it('auth lets the device’s last user through before the identity SDK confirms it', async () => {
    const provisional = session('signedIn', 'signedOut');
    await expect(runGuards(['auth'], provisional.ctx('http://x/dashboard'))).resolves.toBeUndefined();
    expect(provisional.calls).toEqual(['whenKnown']);
  });

  it('refresh waits for the confirmed session: a device’s last user the SDK does not confirm goes to sign-in', async () => {
    const provisional = session('signedIn', 'signedOut');
    const response = (await thrown(
      runGuards(['auth', 'refresh'], provisional.ctx('http://x/dashboard/statystyki')),
    )) as Response;
    expect(response.status).toBe(302);
    expect(provisional.calls).toEqual(['whenKnown', 'whenConfirmed']);
  });

  it('accepts only same-origin paths as a sign-in target', () => {
    expect(safeNextPath('/dashboard/zamowienia')).toBe('/dashboard/zamowienia');
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
