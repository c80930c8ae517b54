import type { CallableOutput } from '@domain/callables';
import { callFunction, loadAuth, loadAuthExtras } from '../../shared/firebase';

/** Password operations need a fresh sign-in: the identity service refuses them on an old session. */
async function reauthenticate(password: string) {
  const [{ auth }, sdk] = await Promise.all([loadAuth(), loadAuthExtras()]);
  await auth.authStateReady(); // the page may be open before the SDK has confirmed the stored user
  const user = auth.currentUser;
  if (!user?.email) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' });
  await sdk.reauthenticateWithCredential(user, sdk.EmailAuthProvider.credential(user.email, password));
  return { user, sdk };
}

export async function changePassword(current: string, next: string): Promise<void> {
  const { user, sdk } = await reauthenticate(current);
  await sdk.updatePassword(user, next);
}

export async function deleteAccount(password: string): Promise<CallableOutput<'deleteMyAccount'>> {
  await reauthenticate(password);
  return callFunction('deleteMyAccount', { confirm: true });
}

/** Whether the account signs in with a password at all (federated accounts cannot change one here). */
export async function hasPasswordProvider(): Promise<boolean> {
  const { auth } = await loadAuth();
  await auth.authStateReady(); // asked when the page opens, possibly before the SDK has confirmed the user
  return auth.currentUser?.providerData.some((p) => p.providerId === 'password') ?? false;
}
