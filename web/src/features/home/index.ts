// Public API of the home feature for other features (pages load lazily from ./pages).
export { useGetEventQuery } from './api';
