import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedHandOut } from '../../../test/handOuts';
import { installIndexedDb } from '../../../test/indexedDb';
import { openStationTab, outcomeOf } from '../../../test/stationTab';

const DB = 'panel-pickup-station';

beforeEach(() => {
  installIndexedDb();
});

/** Another tab opening the station's database at `version` (an open request's end, as it comes). */
function otherTabOpens(version: number) {
  const request = indexedDB.open(DB, version);
  return outcomeOf(
    new Promise<IDBDatabase>((resolve, reject) => {
      request.addEventListener('success', () => resolve(request.result));
      request.addEventListener('error', () => reject(request.error ?? new Error('open failed')));
    }),
  );
}

describe('the station’s database shared with other tabs', () => {
  it('a newer version of the app in another tab is not blocked: this tab lets go, then asks for a reload', async () => {
    const tab = await openStationTab();
    await tab.store.enqueue([queuedHandOut(1)]);
    const newer = otherTabOpens(3);
    await vi.waitFor(() => expect(newer.value?.version).toBe(3));
    await expect(tab.store.queued()).rejects.toThrow(
      'Na tym urządzeniu otwarto nowszą wersję stacji wydań. Odśwież tę kartę.',
    );
    expect(tab.sync.stationDeviceState().storeProblem).toBe(
      'Na tym urządzeniu otwarto nowszą wersję stacji wydań. Odśwież tę kartę.',
    );
  });

  it('after another tab deleted the database, the next access opens it again', async () => {
    const tab = await openStationTab();
    await tab.store.enqueue([queuedHandOut(1)]);
    const request = indexedDB.deleteDatabase(DB);
    const deleted = outcomeOf(new Promise((resolve) => request.addEventListener('success', resolve)));
    await vi.waitFor(() => expect(deleted.value).toBeDefined());
    expect(await tab.store.queued()).toEqual([]);
    await tab.store.enqueue([queuedHandOut(2)]);
    expect((await tab.store.queued()).map((h) => h.seq)).toEqual([2]);
  });

  it('an open another tab blocks fails at once, saying to close the other tabs, and goes through once they close', async () => {
    // An older version of the app, which never let go of the database for an upgrade.
    const older = otherTabOpens(1);
    await vi.waitFor(() => expect(older.value).toBeDefined());
    const tab = await openStationTab();
    const read = outcomeOf(tab.store.queued());
    await vi.waitFor(() => expect(read.error?.message).toMatch(/^Zamknij inne karty ze stacją wydań/));
    expect(tab.sync.stationDeviceState().storeProblem).toBe(read.error?.message);
    older.value?.close();
    await vi.waitFor(() => expect(tab.sync.stationDeviceState().storeProblem).toBeNull());
    expect(await tab.store.queued()).toEqual([]);
  });
});
