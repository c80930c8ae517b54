// The app's store and providers for component tests: features reach app/ only through its typed
// hooks (eslint.config.js), so tests that need a real store or the theme take them from here.
export { attachRealtimeApi, createStore } from '../app/store/store';
export { ThemeProviders } from '../app/providers';
