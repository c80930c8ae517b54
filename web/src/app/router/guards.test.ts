import { describe, expect, it } from 'vitest';
import { getGuard, runGuards, safeNextPath, type GuardContext } from './guards';
import type { AuthState } from '../../features/auth';

function session(status: AuthState['status']) {
  const calls: string[] = [];
  const state: AuthState = { status, user: null, claims: { admin: false, staff: false }, error: null };
  const ctx = (url: string): GuardContext => ({
    request: new Request(url),
    session: {
      whenKnown: async () => {
        calls.push('whenKnown');
        return state;
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
    expect(signedIn.calls).toEqual(['whenKnown', 'whenKnown', 'refresh']);
    const signedOut = session('signedOut');
    await runGuards(['refresh'], signedOut.ctx('http://x/dashboard/admin'));
    expect(signedOut.calls).toEqual(['whenKnown']);
  });

  it('accepts only same-origin paths as a sign-in target', () => {
    expect(safeNextPath('/dashboard/zamowienia')).toBe('/dashboard/zamowienia');
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});
