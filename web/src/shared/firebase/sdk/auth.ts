// The parts of firebase/auth the app uses. Loaded with one dynamic import; re-exporting named
// functions (instead of handing out the whole module namespace) lets the bundler drop the rest.
// Add what a feature needs here (e.g. createUserWithEmailAndPassword, GoogleAuthProvider + signInWithPopup
// + browserPopupRedirectResolver).
export {
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
