import { configureStore } from '@reduxjs/toolkit';
import { authSlice } from '../../features/auth';
import { realtimeApi } from '../../shared/api/realtime';

export function createStore() {
  return configureStore({
    reducer: {
      [authSlice.reducerPath]: authSlice.reducer,
      [realtimeApi.reducerPath]: realtimeApi.reducer,
    },
    middleware: (getDefault) => getDefault().concat(realtimeApi.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
