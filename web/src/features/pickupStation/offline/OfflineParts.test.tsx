import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithTheme } from '../../../test/render';
import { DeviceStatus, QueueList } from './OfflineParts';
import type { QueuedHandOut } from './queue';
import { queuedHandOut } from '../../../test/handOuts';
import type { StationDeviceState } from './sync';

const handOut = (n: number, overrides: Partial<QueuedHandOut> = {}) =>
  queuedHandOut(n, { label: `Kubek ${n}`, ...overrides });
const device = (overrides: Partial<StationDeviceState> = {}): StationDeviceState => ({
  online: true,
  deviceId: '10000000-0000-4000-8000-000000000000',
  directoryAt: null,
  queue: [],
  handedOutHere: [],
  queueRead: true,
  othersQueued: 0,
  syncing: false,
  refusal: null,
  conflicts: [],
  ...overrides,
});

describe('the station says what the server refused', () => {
  it('nothing refused: no refusal shown', () => {
    renderWithTheme(<DeviceStatus device={device({ queue: [handOut(1)] })} />);
    expect(screen.queryByTestId('sync-refusal')).toBeNull();
  });

  it('a refusal of the whole send: the reason and what to do, online and offline', () => {
    for (const online of [true, false]) {
      const { unmount } = renderWithTheme(
        <DeviceStatus
          device={device({
            online,
            queue: [handOut(1)],
            refusal: { message: 'Nie masz uprawnień do tej operacji', at: 1 },
          })}
        />,
      );
      expect(screen.getByTestId('sync-refusal-all').textContent).toBe(
        'Serwer odrzucił wysyłkę wydań: Nie masz uprawnień do tej operacji. Wydania zapisane na tym urządzeniu nie zostały wysłane. Zgłoś to administratorowi.',
      );
      unmount();
    }
  });

  it('a refused hand-out: which one and why, the others going; marked in the queue', () => {
    const message =
      'Zapisane dane (pozycja do odbioru) są nieprawidłowe: status — Niedozwolona wartość. Operacja nie została wykonana.';
    const d = device({ queue: [handOut(1), handOut(2, { refused: { message, at: 5 } })] });
    renderWithTheme(
      <>
        <DeviceStatus device={d} />
        <QueueList device={d} />
      </>,
    );
    expect(screen.getByTestId('sync-refusal').textContent).toContain(
      'Serwer odrzucił 1 wydanie; pozostałe wydania są wysyłane. Zgłoś to administratorowi.',
    );
    expect(screen.getByTestId('refused-handout').textContent).toBe(`Kubek 2 — Marta Nowak: ${message}`);
    expect(screen.getAllByTestId('queued-handout').map((li) => li.getAttribute('data-refused'))).toEqual([
      'false',
      'true',
    ]);
    expect(screen.getByTestId('sync-now').textContent).toBe('Wyślij zapisane (2)');
  });

  it('the server’s reason with its quotes nested, or, given none, that it gave none', () => {
    renderWithTheme(
      <DeviceStatus
        device={device({
          queue: [handOut(1, { refused: { message: 'Pozycja „Koszulka „Bałtyk” (M)” jest zablokowana', at: 5 } })],
          refusal: { message: '', at: 1 },
        })}
      />,
    );
    expect(screen.getByTestId('refused-handout').textContent).toBe(
      'Kubek 1 — Marta Nowak: Pozycja „Koszulka ‚Bałtyk’ (M)” jest zablokowana.',
    );
    expect(screen.getByTestId('sync-refusal-all').textContent).toContain(
      'Serwer odrzucił wysyłkę wydań: Serwer nie podał przyczyny.',
    );
  });
});
