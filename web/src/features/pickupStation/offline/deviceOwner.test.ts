import { describe, expect, it } from 'vitest';
import { hasQueued, noteQueuedBy } from './deviceOwner';

describe('the device’s note of whose hand-outs wait to be sent', () => {
  it('notes whose hand-outs wait to be sent', () => {
    noteQueuedBy(['staffA', 'staffB']);
    expect(hasQueued('staffA')).toBe(true);
    expect(hasQueued('staffB')).toBe(true);
    expect(hasQueued('staff')).toBe(false);
    noteQueuedBy([]);
    expect(hasQueued('staffA')).toBe(false);
    expect(localStorage.getItem('panel.pickupStation.queuedBy')).toBeNull();
  });
});
