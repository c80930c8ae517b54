import { isDraft, original, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import {
  copyWithStructuralSharing,
  createApi,
  fakeBaseQuery,
  type EndpointBuilder,
  type EndpointDefinitions,
} from '@reduxjs/toolkit/query/react';
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
 * built with `realtimeEndpoint` or `recordEndpoint`. Components call the
 * generated hooks; no component calls `onValue`. Features add their endpoints with
 * `injectRealtimeEndpoints(…)`, which refuses to redefine a name: an endpoint name is defined once, so
 * a second definition fails when its module loads instead of RTK silently keeping whichever loaded
 * first. Each database path is read through one endpoint, exported from its feature's index.ts;
 * other features derive their view from it (web/src/shared/api/endpoints.test.ts checks both).
 */
interface RealtimeError {
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

/** The record at `path` parsed with its domain schema, or null when nothing is stored there. */
export function parseOptionalRecord<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
): z.output<S> | null {
  return value === null || value === undefined ? null : parseRecord(schema, value, path);
}

/** Every child of a collection parsed with the schema of one record, each with its key as `id`; none → []. */
export function parseEntries<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
): (z.output<S> & { id: string })[] {
  return parseRecords(schema, value, path).map(
    ([id, record]) => ({ ...(record as object), id }) as z.output<S> & { id: string },
  );
}

/** Every child of a collection parsed with the schema of one record, by its key (`/refunds` by order id). */
export function parseRecordMap<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
): Record<string, z.output<S>> {
  return Object.fromEntries(parseRecords(schema, value, path));
}

