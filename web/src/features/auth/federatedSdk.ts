// The parts of firebase/auth that only Google and e-mail-link sign-in need. Loaded on the first click
// (or when the page is opened from a sign-in link), so the sign-in page's first paint stays small:
// the popup resolver in particular is left out of initializeAuth (see shared/firebase/index.ts).
export {
  browserPopupRedirectResolver,
  GoogleAuthProvider,
  isSignInWithEmailLink,
  sendSignInLinkToEmail,
  signInWithEmailLink,
  signInWithPopup,
} from 'firebase/auth';
