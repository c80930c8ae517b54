import type { CallableInput } from '@domain/callables';
import { callFunction, loadAuth, loadAuthExtras } from '../../shared/firebase';
import type { PolicyStatus } from './passwordRules';

/**
 * Identity-service operations of registration and the password reminder. Account-management functions
 * come from `loadAuthExtras()`, loaded on demand so the sign-in page does not pay for them.
 */
async function authWith() {
  const [{ auth, sdk }, extra] = await Promise.all([loadAuth(), loadAuthExtras()]);
  return { auth, sdk, extra };
}

/** The identity service's password policy verdict; null when the policy cannot be fetched (offline). */
export async function checkPasswordPolicy(password: string): Promise<PolicyStatus | null> {
  try {
    const { auth, extra } = await authWith();
    return await extra.validatePassword(auth, password);
  } catch {
    return null;
  }
}

/** Creates the account, or reuses it when this browser already signed it in (a retry after a failed profile step). */
export async function createAccount(email: string, password: string): Promise<void> {
  const { auth, extra } = await authWith();
  await auth.authStateReady();
  if (auth.currentUser && auth.currentUser.email === email) return;
  await extra.createUserWithEmailAndPassword(auth, email, password);
}

export function completeRegistration(input: CallableInput<'completeRegistration'>) {
  return callFunction('completeRegistration', input);
}

export async function sendPasswordReset(email: string): Promise<void> {
  const { auth, sdk } = await authWith();
  auth.languageCode = 'pl';
  await sdk.sendPasswordResetEmail(auth, email);
}
