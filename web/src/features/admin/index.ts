// Public API of the admin feature: its tabs, which app/admin/pages.tsx composes into the admin page.
export { useAdminArchivedTicketTypesQuery, useAdminArchivedProductsQuery } from './api';
export { EventTab } from './EventTab';
export { OrdersTab } from './OrdersTab';
export { ProductsTab } from './ProductsTab';
export { TicketTypesTab } from './TicketTypesTab';
export { UsersTab } from './UsersTab';
export { DiscountsTab } from './DiscountsTab';
export { downloadCsv } from './ui';
