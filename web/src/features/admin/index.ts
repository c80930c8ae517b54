// Public API of the admin feature for other features (pages load lazily from ./pages).
export { callAdmin, useAdminArchivedTicketTypesQuery, useAdminArchivedProductsQuery, useAdminOrdersQuery } from './api';
