// Public API of the pickup feature for other features (pages load lazily from ./pages).
export { useGetMyPickupsQuery, type PickupEntry } from './api';
