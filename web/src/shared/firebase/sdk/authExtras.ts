// Account-management parts of firebase/auth, loaded on demand with `loadAuthExtras()` by the pages
// that need them (registration, password reminder, settings, federated sign-in), so the sign-in page
// — which loads sdk/auth.ts for the session check — does not pay for them.
// Import these only through loadAuthExtras(); `import('firebase/auth')` would bundle the whole SDK.
export {
  EmailAuthProvider,
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  deleteUser,
  isSignInWithEmailLink,
  reauthenticateWithCredential,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signInWithPopup,
  updatePassword,
  updateProfile,
  validatePassword,
} from 'firebase/auth';
