import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { Link } from 'react-router-dom';
import { DataGate, EmptyState, type DataGateProps } from '../../shared/ui/DataState';
import { RoleGate } from '../../shared/ui/ErrorPage';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useIsAdmin, useIsStaff, useSessionUser } from '../auth';
import {
  stationOrder,
  useStationItemsQuery,
  useStationPersonQuery,
  type DirectoryEntry,
  type StationItem,
} from './api';
import { loadedDirectory, personByUid } from './offline/deviceStore';
import { DeviceStatus } from './offline/OfflineParts';
import { mergeQueued, type DevicePerson } from './offline/queue';
import { useStationDevice } from './offline/stationDevice';
import { stationDeviceState, type StationDeviceState } from './offline/sync';

export const USER_PAGE = '/dashboard/odbierz/User';
export const ADD_PAGE = '/dashboard/odbierz/Add';
export const withUid = (page: string, uid: string) => `${page}?${new URLSearchParams({ uid })}`;

/** The station's big buttons wrap their label instead of cutting it (a tablet column is narrow). */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)', paddingBlock: 8 },
  label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.25 },
} as const;

/** Back to the search, for the next person („Inna osoba”, „Następna osoba”). */
export function OtherPersonButton({ children = 'Inna osoba' }: { children?: string }) {
  return (
    <Button size="xl" variant="default" component={Link} to={USER_PAGE} styles={WRAPPING_BUTTON}>
      {children}
    </Button>
  );
}

/** A pickup station page: staff (or admins) only; everyone else gets the error view and the page subscribes to nothing. */
function StaffOnly({ children }: { children: ReactNode }) {
  const isStaff = useIsStaff();
  return (
    <RoleGate
      allowed={isStaff}
      message="Tylko dla obsługi: punkt odbioru"
      description="Punkt odbioru jest dostępny tylko dla obsługi wydarzenia."
      homeHref="/dashboard/odbierz"
    >
      {children}
    </RoleGate>
  );
}

/**
 * A pickup station screen: staff only (nothing subscribed for anyone else), the device's online /
 * offline status on top, then the screen's own content, which gets the device's state.
 */
export function StationScreen({ children }: { children: (device: StationDeviceState) => ReactNode }) {
  return (
    <StaffOnly>
      <StationFrame>{children}</StationFrame>
    </StaffOnly>
  );
}

function StationFrame({ children }: { children: (device: StationDeviceState) => ReactNode }) {
  const device = useDevice();
  return (
    <PageFrame>
      <Stack gap="lg">
        <DeviceStatus device={device} />
        {children(device)}
      </Stack>
    </PageFrame>
  );
}

/**
 * A person and their items: live online, from the device's copy offline; either way with every hand-out
 * queued on this device merged in as handed out (whoever recorded it, sent or not yet), so nothing
 * handed out here is offered again. Until the person, the items and the device's queue are there (or
 * when a read fails, or no one has this uid) the station's loading, error or "no such person" view
 * stands in for `children`.
 */
export function StationPerson(props: StationPersonProps) {
  const device = useDevice();
  return device.online ? <LivePerson {...props} device={device} /> : <DevicePersonView {...props} device={device} />;
}

interface StationPersonProps {
  uid: string;
  what: { loading: string; error: string };
  children: (person: DirectoryEntry, items: StationItem[]) => ReactNode;
}

/** The station device for the signed-in staff member (started by the first station page). */
export function useDevice(): StationDeviceState {
  const user = useSessionUser();
  const admin = useIsAdmin();
  return useStationDevice(user ? { uid: user.uid, name: user.displayName ?? user.email ?? user.uid, admin } : null);
}

/**
 * Offline: the person and their items from the device's copy, with this device's queued hand-outs merged in.
 * With the copy's index in memory (the usual case: the look-up that led here built it) the person is
 * drawn in the first render; only a start straight onto this page waits for the one read of the store.
 */
function DevicePersonView({ uid, what, children, device }: StationPersonProps & { device: StationDeviceState }) {
  const index = loadedDirectory();
  const [read, setRead] = useState<{ uid: string; person: DevicePerson | null } | undefined>(undefined);
  useEffect(() => {
    if (index) return;
    let live = true;
    void personByUid(uid).then(
      (found) => live && setRead({ uid, person: found }),
      () => live && setRead({ uid, person: null }),
    );
    return () => {
      live = false;
    };
  }, [uid, device.directoryAt, index]);
  const person = index ? (index.byUid.get(uid) ?? null) : read?.uid === uid ? read.person : undefined;
  const items = person ? stationOrder(mergeQueued(person.items, device.handedOutHere, uid)) : [];
  return (
    <PersonGate
      query={{ isLoading: person === undefined || !device.queueRead, isError: false, error: undefined }}
      what={what}
      onRetry={() => setRead(undefined)}
      found={Boolean(person)}
      notFoundTitle="Nie ma tej osoby w kopii na urządzeniu"
    >
      {person &&
        children({ uid: person.uid, name: person.name, email: person.email, pickupCode: person.pickupCode }, items)}
    </PersonGate>
  );
}

/** Whether the station works from the device's copy right now (read outside React). */
export const stationOffline = () => !stationDeviceState().online;

/**
 * Online: the person and their items, both live, with this device's queued hand-outs merged in. While
 * the sync is on its way (or stuck, or the hand-outs are another staff member's, who sends them when
 * signed in here) the database still has those items waiting; shown as waiting, they would be handed
 * out again and the sync would then report a conflict with this device's own hand-out.
 */
function LivePerson({ uid, what, children, device }: StationPersonProps & { device: StationDeviceState }) {
  const person = useStationPersonQuery(uid);
  const items = useStationItemsQuery(uid);
  const merged = useMemo(
    () => items.data && stationOrder(mergeQueued(items.data, device.handedOutHere, uid)),
    [items.data, device.handedOutHere, uid],
  );
  const retry = () => {
    void person.refetch();
    void items.refetch();
  };
  const query = {
    isLoading: person.isLoading || items.isLoading || !device.queueRead,
    isError: person.isError || items.isError,
    error: person.error ?? items.error,
  };
  return (
    <PersonGate
      query={query}
      what={what}
      onRetry={retry}
      found={Boolean(person.data)}
      notFoundTitle="Nie ma takiej osoby"
    >
      {person.data && children(person.data, merged ?? [])}
    </PersonGate>
  );
}

interface PersonGateProps {
  query: DataGateProps['query'];
  what: StationPersonProps['what'];
  onRetry: () => void;
  /** Whether anyone has the uid; without one, a view titled `notFoundTitle` leads back to the search. */
  found: boolean;
  notFoundTitle: string;
  children: ReactNode;
}

/** The station's loading, error and "no such person" views around a person's screen. */
function PersonGate({ query, what, onRetry, found, notFoundTitle, children }: PersonGateProps) {
  return (
    <DataGate
      query={query}
      loadingLabel={what.loading}
      rows={4}
      errorText={what.error}
      onRetry={onRetry}
      isEmpty={!found}
      empty={
        <EmptyState
          title={notFoundTitle}
          action={
            <Button component={Link} to={USER_PAGE} size="lg">
              Szukaj ponownie
            </Button>
          }
        />
      }
    >
      {children}
    </DataGate>
  );
}
