// The one module of app/ that features may import (eslint.config.js): the store's typed hook and its
// state type, so a feature never reaches into the store's construction.
import { useSelector } from 'react-redux';
import type { RootState } from './store';

export type { RootState };
export const useAppSelector = useSelector.withTypes<RootState>();
