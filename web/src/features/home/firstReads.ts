import type { RestRead } from '../../shared/firebase/restRead';

/**
 * What the dashboard's home page reads first for `uid` (useHomeLive in pages.tsx: the event, the
 * participants and their tickets, the ticket types, the orders, the pickups), exactly as its endpoints
 * ask the REST API. Kept beside the page and free of its code, so the app can start these reads before
 * the page's chunk has arrived (app/firstReads.ts); tests/e2e/device-copy.test.ts checks that they go
 * out before the page's code and that the page then asks for none of them again.
 */
export function homeFirstReads(uid: string): RestRead[] {
  return [
    { path: 'event' },
    { path: `members/${uid}` },
    { path: `tickets/${uid}` },
    { path: 'ticketTypes' },
    { path: 'orders', orderBy: 'uid', equalTo: uid },
    { path: `pickups/${uid}` },
  ];
}
