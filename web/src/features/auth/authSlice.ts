import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type AuthStatus = 'unknown' | 'signedIn' | 'signedOut';

export interface SessionUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  emailVerified: boolean;
}

/** Custom claims set by the backend (docs/app-contracts.md). */
export interface RoleClaims {
  admin: boolean;
  staff: boolean;
}

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  claims: RoleClaims;
  /** Set when the identity SDK could not be loaded at all; the app then behaves as signed out. */
  error: string | null;
  /**
   * True while the user is the one this device last had signed in (lastUser.ts), not yet confirmed
   * by the identity SDK: pages may draw that account's device copy, roles wait for the confirmation.
   */
  provisional: boolean;
}

const noClaims: RoleClaims = { admin: false, staff: false };
const initialState: AuthState = { status: 'unknown', user: null, claims: noClaims, error: null, provisional: false };

export function claimsFrom(raw: Record<string, unknown>): RoleClaims {
  return { admin: raw.admin === true, staff: raw.staff === true };
}

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ user: SessionUser; claims: RoleClaims }>) {
      state.status = 'signedIn';
      state.user = action.payload.user;
      state.claims = action.payload.claims;
      state.error = null;
      state.provisional = false;
    },
    /** The device's last signed-in user, before the identity SDK confirms it: no roles until then. */
    restoredProvisionally(state, action: PayloadAction<SessionUser>) {
      state.status = 'signedIn';
      state.user = action.payload;
      state.claims = noClaims;
      state.error = null;
      state.provisional = true;
    },
    signedOut(state) {
      state.status = 'signedOut';
      state.user = null;
      state.claims = noClaims;
      state.provisional = false;
    },
    sessionUnavailable(state, action: PayloadAction<string>) {
      state.status = 'signedOut';
      state.user = null;
      state.claims = noClaims;
      state.error = action.payload;
      state.provisional = false;
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectAuthStatus: (state) => state.status,
    selectUser: (state) => state.user,
    selectIsAdmin: (state) => state.claims.admin,
    selectIsStaff: (state) => state.claims.staff || state.claims.admin,
  },
});

export const { signedIn, restoredProvisionally, signedOut, sessionUnavailable } = authSlice.actions;
