import { databaseBase, type FirebaseSetup } from './config';

/** A one-time read the Realtime Database REST API can answer: a path, optionally filtered by one child. */
export interface RestRead {
  path: string;
  orderBy?: string;
  equalTo?: string | number | boolean;
}

/** Where REST reads go: the database's base URL and, for the emulator (which serves many), the namespace. */
export interface RestTarget {
  base: string;
  namespace: string | null;
}

export function restTargetOf(setup: FirebaseSetup): RestTarget {
  return {
    base: databaseBase(setup),
    // The emulator serves many databases: the namespace is the database URL's first label, as for the SDK.
    namespace: setup.emulators ? new URL(setup.options.databaseURL).hostname.split('.')[0] : null,
  };
}

/** The same read gives the same key, whoever started it. */
export const restKey = ({ path, orderBy, equalTo }: RestRead): string => JSON.stringify([path, orderBy, equalTo]);

/** `GET {path}.json?auth=…` of the REST API; the ID token travels as `auth`, so the rules see the user. */
export function restUrl(target: RestTarget, { path, orderBy, equalTo }: RestRead, idToken: string | undefined): URL {
  const url = new URL(`${target.base}/${path.split('/').map(encodeURIComponent).join('/')}.json`);
  if (target.namespace) url.searchParams.set('ns', target.namespace);
  if (idToken) url.searchParams.set('auth', idToken);
  if (orderBy !== undefined) url.searchParams.set('orderBy', JSON.stringify(orderBy));
  if (equalTo !== undefined) url.searchParams.set('equalTo', JSON.stringify(equalTo));
  return url;
}
