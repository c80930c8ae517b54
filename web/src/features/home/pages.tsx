import { useDeferredValue, useEffect, useMemo } from 'react';
import { Loader, Group } from '@mantine/core';
import { readDeviceCopy, saveDeviceCopy } from '../../shared/deviceCopy';
import { LoadingRows } from '../../shared/ui/DataState';
import { PageFrame } from '../../shared/ui/PageFrame';
import { useUid } from '../auth';
import { useGetMembersQuery, useGetTicketClaimsQuery } from '../members';
import { useGetMyOrdersQuery } from '../orders';
import { useGetMyPickupsQuery } from '../pickup';
import { useEventInfo, useGetTicketTypesQuery } from '../catalogue';
import { COPY_STATES, HomeCards, type HomeStates } from './HomeCards';
import { isHomeView, toHomeView, type HomeView } from './homeView';
import { Hint } from '../../shared/ui/Hint';

/** Name of the dashboard's device copy (shared/deviceCopy.ts). */
const HOME_COPY = 'dashboard';

/**
 * The dashboard's live answers. The page waits for all of them (they come over the one database
 * connection within moments of each other) and then renders whole: cards filling in one by one
 * pushed the cards below them down on a phone (layout shift, CLS 0.19 in `npm run bench:web`).
 * RTK Query reports `isLoading` only until a first answer, so the cards never show a loading state
 * of their own; they keep their error and empty states. Ticket type names are not waited for.
 */
function useHomeLive(uid: string | undefined) {
  const skip = { skip: !uid };
  const event = useEventInfo();
  const members = useGetMembersQuery(uid ?? '', skip);
  const claims = useGetTicketClaimsQuery(uid ?? '', skip);
  const ticketTypes = useGetTicketTypesQuery();
  const orders = useGetMyOrdersQuery(uid ?? '', skip);
  const pickups = useGetMyPickupsQuery(uid ?? '', skip);
  const queries = [event, members, claims, orders, pickups];
  const loading = !uid || queries.some((query) => query.isLoading);
  // Only a whole, error-free answer (names included) becomes the next visit's copy.
  const complete = !loading && !queries.some((query) => query.isError) && ticketTypes.data !== undefined;
  const view = useMemo(
    () =>
      toHomeView({
        event: event.data,
        members: members.data,
        claims: claims.data,
        ticketTypes: ticketTypes.data,
        orders: orders.data,
        pickups: pickups.data,
      }),
    [event.data, members.data, claims.data, ticketTypes.data, orders.data, pickups.data],
  );
  // One object per answer set (the query results keep theirs while unchanged), so the page's deferred
  // render below runs when an answer changed, not after every render of the page.
  const states: HomeStates = useMemo(() => ({ event, members, orders, pickups }), [event, members, orders, pickups]);
  return useMemo(() => ({ loading, complete, view, states }), [loading, complete, view, states]);
}

/** A User Timing mark, once per page load (read by `npm run bench:web`'s second-visit row). */
function markOnce(name: string) {
  if (typeof performance.mark === 'function' && performance.getEntriesByName(name).length === 0) performance.mark(name);
}

/** Element Timing: when the marker — and with it the copy — was painted (read by `npm run bench:web`). */
const COPY_PAINT_TIMING = { elementtiming: 'dashboard-copy' };

function Refreshing() {
  return (
    <Group gap={6} role="status" data-testid="home-refreshing" wrap="nowrap">
      <Loader size={14} type="oval" aria-hidden />
      <Hint {...COPY_PAINT_TIMING}>odświeżanie…</Hint>
    </Group>
  );
}

export function DashboardHomePage() {
  const uid = useUid();
  // The answers arrive as store updates, which React renders at once, in one task. Deferred, the cards
  // (the whole page, when the first answers come in) render in a transition that React slices and
  // interrupts for input, so a slow phone's main thread is not blocked meanwhile (Lighthouse's TBT).
  const live = useDeferredValue(useHomeLive(uid));
  // Read once per account: the copy stands in only until the live answers arrive.
  const stored = useMemo(() => (uid ? readCopy(uid) : null), [uid]);
  const fromCopy = live.loading && stored !== null;

  useEffect(() => {
    if (uid && live.complete) saveDeviceCopy(HOME_COPY, uid, live.view);
  }, [uid, live.complete, live.view]);
  useEffect(() => {
    if (fromCopy) markOnce('dashboard:copy');
    else if (!live.loading) markOnce('dashboard:live');
  }, [fromCopy, live.loading]);

  return (
    <PageFrame actions={fromCopy ? <Refreshing /> : undefined}>
      {fromCopy ? (
        <div data-source="copy" style={{ display: 'contents' }}>
          <HomeCards view={stored} states={COPY_STATES} />
        </div>
      ) : live.loading ? (
        <LoadingRows label="Wczytywanie panelu" />
      ) : (
        <HomeCards view={live.view} states={live.states} />
      )}
    </PageFrame>
  );
}

function readCopy(uid: string): HomeView | null {
  const data = readDeviceCopy<unknown>(HOME_COPY, uid)?.data;
  return isHomeView(data) ? data : null;
}
