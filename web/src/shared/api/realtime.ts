import { isDraft, original, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { copyWithStructuralSharing, createApi, fakeBaseQuery } from '@reduxjs/toolkit/query/react';
import type { z } from 'zod/mini';
import { parseWith } from '@domain/issues';
import {
  isDatabaseLoaded,
  loadDatabase,
  readOverRest,
  REST_UNAVAILABLE,
  whenSdkMayLoad,
  type RestRead,
} from '../firebase';

/**
 * THE way realtime data enters the store (see web/README.md): an RTK Query api whose endpoints are
 * built with `realtimeEndpoint` (or `realtimeQueryEndpoint`). Components call the generated hooks; no component calls `onValue`.
 * Features add their endpoints with `realtimeApi.injectEndpoints({ overrideExisting: 'throw', … })`:
 * an endpoint name is defined once, so a second definition fails when its module loads instead of
 * RTK silently keeping whichever loaded first. Each database path is read through one endpoint,
 * exported from its feature's index.ts; other features derive their view from it
 * (web/src/shared/api/endpoints.test.ts checks both).
 */
export interface RealtimeError {
  code: string;
  message: string;
}

/**
 * A record read from the database does not have the shape its domain schema describes (written by
 * an older version, or by hand). The endpoint answers with this error instead of handing the
 * screens data they would trip over; `LoadError` shows the message.
 */
export class MalformedRecordError extends Error {
  readonly code = 'malformed-record';
  constructor(path: string, field: string, problem: string) {
    super(
      `Zapisane dane mają nieprawidłowy format (${[path, ...(field ? [field.replaceAll('.', '/')] : [])].join('/')}: ${problem}). Zgłoś to organizatorowi wydarzenia.`,
    );
    this.name = 'MalformedRecordError';
  }
}

/** The record at `path` parsed with its domain schema (`/orders/{id}` with `orderSchema`, …). */
export function parseRecord<S extends z.core.$ZodType>(schema: S, value: unknown, path: string): z.output<S> {
  const result = parseWith(schema, value);
  if (!result.ok) throw new MalformedRecordError(path, result.error.field, result.error.message);
  return result.data;
}

/** Every child of a collection (`/products`, `/members/{uid}`) parsed with the schema of one record; none → []. */
export function parseRecords<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
): [string, z.output<S>][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    throw new MalformedRecordError(path, '', 'oczekiwano listy rekordów');
  return Object.entries(value).map(([id, record]) => [id, parseRecord(schema, record, `${path}/${id}`)]);
}

export function toRealtimeError(error: unknown): RealtimeError {
  if (typeof error === 'object' && error !== null) {
    const e = error as { code?: unknown; message?: unknown };
    return { code: typeof e.code === 'string' ? e.code : 'unknown', message: String(e.message ?? error) };
  }
  return { code: 'unknown', message: String(error) };
}

export const realtimeApi = createApi({
  reducerPath: 'realtime',
  baseQuery: fakeBaseQuery<RealtimeError>(),
  // A listener keeps each entry fresh, so there is never a reason to refetch.
  refetchOnMountOrArgChange: false,
  keepUnusedDataFor: 30,
  endpoints: () => ({}),
});

