// Public API of the members feature for other features (pages load lazily from ./pages).
export { useGetMembersQuery, useGetTicketClaimsQuery, memberName, type MemberEntry, type TicketClaims } from './api';
export { TicketBadges } from './TicketBadges';
