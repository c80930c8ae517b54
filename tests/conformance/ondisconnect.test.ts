// onDisconnect operations are stored by the server and run when the client's connection closes.
// The client goes offline (closing its socket) and another client observes the result.
import { afterAll, describe, expect, it } from 'vitest';
import { goOffline, increment, onDisconnect, ref, serverTimestamp, set } from 'firebase/database';
import { adminClient, closeAll, namespaceUnderTest, webClient } from '../helpers/rtdb.js';

// The file's namespace on its own target, started as the file loads (a constant of the file).
const { target, ns, admin: observer } = await namespaceUnderTest('ondisconnect');
afterAll(() => closeAll(target, observer));

/** Resolves with the value at `path` once `predicate` holds for it, as seen by the observer. */
function observe(path: string, predicate: (value: unknown) => boolean): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const r = observer.db.ref(path);
    const callback = r.on(
      'value',
      (snapshot) => {
        const value = snapshot.val();
        if (predicate(value)) {
          r.off('value', callback);
          resolve(value);
        }
      },
      reject,
    );
  });
}

describe('onDisconnect', () => {
  it('set and serverTimestamp run when the connection closes (presence)', async () => {
    const client = webClient(target, ns);
    try {
      await set(ref(client.db, 'presence/ala'), { online: true });
      await onDisconnect(ref(client.db, 'presence/ala')).set({ online: false, lastSeen: serverTimestamp() });
      // Registered but not run yet: the connection is still open.
      expect((await observer.db.ref('presence/ala').once('value')).val()).toEqual({ online: true });
      const seen = observe('presence/ala', (v) => (v as { online?: boolean } | null)?.online === false);
      goOffline(client.db);
      const value = (await seen) as { online: boolean; lastSeen: number };
      expect(value.online).toBe(false);
      expect(typeof value.lastSeen).toBe('number');
    } finally {
      await client.close();
    }
  });

  it('update (multi-path) and remove run on disconnect', async () => {
    await observer.db.ref('od').set({ room: { ala: true, ola: true }, status: { ala: 'here' }, gone: { x: 1 } });
    const client = webClient(target, ns);
    try {
      await onDisconnect(ref(client.db, 'od')).update({ 'room/ala': null, 'status/ala': 'away', 'status/count': 1 });
      await onDisconnect(ref(client.db, 'od/gone')).remove();
      const seen = observe('od', (v) => {
        const value = v as { gone?: unknown; status?: { ala?: string } } | null;
        return value?.gone === undefined && value?.status?.ala === 'away';
      });
      goOffline(client.db);
      expect(await seen).toEqual({ room: { ola: true }, status: { ala: 'away', count: 1 } });
    } finally {
      await client.close();
    }
  });

  it('server values in onDisconnect resolve when they run (increment against the current value)', async () => {
    await observer.db.ref('online/count').set(5);
    const client = webClient(target, ns);
    try {
      await onDisconnect(ref(client.db, 'online/count')).set(increment(-1));
      // Changed after registration: the increment applies to the value at disconnect time.
      await observer.db.ref('online/count').set(10);
      const seen = observe('online/count', (v) => v === 9);
      goOffline(client.db);
      expect(await seen).toBe(9);
    } finally {
      await client.close();
    }
  });

  it('cancel removes the operations registered at and below a location', async () => {
    await observer.db.ref('oc').set({ keep: 'original', deep: { keep: 'original' } });
    const client = webClient(target, ns);
    try {
      await onDisconnect(ref(client.db, 'oc/keep')).set('overwritten');
      await onDisconnect(ref(client.db, 'oc/deep/keep')).set('overwritten');
      await onDisconnect(ref(client.db, 'oc')).cancel();
      // Registered last, so it runs after anything the cancel failed to remove.
      await onDisconnect(ref(client.db, 'ocMarker')).set('disconnected');
      const seen = observe('ocMarker', (v) => v === 'disconnected');
      goOffline(client.db);
      await seen;
      expect((await observer.db.ref('oc').once('value')).val()).toEqual({
        keep: 'original',
        deep: { keep: 'original' },
      });
    } finally {
      await client.close();
    }
  });

  it('operations run once: a second disconnect after reconnecting does not repeat them', async () => {
    const client = webClient(target, ns);
    try {
      await onDisconnect(ref(client.db, 'once/flag')).set('fired');
      const seen = observe('once/flag', (v) => v === 'fired');
      goOffline(client.db);
      await seen;
      await observer.db.ref('once/flag').set('reset');
      // A fresh connection from a new client instance, registering only a marker.
      const again = webClient(target, ns);
      try {
        await onDisconnect(ref(again.db, 'once/marker')).set('second');
        const marker = observe('once/marker', (v) => v === 'second');
        goOffline(again.db);
        await marker;
        expect((await observer.db.ref('once/flag').once('value')).val()).toBe('reset');
      } finally {
        await again.close();
      }
    } finally {
      await client.close();
    }
  });

  it('deleting the app (closing the connection) also triggers onDisconnect; Admin SDK registrations work too', async () => {
    const client = webClient(target, ns);
    await onDisconnect(ref(client.db, 'od2/web')).set('bye');
    const seen = observe('od2/web', (v) => v === 'bye');
    await client.close();
    expect(await seen).toBe('bye');

    const otherAdmin = adminClient(target, ns);
    await otherAdmin.db.ref('od2/admin').onDisconnect().set({ '.sv': 'timestamp' });
    const adminSeen = observe('od2/admin', (v) => typeof v === 'number');
    await otherAdmin.close();
    expect(typeof (await adminSeen)).toBe('number');
  });
});
