// The catalogue: /event, /ticketTypes and /products, one endpoint per path, read by every feature that
// shows or edits them (the dashboard, the ticket and merch checkouts, members, statistics, the admin).
export { useEventInfo, useGetEventQuery, useGetPaymentSellerQuery, type EventInfo } from './event';
export { useGetProductsQuery, useGetShopProductsQuery, type ProductEntry, type VariantEntry } from './products';
export { useGetTicketTypesQuery, type TicketTypeEntry } from './ticketTypes';
