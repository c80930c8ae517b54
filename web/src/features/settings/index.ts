// Public API of the settings feature for other features (pages load lazily from ./pages).
export { useGetProfileQuery } from './api';
export * from './InvoiceDataFields';
