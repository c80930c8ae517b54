// Public API of the admin feature for other features (pages load lazily from ./pages).
export { useAdminArchivedTicketTypesQuery, useAdminArchivedProductsQuery, useAdminOrdersQuery } from './api';
