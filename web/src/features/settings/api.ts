import { profileSchema, type Profile } from '@domain/schemas';
import type { CallableInput, CallableOutput } from '@domain/callables';
import { parseRecord, realtimeApi, realtimeEndpoint } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

/** null until `completeRegistration` has run; then a whole profile. */
const toProfile = (raw: unknown, uid: string): Profile | null =>
  raw == null ? null : parseRecord(profileSchema, raw, `profiles/${uid}`);

const profileApi = realtimeApi.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    /** `/profiles/{uid}`; null until `completeRegistration` has run. */
    getProfile: build.query<Profile | null, string>(realtimeEndpoint((uid) => `profiles/${uid}`, toProfile)),
  }),
});

export const { useGetProfileQuery } = profileApi;

export type ProfileEdit = CallableInput<'updateProfile'>;

/**
 * Saves the profile through the server (updateProfile): it parses the fields with the form's own
 * schema — a NIP typed with dashes is stored as the 10 digits the rules expect — and rebuilds every
 * copy of the name in the same atomic update. A refusal comes back with the field it is about.
 */
export function saveProfile(edit: ProfileEdit): Promise<CallableOutput<'updateProfile'>> {
  return callFunction('updateProfile', edit);
}
