// Public API of the auth feature (state and session); its pages live in ./pages and load lazily.
export * from './authSlice';
export { createSession, type Session } from './session';
export { SessionContext, useSession } from './SessionContext';
export { useAuthState, useAuthStatus, useIsAdmin, useIsStaff, useSessionUser, useUid } from './hooks';