/** `/{path}/{uid}/{id}` records (invoices, corrections, KSeF records), each parsed with its schema, as `[uid, id, record]`. */
export function parseRecordsPerUser<S extends z.core.$ZodType>(
  schema: S,
  value: unknown,
  path: string,
): [string, string, z.output<S>][] {
  if (value === null || value === undefined) return [];
  if (typeof value !== 'object' || Array.isArray(value))
    throw new MalformedRecordError(path, '', 'oczekiwano listy rekordów');
  return Object.entries(value).flatMap(([uid, perUser]) =>
    parseRecords(schema, perUser, `${path}/${uid}`).map(([id, record]): [string, string, z.output<S>] => [
      uid,
      id,
      record,
    ]),
  );
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

type RealtimeEndpointBuilder = EndpointBuilder<ReturnType<typeof fakeBaseQuery<RealtimeError>>, never, 'realtime'>;

/**
 * Adds a feature's endpoints to `realtimeApi`. A name defined twice throws when the second module
 * loads (`overrideExisting: 'throw'`), so two features can never silently share a cache entry.
 */
export function injectRealtimeEndpoints<Definitions extends EndpointDefinitions>(
  endpoints: (build: RealtimeEndpointBuilder) => Definitions,
) {
  return realtimeApi.injectEndpoints({ overrideExisting: 'throw', endpoints });
}

/** The subset of RTK Query's cache lifecycle this helper uses. */
interface StreamLifecycle<Result> {
  updateCachedData: (recipe: (draft: Result) => Result | void) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
  getCacheEntry: () => { isError: boolean; endpointName?: string };
  dispatch: ThunkDispatch<unknown, unknown, UnknownAction>;
}

/** What `loadDatabase()` resolves to: the database instance and the SDK functions the app uses. */
type RealtimeDatabase = Awaited<ReturnType<typeof loadDatabase>>;
/** A database query (a plain `ref` is one too). */
type RealtimeQuery = ReturnType<RealtimeDatabase['sdk']['query']>;

/** A database query as data: the children of `path` ordered by one child, narrowed by value and count. */
interface RealtimeQuerySpec {
  path: string;
  orderByChild: string;
  equalTo?: string | number | boolean;
  endAt?: string | number;
  limitToFirst?: number;
  limitToLast?: number;
}

/** What an endpoint reads: a database path, or a query where the rules allow reading only through one. */
type RealtimeSource = string | RealtimeQuerySpec;

function buildQuery({ db, sdk }: RealtimeDatabase, source: RealtimeSource): RealtimeQuery {
  if (typeof source === 'string') return sdk.ref(db, source);
  const constraints = [sdk.orderByChild(source.orderByChild)];
  if (source.equalTo !== undefined) constraints.push(sdk.equalTo(source.equalTo));
  if (source.endAt !== undefined) constraints.push(sdk.endAt(source.endAt));
  if (source.limitToFirst !== undefined) constraints.push(sdk.limitToFirst(source.limitToFirst));
  if (source.limitToLast !== undefined) constraints.push(sdk.limitToLast(source.limitToLast));
  return sdk.query(sdk.ref(db, source.path), ...constraints);
}

/** The same read for the REST API, or null where it goes through the SDK (a query not marked `overRest`, a range end, a limit). */
function restRead(source: RealtimeSource, overRest: boolean): RestRead | null {
  if (typeof source === 'string') return { path: source };
  const { path, orderByChild, equalTo, ...narrowed } = source;
  return overRest && Object.keys(narrowed).length === 0 ? { path, orderBy: orderByChild, equalTo } : null;
}

/**
 * The first value of an endpoint. On the page load (the Database SDK not loaded yet) it comes over the
 * REST API, so the page's data does not wait for the SDK, its WebSocket and its handshake: the SDK
 * loads once a first value is in (onCacheEntryAdded) and keeps it live from then on. Later reads go
 * over the SDK's open connection. Without a network the REST request fails and the SDK's get is used.
 */
async function firstValue(source: RealtimeSource, overRest: boolean): Promise<unknown> {
  const read = restRead(source, overRest);
  if (read && !isDatabaseLoaded()) {
    const value = await readOverRest(read);
    if (value !== REST_UNAVAILABLE) return value;
  }
  const database = await loadDatabase();
  return (await database.sdk.get(buildQuery(database, source))).val();
}

/**
 * Endpoint definition for the value at a database path (or of a query: `/orders` a participant may
 * read only by `orderByChild('uid').equalTo(uid)`, the newest part of a log), kept live by a
 * `onValue` listener.
 *
 * - `queryFn` resolves with the first value (so `isLoading` means "no data yet"), or with an error
 *   such as `PERMISSION_DENIED`; on the page load a path is read over the REST API (firstValue), a
 *   query only when marked `overRest`.
 * - `onCacheEntryAdded` subscribes with `onValue` once the first value is in the cache and pushes
 *   every change into it; when the last component using the entry unmounts and
 *   `keepUnusedDataFor` passes, RTK Query removes the entry and the listener is detached.
 */
export function realtimeEndpoint<Result, Arg = void>(
  sourceOf: (arg: Arg) => RealtimeSource,
  /** Required: stored data is parsed with the domain's schemas (parseRecord / parseRecords), never cast. */
  transform: (raw: unknown, arg: Arg) => Result,
  { overRest = false }: { overRest?: boolean } = {},
) {
  return {
    async queryFn(arg: Arg): Promise<{ data: Result } | { error: RealtimeError }> {
      try {
        return { data: transform(await firstValue(sourceOf(arg), overRest), arg) };
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
          buildQuery(database, sourceOf(arg)),
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

/**
 * Endpoint definition for a one-off read (a search whose hits are only a way to pick a record that
 * is then read live): no listener; a failure is the endpoint's error.
 */
export function onceEndpoint<Result, Arg = void>(read: (arg: Arg) => Promise<Result>) {
  return {
    async queryFn(arg: Arg): Promise<{ data: Result } | { error: RealtimeError }> {
      try {
        return { data: await read(arg) };
      } catch (error) {
        return { error: toRealtimeError(error) };
      }
    },
  };
}

/** `realtimeEndpoint` for one record parsed with its domain schema; nothing stored there → null. */
export function recordEndpoint<S extends z.core.$ZodType, Arg = void>(schema: S, pathOf: (arg: Arg) => string) {
  return realtimeEndpoint<z.output<S> | null, Arg>(pathOf, (raw, arg) => parseOptionalRecord(schema, raw, pathOf(arg)));
}