/** The subset of RTK Query's cache lifecycle this helper uses. */
interface StreamLifecycle<Result> {
  updateCachedData: (recipe: (draft: Result) => Result | void) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  getCacheEntry: () => { isError: boolean; endpointName?: string };
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

/** What `loadDatabase()` resolves to: the database instance and the SDK functions the app uses. */
export type RealtimeDatabase = Awaited<ReturnType<typeof loadDatabase>>;
/** A database query (a plain `ref` is one too). */
type RealtimeQuery = ReturnType<RealtimeDatabase['sdk']['query']>;

/**
 * The first value of an endpoint. On the page load (the Database SDK not loaded yet) it comes over the
 * REST API, so the page's data does not wait for the SDK, its WebSocket and its handshake: the SDK
 * loads once a first value is in (onCacheEntryAdded) and keeps it live from then on. Later reads go
 * over the SDK's open connection. Without a network the REST request fails and the SDK's get is used.
 */
async function firstValue<Arg>(
  arg: Arg,
  buildQuery: (database: RealtimeDatabase, arg: Arg) => RealtimeQuery,
  restOf?: (arg: Arg) => RestRead,
): Promise<unknown> {
  if (restOf && !isDatabaseLoaded()) {
    const value = await readOverRest(restOf(arg));
    if (value !== REST_UNAVAILABLE) return value;
  }
  const database = await loadDatabase();
  return (await database.sdk.get(buildQuery(database, arg))).val();
}

/**
 * Endpoint definition for a value at a database path, kept live by a `onValue` listener.
 *
 * - `queryFn` resolves with the first value (so `isLoading` means "no data yet"), or with an error
 *   such as `PERMISSION_DENIED`; on the page load it reads over the REST API (firstValue).
 * - `onCacheEntryAdded` subscribes with `onValue` once the first value is in the cache and pushes
 *   every change into it; when the last component using the entry unmounts and
 *   `keepUnusedDataFor` passes, RTK Query removes the entry and the listener is detached.
 */
export function realtimeEndpoint<Result, Arg = void>(
  pathOf: (arg: Arg) => string,
  /** Required: stored data is parsed with the domain's schemas (parseRecord / parseRecords), never cast. */
  transform: (raw: unknown, arg: Arg) => Result,
) {
  return realtimeQueryEndpoint<Result, Arg>(
    ({ db, sdk }, arg) => sdk.ref(db, pathOf(arg)),
    transform,
    (arg) => ({ path: pathOf(arg) }),
  );
}

/**
 * Like `realtimeEndpoint`, for a database query instead of a plain path — needed where the rules
 * allow reading only through a specific query (e.g. `/orders` by `orderByChild('uid').equalTo(uid)`).
 * Same get-then-listen lifecycle.
 */
export function realtimeQueryEndpoint<Result, Arg = void>(
  buildQuery: (database: RealtimeDatabase, arg: Arg) => RealtimeQuery,
  transform: (raw: unknown, arg: Arg) => Result,
  /** The same query for the REST API (path, orderBy, equalTo), for a first read without the SDK; optional. */
  restOf?: (arg: Arg) => RestRead,
) {
  return {
    async queryFn(arg: Arg): Promise<{ data: Result } | { error: RealtimeError }> {
      try {
        return { data: transform(await firstValue(arg, buildQuery, restOf), arg) };
      } catch (error) {
        return { error: toRealtimeError(error) };
      }
    },
    async onCacheEntryAdded(
      arg: Arg,
      { updateCachedData, cacheDataLoaded, cacheEntryRemoved, getCacheEntry, dispatch }: StreamLifecycle<Result>,
    ) {
      let unsubscribe: () => void = () => undefined;
      const refetch = () => {
        const endpoint = getCacheEntry().endpointName;
        const endpoints = realtimeApi.endpoints as unknown as Record<
          string,
          { initiate: (arg: Arg, options: { subscribe: boolean; forceRefetch: boolean }) => UnknownAction }
        >;
        if (endpoint && endpoints[endpoint])
          void dispatch(endpoints[endpoint].initiate(arg, { subscribe: false, forceRefetch: true }));
      };
      try {
        await cacheDataLoaded;
        // A returning user's first data is read with the stored session; the SDKs load after it has drawn.
        await whenSdkMayLoad();
        const database = await loadDatabase();
        unsubscribe = database.sdk.onValue(
          buildQuery(database, arg),
          (snapshot) => {
            let next: Result;
            try {
              next = transform(snapshot.val(), arg);
            } catch {
              // A malformed record arrived live: read again, so the entry turns into the error state.
              refetch();
              return;
            }
            // Back to good data after an error: read again, so the entry leaves the error state.
            if (getCacheEntry().isError) return refetch();
            // Structural sharing: whatever did not change keeps its object identity, so a list of 30
            // orders where one turned paid re-renders one card (memoised rows), not thirty.
            updateCachedData((draft) =>
              copyWithStructuralSharing(isDraft(draft) ? original(draft as object) : draft, next),
            );
          },
          // A revoked permission ends the stream; the last good value stays in the cache.
          () => undefined,
        );
      } catch {
        // cacheDataLoaded rejects when the entry is removed before its first value arrived.
      }
      await cacheEntryRemoved;
      unsubscribe();
    },
  };
}
