import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithTheme } from '../../../test/render';
import { ThemeProviders } from '../../../test/app';
import { DeviceStatus, QueueList } from './OfflineParts';
import type { QueuedHandOut } from './queue';
import { queuedHandOut } from '../../../test/handOuts';
import { stationDeviceState, type StationDeviceState } from './sync';

const handOut = (n: number, overrides: Partial<QueuedHandOut> = {}) =>
  queuedHandOut(n, { label: `Kubek ${n}`, ...overrides });
// The station's state before anything ran, as a started station with its queue read would have it.
const started: StationDeviceState = {
  ...stationDeviceState(),
  online: true,
  deviceId: '10000000-0000-4000-8000-000000000000',
  queueRead: true,
};
const device = (overrides: Partial<StationDeviceState> = {}): StationDeviceState => ({ ...started, ...overrides });

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

describe('the station says what keeps its device data from being used', () => {
  const weekOld = Date.now() - 8 * 24 * 60 * 60 * 1000;

  it('offline on a copy older than a day: a red warning, and staff accept its age before handing out', () => {
    const { rerender } = renderWithTheme(<DeviceStatus device={device({ online: false, directoryAt: weekOld })} />);
    expect(screen.getByTestId('old-copy').textContent).toContain('Dane na urządzeniu mają ponad 24 godziny');
    fireEvent.click(screen.getByTestId('accept-old-copy'));
    expect(stationDeviceState().oldCopyAccepted).toBe(weekOld);
    rerender(
      <ThemeProviders>
        <DeviceStatus device={device({ online: false, directoryAt: weekOld, oldCopyAccepted: weekOld })} />
      </ThemeProviders>,
    );
    expect(screen.getByTestId('old-copy-accepted').textContent).toBe('Wydajesz z tej kopii mimo jej wieku.');
  });

  it('online, or on a copy from last evening, no warning: live data, or a copy of the usual age', () => {
    renderWithTheme(<DeviceStatus device={device({ online: true, directoryAt: weekOld })} />);
    renderWithTheme(<DeviceStatus device={device({ online: false, directoryAt: Date.now() - 14 * 60 * 60 * 1000 })} />);
    expect(screen.queryByTestId('old-copy')).toBeNull();
  });

  it('a copy that passes a day while the page stays open offline brings the warning within a minute', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const almostADay = Date.now() - (24 * 60 - 1) * 60 * 1000;
      renderWithTheme(<DeviceStatus device={device({ online: false, directoryAt: almostADay })} />);
      expect(screen.queryByTestId('old-copy')).toBeNull();
      act(() => vi.advanceTimersByTime(2 * 60 * 1000));
      expect(screen.getByTestId('old-copy')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the browser refused to keep the data: a short hint, nothing blocked', () => {
    renderWithTheme(<DeviceStatus device={device({ storageKept: false, queue: [handOut(1)] })} />);
    expect(screen.getByTestId('storage-not-kept').textContent).toContain(
      'Przeglądarka może usunąć dane stacji z tego urządzenia',
    );
    expect(screen.getByTestId('sync-now')).toBeTruthy();
  });

  it('the store blocked by another tab: what to do', () => {
    renderWithTheme(<DeviceStatus device={device({ storeProblem: 'Zamknij inne karty ze stacją wydań.' })} />);
    expect(screen.getByRole('alert').textContent).toContain('Zamknij inne karty ze stacją wydań.');
  });
});
