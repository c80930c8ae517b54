import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { PickupItem } from '@domain/schemas';
import { renderWithTheme } from '../../test/render';
import type { QueuedHandOut } from './offline/queue';
import type { StationDeviceState } from './offline/sync';

// The station device, the live reads and the session stand in: what is under test is which items the
// station offers once this device's queue is merged in.
const fake = vi.hoisted(() => ({
  device: null as unknown as StationDeviceState,
  items: [] as (PickupItem & { id: string })[],
}));
vi.mock('./offline/stationDevice', () => ({ useStationDevice: () => fake.device }));
vi.mock('./offline/sync', () => ({
  stationDeviceState: () => fake.device,
  syncQueue: () => Promise.resolve(),
  queueHandOut: () => Promise.resolve(),
}));
vi.mock('./offline/deviceStore', () => ({
  loadedDirectory: () => ({
    people: [],
    byUid: new Map([['u1', { ...person, items: fake.items, tokens: [], participantTokens: [] }]]),
    byCode: new Map(),
  }),
  personByUid: () => Promise.resolve(null),
  personByCode: () => Promise.resolve(null),
}));
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./api')>()),
  useStationPersonQuery: () => ({ data: person, isLoading: false, isError: false, error: undefined }),
  useStationItemsQuery: () => ({ data: fake.items, isLoading: false, isError: false, error: undefined }),
}));
vi.mock('../auth', () => ({
  useIsStaff: () => true,
  useIsAdmin: () => false,
  useSessionUser: () => ({ uid: 'staffB', email: 'b@example.com', displayName: 'Bartek Obsługa', emailVerified: true }),
}));

const { PickupAddPage } = await import('./PickupAddPage');

const person = { uid: 'u1', name: 'Marta Nowak', email: 'marta@example.com', pickupCode: 'MRTN4W9Q' };
const item = (id: string): PickupItem & { id: string } => ({
  id,
  orderId: 'zam1',
  label: `Rzecz ${id}`,
  quantity: 1,
  status: 'waiting',
  createdAt: 1,
});
/** A hand-out another staff member (A) recorded on this device offline, not sent yet. */
const queuedByA: QueuedHandOut = {
  id: '00000000-0000-4000-8000-000000000001',
  uid: 'u1',
  itemId: 'i1',
  label: 'Rzecz i1',
  quantity: 1,
  personName: person.name,
  at: Date.UTC(2026, 6, 1, 10, 0),
  staffUid: 'staffA',
  staffName: 'Ala Obsługa',
  deviceId: '10000000-0000-4000-8000-000000000000',
  seq: 1,
};
const device = (online: boolean): StationDeviceState => ({
  online,
  deviceId: queuedByA.deviceId,
  directoryAt: Date.UTC(2026, 6, 1, 9, 0),
  // Staff B is signed in: A's hand-out is not B's to send, only a count.
  queue: [],
  handedOutHere: [queuedByA],
  queueRead: true,
  othersQueued: 1,
  syncing: false,
  refusal: null,
  conflicts: [],
});

function renderHandOut() {
  const router = createMemoryRouter([{ path: '/dashboard/odbierz/Add', element: <PickupAddPage /> }], {
    initialEntries: ['/dashboard/odbierz/Add?uid=u1'],
  });
  renderWithTheme(<RouterProvider router={router} />);
}

describe('a hand-out queued on this device, whoever recorded it, is never offered again', () => {
  beforeEach(() => {
    fake.items = [item('i1'), item('i2')];
  });

  for (const online of [false, true])
    it(`${online ? 'online (the sync slow, or the hand-out another staff member’s)' : 'offline'}: shown as handed out here, not selected, not selectable`, () => {
      fake.device = device(online);
      renderHandOut();
      const rows = screen.getAllByTestId('station-item');
      const queued = rows.find((row) => row.textContent?.includes('Rzecz i1'))!;
      expect(queued.getAttribute('data-status')).toBe('picked');
      expect(queued.hasAttribute('disabled') || queued.getAttribute('data-disabled') !== null).toBe(true);
      expect(queued.textContent).toContain('zapisane offline — czeka na wysłanie');
      // Only the item really waiting is pre-selected for the hand-out.
      expect(screen.getByTestId('confirm-handout').textContent).toBe('Potwierdź wydanie (1)');
    });

  it('until the device’s queue is read, no item is offered', () => {
    fake.device = { ...device(true), handedOutHere: [], othersQueued: 0, queueRead: false };
    renderHandOut();
    expect(screen.queryByTestId('confirm-handout')).toBeNull();
    expect(screen.queryAllByTestId('station-item')).toEqual([]);
  });
});
