import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import { authSlice } from '../../features/auth';
import { loadOnce } from '../../shared/loadOnce';
import type { realtimeApi } from '../../shared/api/realtime';

/**
 * The realtime api (RTK Query) is injected when the first page that reads data loads (see
 * attachRealtimeApi), so the sign-in page does not ship RTK Query at all.
 */
const rootReducer = combineSlices(authSlice).withLazyLoadedSlices<WithSlice<typeof realtimeApi>>();
const dynamicMiddleware = createDynamicMiddleware();

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

/** Adds the realtime api's reducer and middleware to the store, once. */
export const attachRealtimeApi: () => Promise<void> = loadOnce(() =>
  import('../../shared/api/realtime').then(({ realtimeApi: api }) => {
    rootReducer.inject(api);
    dynamicMiddleware.addMiddleware(api.middleware);
  }),
);

export type AppStore = ReturnType<typeof createStore>;
