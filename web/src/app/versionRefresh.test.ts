import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  checkVersion,
  guardedReload,
  isChunkLoadError,
  MANIFEST_RELOAD_GUARD_MS,
  reloadAfterChunkError,
  VERSION_STORAGE_KEY,
  type VersionCheckDeps,
} from './versionRefresh';

function harness(manifest: () => Promise<Response>) {
  let clock = 1_000_000;
  const reloads: number[] = [];
  const deps: VersionCheckDeps = {
    guardStorage: sessionStorage,
    idStorage: localStorage,
    now: () => clock,
    reload: () => reloads.push(clock),
    fetchManifest: manifest,
  };
  return { deps, reloads, advance: (ms: number) => (clock += ms) };
}

const json = (id: string) => async () => new Response(JSON.stringify({ id }), { status: 200 });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('checkVersion', () => {
  it('stores the id on the first visit without reloading', async () => {
    const h = harness(json('a'));
    expect(await checkVersion(h.deps)).toBe('stored');
    expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('a');
    expect(h.reloads).toEqual([]);
    expect(await checkVersion(h.deps)).toBe('unchanged');
  });

  it('replaces the stored id and reloads when the id changes', async () => {
    localStorage.setItem(VERSION_STORAGE_KEY, 'a');
    const h = harness(json('b'));
    expect(await checkVersion(h.deps)).toBe('reloaded');
    expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('b');
    expect(h.reloads).toHaveLength(1);
  });

  it('does not reload twice within the 1000 ms guard, but still stores the new id', async () => {
    localStorage.setItem(VERSION_STORAGE_KEY, 'a');
    let id = 'b';
    const h = harness(async () => new Response(JSON.stringify({ id })));
    expect(await checkVersion(h.deps)).toBe('reloaded');
    id = 'c';
    h.advance(MANIFEST_RELOAD_GUARD_MS - 1);
    expect(await checkVersion(h.deps)).toBe('guarded');
    expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('c');
    id = 'd';
    h.advance(1);
    expect(await checkVersion(h.deps)).toBe('reloaded');
    expect(h.reloads).toHaveLength(2);
  });

  it('ignores fetch failures, error statuses and malformed manifests', async () => {
    localStorage.setItem(VERSION_STORAGE_KEY, 'a');
    for (const fetchManifest of [
      async () => {
        throw new TypeError('Failed to fetch');
      },
      async () => new Response('nope', { status: 500 }),
      async () => new Response('<html>', { status: 200 }),
      async () => new Response(JSON.stringify({ version: 2 }), { status: 200 }),
    ]) {
      const h = harness(fetchManifest);
      expect(await checkVersion(h.deps)).toBe('failed');
      expect(h.reloads).toEqual([]);
    }
    expect(localStorage.getItem(VERSION_STORAGE_KEY)).toBe('a');
  });
});

describe('chunk load failures', () => {
  it('recognises dynamic import failures of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 10000 ms', () => {
    const h = harness(json('a'));
    expect(reloadAfterChunkError(h.deps)).toBe(true);
    h.advance(CHUNK_RELOAD_GUARD_MS - 1);
    expect(reloadAfterChunkError(h.deps)).toBe(false);
    h.advance(1);
    expect(reloadAfterChunkError(h.deps)).toBe(true);
    expect(h.reloads).toHaveLength(2);
  });

  it('keeps separate guards per key', () => {
    const h = harness(json('a'));
    expect(guardedReload('x', 1000, h.deps)).toBe(true);
    expect(guardedReload('y', 1000, h.deps)).toBe(true);
    expect(guardedReload('x', 1000, h.deps)).toBe(false);
  });
});
