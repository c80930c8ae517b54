import { beforeEach, describe, expect, it } from 'vitest';
import { dropDeviceCopies, readDeviceCopy, registerDeviceData, saveDeviceCopy } from './deviceCopy';

beforeEach(() => localStorage.clear());

describe('device copies', () => {
  it('are read back only for the account that saved them', () => {
    saveDeviceCopy('dashboard', 'uid-a', { event: 'Zlot' });
    expect(readDeviceCopy('dashboard', 'uid-a')?.data).toEqual({ event: 'Zlot' });
    expect(readDeviceCopy('dashboard', 'uid-b')).toBeNull();
  });

  it('hold one account per name: a save of another account replaces it', () => {
    saveDeviceCopy('dashboard', 'uid-a', 1);
    saveDeviceCopy('dashboard', 'uid-b', 2);
    expect(readDeviceCopy('dashboard', 'uid-a')).toBeNull();
    expect(readDeviceCopy('dashboard', 'uid-b')?.data).toBe(2);
  });

  it('are all dropped on sign-out, and only the other accounts’ when an account signs in', () => {
    saveDeviceCopy('dashboard', 'uid-a', 1);
    saveDeviceCopy('orders', 'uid-b', 2);
    localStorage.setItem('unrelated', 'stays');
    void dropDeviceCopies('uid-a');
    expect(readDeviceCopy('dashboard', 'uid-a')?.data).toBe(1);
    expect(localStorage.getItem('panel.copy.orders')).toBeNull();
    void dropDeviceCopies();
    expect(readDeviceCopy('dashboard', 'uid-a')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });

  it('ignore a copy of another format or one that does not parse', () => {
    localStorage.setItem('panel.copy.dashboard', JSON.stringify({ format: 0, uid: 'uid-a', savedAt: 1, data: 1 }));
    expect(readDeviceCopy('dashboard', 'uid-a')).toBeNull();
    localStorage.setItem('panel.copy.dashboard', '{not json');
    expect(readDeviceCopy('dashboard', 'uid-a')).toBeNull();
    void dropDeviceCopies('uid-a');
    expect(localStorage.getItem('panel.copy.dashboard')).toBeNull();
  });

  it('have a feature’s registered device data dropped with them, waiting for it, a failing one not stopping the others', async () => {
    const calls: (string | null)[] = [];
    let finished = false;
    const unregister = [
      registerDeviceData(async (exceptUid) => {
        calls.push(exceptUid);
        await new Promise((resolve) => setTimeout(resolve, 5));
        finished = true;
      }),
      registerDeviceData(() => {
        throw new Error('storage gone');
      }),
      registerDeviceData((exceptUid) => void calls.push(`second:${exceptUid}`)),
    ];
    await dropDeviceCopies('uid-a');
    expect(finished).toBe(true);
    await dropDeviceCopies();
    expect(calls).toEqual(['uid-a', 'second:uid-a', null, 'second:null']);
    for (const stop of unregister) stop();
    await dropDeviceCopies();
    expect(calls).toHaveLength(4);
  });
});
