// Public API of the tickets feature for other features (pages load lazily from ./pages).
export { useGetTicketTypesQuery, type TicketTypeEntry } from './catalogApi';
