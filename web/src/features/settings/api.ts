import { profileSchema, type Profile } from '@domain/schemas';
import type { CallableInput, CallableOutput } from '@domain/callables';
import { injectRealtimeEndpoints, recordEndpoint } from '../../shared/api/realtime';
import { callFunction } from '../../shared/firebase';

const profileApi = injectRealtimeEndpoints((build) => ({
  /** `/profiles/{uid}`; null until `completeRegistration` has run. */
  getProfile: build.query<Profile | null, string>(recordEndpoint(profileSchema, (uid) => `profiles/${uid}`)),
}));

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
