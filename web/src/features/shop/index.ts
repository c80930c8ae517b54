// Public API of the shop feature for other features (pages load lazily from ./pages).
export { useGetProductsQuery, type ProductEntry, type VariantEntry } from './api';
