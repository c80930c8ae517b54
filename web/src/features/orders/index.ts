// Public API of the orders feature for other features (pages load lazily from ./pages).
export { useGetAllOrdersQuery, useGetMyOrdersQuery, type OrderEntry } from './api';
export { PlacedOrderPage } from './PlacedOrderPage';
