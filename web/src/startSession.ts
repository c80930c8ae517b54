import { createSession } from './features/auth';
import { registerStationDirectoryDrop } from './features/pickupStation/offline/deviceOwner';
import { configureFirebase } from './shared/firebase';
import { readFirebaseConfig } from './shared/firebase/config';
import { registerServiceWorkerAfterLoad } from './app/serviceWorker';
import { createStore } from './app/store/store';

/** main.tsx's second start-up part: the configuration, the store and the session. */
export function startSession() {
  configureFirebase(readFirebaseConfig(import.meta.env));
  const store = createStore();
  // Before the session starts: its first account check already drops another account's station directory.
  registerStationDirectoryDrop();
  const session = createSession(store);
  // After the session has adopted the stored one: the registration waits for the page's first data then
  // (whenSdkMayLoad), and the app may start after the page's load event (the prerendered shell's bootstrap).
  registerServiceWorkerAfterLoad();
  return { store, session };
}
