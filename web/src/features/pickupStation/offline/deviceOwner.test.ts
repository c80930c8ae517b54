import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropDeviceCopies } from '../../../shared/deviceCopy';
import { hasQueued, noteQueuedBy, registerStationDirectoryDrop } from './deviceOwner';

// The station's code as the start-up would load it: whether it was loaded at all, and whom it was asked to send for.
const loaded = vi.hoisted(() => ({ station: 0, store: 0, sending: [] as string[], dropped: [] as (string | null)[] }));
vi.mock('./sync', () => {
  loaded.station++;
  return { keepSending: (uid: string) => loaded.sending.push(uid) };
});
vi.mock('./deviceStore', () => {
  loaded.store++;
  return { dropDirectory: (uid: string | null) => loaded.dropped.push(uid) };
});

describe('what the session does with the station’s data on this device', () => {
  let unregister: () => void;
  beforeEach(() => {
    loaded.sending = [];
    loaded.dropped = [];
    unregister = registerStationDirectoryDrop();
  });
  afterEach(() => unregister());

  it('notes whose hand-outs wait to be sent', () => {
    noteQueuedBy(['staffA', 'staffB']);
    expect(hasQueued('staffA')).toBe(true);
    expect(hasQueued('staffB')).toBe(true);
    expect(hasQueued('staff')).toBe(false);
    noteQueuedBy([]);
    expect(hasQueued('staffA')).toBe(false);
    expect(localStorage.getItem('panel.pickupStation.queuedBy')).toBeNull();
  });

  // Before any test that loads the station's code (a loaded module stays loaded).
  it('an account with no hand-outs queued here (a participant, another staff member) loads none of the station', async () => {
    noteQueuedBy(['staffA']);
    await dropDeviceCopies('participant');
    await dropDeviceCopies('staffB');
    await dropDeviceCopies(null);
    await vi.dynamicImportSettled();
    expect(loaded.station).toBe(0);
    expect(loaded.store).toBe(0);
    expect(loaded.sending).toEqual([]);
  });

  it('the staff member whose hand-outs are queued here has them sent, with no station page open', async () => {
    noteQueuedBy(['staffA']);
    await dropDeviceCopies('staffA');
    await vi.waitFor(() => expect(loaded.sending).toEqual(['staffA']));
    // The directory copy is theirs, or none: nothing to drop.
    expect(loaded.dropped).toEqual([]);
  });

  it('another account’s directory copy is still dropped', async () => {
    localStorage.setItem('panel.pickupStation.directoryOwner', 'staffA');
    await dropDeviceCopies('staffB');
    expect(loaded.dropped).toEqual(['staffB']);
    expect(loaded.sending).toEqual([]);
  });
});
