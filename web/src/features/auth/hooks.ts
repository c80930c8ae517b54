import { useSelector } from 'react-redux';
import { authSlice, type AuthState, type AuthStatus, type SessionUser } from './authSlice';

// The auth slice's own view of the store: features read the signed-in user and roles here, never
// through app/ (the store is assembled there, from this slice among others).
const useAuthSelector = useSelector.withTypes<{ [authSlice.reducerPath]: AuthState }>();

/** The whole auth state (status, user, claims); most code wants one of the hooks below. */
export function useAuthState(): AuthState {
  return useAuthSelector(authSlice.selectors.selectAuth);
}

export function useAuthStatus(): AuthStatus {
  return useAuthSelector(authSlice.selectors.selectAuthStatus);
}

export function useSessionUser(): SessionUser | null {
  return useAuthSelector(authSlice.selectors.selectUser);
}

/** The signed-in user's id, or undefined while signed out or before the first auth state. */
export function useUid(): string | undefined {
  return useAuthSelector(authSlice.selectors.selectUser)?.uid;
}

export function useIsAdmin(): boolean {
  return useAuthSelector(authSlice.selectors.selectIsAdmin);
}

/** Staff or admin: an admin may do everything staff may. */
export function useIsStaff(): boolean {
  return useAuthSelector(authSlice.selectors.selectIsStaff);
}
