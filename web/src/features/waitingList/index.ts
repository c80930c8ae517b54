// The waiting list of sold-out ticket types (docs/waiting-list.md): `/waitingList` and
// `/waitingListSettings`. The participant's control sits in the ticket basket; the admin tab and the
// statistics card are composed by app/admin and the statistics page.
export { useStandingOffer } from './api';
export { WaitingListControl } from './WaitingListControl';
export { WaitingListTab } from './WaitingListTab';
export { WaitingListStats } from './WaitingListStats';
