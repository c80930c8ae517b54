import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedHandOut } from '../../../test/handOuts';
import { installIndexedDb } from '../../../test/indexedDb';
import { openStationTab } from '../../../test/stationTab';
import { installLocks, removeLocks } from '../../../test/webLocks';

const HOUR = 60 * 60 * 1000;

/** What the hand-out form records for item `i{n}` (queueHandOut adds the id, time and device). */
const handOut = (n: number) => {
  const { id: _id, at: _at, deviceId: _device, seq: _seq, ...recorded } = queuedHandOut(n);
  return recorded;
};

/** A tab with the station running offline for staff1 (what a station page starts). */
async function offlineStation(patch: { directoryAt?: number | null } = {}) {
  const tab = await openStationTab();
  tab.sync.setStationStaff('staff1');
  tab.sync.setState({ online: false, ...patch });
  return tab;
}

beforeEach(() => {
  installIndexedDb();
});

afterEach(() => {
  removeLocks();
  Reflect.deleteProperty(navigator, 'storage');
});

describe('several tabs of the station on one device', () => {
  it('a hand-out queued in one tab shows in the other without a reload', async () => {
    const other = await openStationTab();
    await other.sync.refreshQueue();
    const tab = await offlineStation();
    await tab.sync.queueHandOut([handOut(1)]);
    await vi.waitFor(() => expect(other.sync.stationDeviceState().handedOutHere.map((h) => h.itemId)).toEqual(['i1']));
  });

  it('one tab sends at a time: a tab waits while another sends', async () => {
    const locks = installLocks();
    let done: () => void = () => undefined;
    // Another tab of the device is sending (the lock's name is shared by every version of the app).
    const otherSends = locks.request('panel-pickup-station-send', () => new Promise<void>((end) => (done = end)));
    const tab = await openStationTab();
    tab.sync.setStationStaff('staff1');
    tab.sync.setState({ online: true });
    const sending = tab.sync.syncQueue();
    await vi.waitFor(async () =>
      expect((await locks.query()).pending).toEqual([{ name: 'panel-pickup-station-send', mode: 'exclusive' }]),
    );
    expect(tab.sync.stationDeviceState().syncing).toBe(false);
    done();
    await Promise.all([otherSends, sending]);
    expect((await locks.query()).held).toEqual([]);
  });
});

describe('keeping the device’s data', () => {
  it('asks the browser once to keep its storage when hand-outs are kept, and notes a refusal', async () => {
    const persist = vi.fn(() => Promise.resolve(false));
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    const tab = await offlineStation();
    await tab.sync.queueHandOut([handOut(1)]);
    await vi.waitFor(() => expect(tab.sync.stationDeviceState().storageKept).toBe(false));
    await tab.sync.queueHandOut([handOut(2)]);
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('where the browser has no Storage API, hand-outs are kept all the same', async () => {
    const tab = await offlineStation();
    await tab.sync.queueHandOut([handOut(1)]);
    expect((await tab.store.queued()).map((h) => h.itemId)).toEqual(['i1']);
    expect(tab.sync.stationDeviceState().storageKept).toBeNull();
  });
});

describe('the age of the copy', () => {
  it('a copy older than a day records no hand-out until staff accept its age', async () => {
    const directoryAt = Date.now() - 8 * 24 * HOUR;
    const tab = await offlineStation({ directoryAt });
    await expect(tab.sync.queueHandOut([handOut(1)])).rejects.toThrow(/^Dane na tym urządzeniu mają ponad 24 godziny/);
    expect(await tab.store.queued()).toEqual([]);
    tab.sync.acceptOldCopy(directoryAt);
    await tab.sync.queueHandOut([handOut(1)]);
    expect((await tab.store.queued()).map((h) => h.itemId)).toEqual(['i1']);
  });

  it('a copy from last evening is used as it is', async () => {
    const tab = await offlineStation({ directoryAt: Date.now() - 14 * HOUR });
    await tab.sync.queueHandOut([handOut(1)]);
    expect((await tab.store.queued()).map((h) => h.itemId)).toEqual(['i1']);
  });
});

describe('a database read at the station', () => {
  /** A read the test answers (or never does): one waiting for a connection that may not come. */
  const pendingRead = () => {
    let answer: (value: string) => void = () => undefined;
    const read = new Promise<string>((resolve) => (answer = resolve));
    return { read, answer };
  };

  /** A station online, and a look-up it started that waits for the database's answer. */
  async function lookUpOnline() {
    const tab = await openStationTab();
    tab.sync.setState({ online: true });
    const { read, answer } = pendingRead();
    return { tab, answer, result: tab.sync.unlessOffline(read) };
  }

  it('gives what the database answered while the station stays online', async () => {
    const { answer, result } = await lookUpOnline();
    answer('uid-1');
    await expect(result).resolves.toEqual({ value: 'uid-1' });
  });

  it('gives way to the device’s copy when the station goes offline before the answer comes', async () => {
    const { tab, answer, result } = await lookUpOnline();
    tab.sync.setState({ online: false });
    await expect(result).resolves.toBeNull();
    answer('too-late');
  });

  it('passes a refusal on, and starts no wait when the station is offline already', async () => {
    const tab = await openStationTab();
    tab.sync.setState({ online: true });
    await expect(tab.sync.unlessOffline(Promise.reject(new Error('PERMISSION_DENIED')))).rejects.toThrow(
      'PERMISSION_DENIED',
    );
    tab.sync.setState({ online: false });
    await expect(tab.sync.unlessOffline(pendingRead().read)).resolves.toBeNull();
  });
});
