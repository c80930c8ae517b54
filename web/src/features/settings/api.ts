import type { InvoiceData, Profile } from '@domain/schemas';
import type { CallableInput, CallableOutput } from '@domain/callables';
import { realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction, loadDatabase } from '../../shared/firebase';

function toProfile(raw: unknown): Profile | null {
  return typeof raw === 'object' && raw !== null ? (raw as Profile) : null;
}

export const profileApi = realtimeApi.injectEndpoints({
  endpoints: (build) => ({
    /** `/profiles/{uid}`; null until `completeRegistration` has run. */
    getProfile: build.query<Profile | null, string>(realtimeEndpoint((uid) => `profiles/${uid}`, toProfile)),
  }),
});

export const { useGetProfileQuery } = profileApi;

export interface ProfileEdit {
  firstName: string;
  lastName: string;
  phone: string;
  country: string;
  invoice?: InvoiceData | null;
}

/**
 * Only the fields the rules let the owner write, plus `updatedAt` (must equal the server's now);
 * then the server rebuilds the copies of the name that staff and tickets show (syncProfile).
 */
export async function saveProfile(uid: string, edit: ProfileEdit): Promise<void> {
  const { db, sdk } = await loadDatabase();
  const patch: Record<string, unknown> = {
    firstName: edit.firstName,
    lastName: edit.lastName,
    phone: edit.phone,
    country: edit.country,
    updatedAt: sdk.serverTimestamp(),
  };
  if (edit.invoice !== undefined) patch.invoice = edit.invoice;
  await sdk.update(sdk.ref(db, `profiles/${uid}`), patch);
  await callFunction<CallableInput<'syncProfile'>, CallableOutput<'syncProfile'>>('syncProfile', {});
}
